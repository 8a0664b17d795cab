"""The service image built from the real Dockerfile and run as production runs it: its numeric
non-root user on a read-only root, ready on the compiled kernel, answering the API and the web
page, and stopped by SIGTERM after draining what it serves, within the grace period."""

from __future__ import annotations

import http.client
import json
import secrets
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from service.api.advice.views import example_request
from service.api.examples import finished_record
from tests.container.client import (
    docker,
    eventually,
    fetch,
    host_url,
    logs,
)
from tests.container.conftest import ServiceImage
from tests.container.figures import report

pytestmark = [pytest.mark.integration, pytest.mark.container, pytest.mark.timeout(1200)]

USER = "10001:10001"
GRACE_S = 20
READY_LIMIT_S = 90
# The API's example deal to advise on, and (below) a finished hand's piles to score.
ADVICE = {**example_request(), "budget": {"iterations": 200}}


def pile(cards: str) -> dict[str, Any]:
    """A finished hand's pile of the named cards, without sweeps."""
    return {"cards": cards.split(), "scope": 0}


SCORE = {
    "rules": "scopa",
    "piles": [
        pile("5D 6D 7D 8D 9D 1C 3C 6C 7C 8C 3S 5S 6S 7S 8S 10S 2B 4B 7B 10B"),
        pile("1D 2D 3D 4D 10D 2C 4C 5C 9C 10C 1S 2S 4S 9S 1B 3B 5B 6B 8B 9B"),
    ],
    "match": {"scores": [6, 9]},
}


@dataclass(frozen=True)
class Running:
    """A container of the image, its API and monitoring URLs, and its start to ready."""

    name: str
    api: str
    monitoring: str
    ready_s: float
    ready_body: dict[str, Any] = field(default_factory=dict)


def ready(url: str) -> dict[str, Any] | None:
    """The /readyz body once it answers 200."""
    answer = fetch(f"{url}/readyz", timeout_s=5)
    if answer.status != 200:
        return None
    body: dict[str, Any] = answer.json()
    return body


@pytest.fixture(scope="module")
def container(service_image: ServiceImage) -> Iterator[Running]:
    """The image run as production runs it, timed from `docker run` to its first ready."""
    name = f"scopa-test-{secrets.token_hex(4)}"
    started = time.monotonic()
    docker(
        "run",
        "--detach",
        "--name",
        name,
        "--read-only",
        "--tmpfs",
        "/tmp",
        "--publish",
        "127.0.0.1::8000",
        "--publish",
        "127.0.0.1::9464",
        service_image.tag,
    )
    try:
        api, monitoring = host_url(name, 8000), host_url(name, 9464)
        body = eventually(lambda: ready(api), READY_LIMIT_S, f"{name} ready")
        ready_s = time.monotonic() - started
        report("cold start", f"docker run to /readyz 200 in {ready_s:.2f} s", seconds=ready_s)
        yield Running(name, api, monitoring, ready_s, body)
    finally:
        docker("rm", "--force", "--volumes", name)


def test_the_image_is_built_on_the_base_without_its_compilers(
    service_image: ServiceImage,
) -> None:
    config = json.loads(
        docker("image", "inspect", "--format", "{{json .Config}}", service_image.tag)
    )
    assert config["User"] == USER
    assert config["Entrypoint"] == ["gunicorn", "--config", "/app/gunicorn.conf.py"]
    probe = (
        "import sys, shutil, service.search.kernel._kernel as k; "
        "print(sys.executable, sys.version_info[:2] == (3, 11), k.__file__.endswith('.so'), "
        "shutil.which('gcc'), shutil.which('cc'))"
    )
    found = docker(
        "run", "--rm", "--entrypoint", "python", service_image.tag, "-I", "-c", probe
    ).split()
    # The venv's python, 3.11, the compiled kernel, and no compiler left from the build stage.
    assert found == ["/opt/venv/bin/python", "True", "True", "None", "None"]
    assert service_image.size_mb > 0 and service_image.build_s > 0


def test_it_runs_as_its_numeric_non_root_user_on_a_read_only_root(container: Running) -> None:
    state = json.loads(docker("inspect", "--format", "{{json .HostConfig}}", container.name))
    assert state["ReadonlyRootfs"] is True
    ids = docker("exec", container.name, "sh", "-c", "echo $(id -u):$(id -g)").strip()
    assert ids == USER
    written = docker("exec", container.name, "sh", "-c", "touch /tmp/probe && echo ok").strip()
    assert written == "ok"
    refused = docker(
        "exec", container.name, "sh", "-c", "touch /app/probe 2>&1 || echo refused"
    ).strip()
    assert refused.endswith("refused") and "Read-only file system" in refused


def test_it_is_ready_on_the_compiled_kernel_after_its_warm_up(container: Running) -> None:
    assert container.ready_body == {"degraded": [], "kernel": "compiled", "status": "ready"}
    assert "search warmed up" in logs(container.name)
    monitoring = fetch(f"{container.monitoring}/readyz")
    assert monitoring.status == 200 and monitoring.json()["status"] == "ready"
    metrics = fetch(f"{container.monitoring}/metrics")
    assert metrics.status == 200 and metrics.content_type == "text/plain"
    build_info = [
        line for line in metrics.body.decode().splitlines() if line.startswith("scopa_build_info")
    ]
    assert len(build_info) == 1 and 'kernel="compiled"' in build_info[0]
    health = fetch(f"{container.api}/healthz")
    assert (health.status, health.content_type, health.json()) == (
        200,
        "application/json",
        {"status": "ok"},
    )


def test_it_answers_advice_score_and_the_web_pages(container: Running) -> None:
    advice = fetch(f"{container.api}/v1/advice", ADVICE)
    assert (advice.status, advice.content_type) == (200, "application/json"), advice.body
    advised = advice.json()
    assert advised["chosen"] in [
        {key: move[key] for key in ("card", "capture", "sweep")} for move in advised["moves"]
    ]
    assert advised["stats"]["seed"] == 7 and len(advised["moves"]) == 3
    score = fetch(f"{container.api}/v1/score", SCORE)
    assert (score.status, score.content_type) == (200, "application/json"), score.body
    assert score.json()["totals"] == [2, 0]
    assert score.json()["match"]["scores"] == [8, 9]
    for path, kind in [
        ("/", "text/html"),
        ("/play", "text/html"),
        ("/play/static/play.js", "text/javascript"),
        ("/play/static/play.css", "text/css"),
    ]:
        page = fetch(f"{container.api}{path}")
        assert (page.status, page.content_type) == (200, kind), path
    assert b"<html" in fetch(f"{container.api}/play").body.lower()


def streamed_batch(url: str, reviews: list[dict[str, Any]], first_line: threading.Event) -> Any:
    """POST a review batch and read its NDJSON stream, setting ``first_line`` on its first;
    the status and the lines."""
    host_port = url.removeprefix("http://")
    connection = http.client.HTTPConnection(host_port, timeout=60)
    try:
        body = json.dumps({"reviews": reviews})
        connection.request("POST", "/v1/review/batch", body, {"Content-Type": "application/json"})
        answer = connection.getresponse()
        lines = []
        while line := answer.readline():
            lines.append(json.loads(line))
            first_line.set()
        return answer.status, lines
    finally:
        first_line.set()
        connection.close()


def test_sigterm_drains_a_streaming_batch_and_exits_within_the_grace_period(
    container: Running,
) -> None:
    record = finished_record()
    reviews = [
        {"record": record, "seats": [0], "budget": {"iterations": 8000}, "seed": 1000 + seed}
        for seed in range(6)
    ]
    first_line = threading.Event()
    outcome: list[Any] = []
    reader = threading.Thread(
        target=lambda: outcome.append(streamed_batch(container.api, reviews, first_line))
    )
    reader.start()
    assert first_line.wait(60), "the batch streamed nothing"
    started = time.monotonic()
    docker("stop", "-t", str(GRACE_S), container.name, timeout_s=GRACE_S + 30)
    stop_s = time.monotonic() - started
    reader.join(30)
    state = json.loads(docker("inspect", "--format", "{{json .State}}", container.name))
    status, lines = outcome[0]
    report(
        "stop",
        f"SIGTERM to exit {state['ExitCode']} in {stop_s:.2f} s (grace {GRACE_S} s), "
        f"a streaming batch drained: {len(lines) - 1} of {len(reviews)} records and its summary",
        seconds=stop_s,
        exit_code=state["ExitCode"],
    )
    assert state["ExitCode"] == 0 and not state["OOMKilled"]
    assert stop_s < GRACE_S
    # The request under way when SIGTERM came was answered in full: every line, then the summary.
    assert status == 200
    assert [line["type"] for line in lines] == ["review"] * len(reviews) + ["summary"]
    said = logs(container.name)
    assert "Handling signal: term" in said and "Shutting down: Master" in said
    assert "Worker was sent SIGKILL" not in said and "WORKER TIMEOUT" not in said
