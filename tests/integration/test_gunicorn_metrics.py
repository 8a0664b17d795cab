"""Real gunicorn, two workers: the master's /metrics port sums every worker; body limits hold."""

from __future__ import annotations

import http.client
import json
import os
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families

import service
from scripts.local_gunicorn import HOST, free_port, gunicorn_path, running_gunicorn
from service.api.advice.views import example_request
from service.api.http.metrics import metric_value
from service.search.kernel.backend import active_backend

pytestmark = pytest.mark.integration

if gunicorn_path() is None and os.environ.get("CI", "").lower() != "true":
    pytest.skip("gunicorn is not installed (never skipped in CI)", allow_module_level=True)

HINT = json.dumps({"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]})
REQUESTS = 40
JSON = {"Content-Type": "application/json"}
ADVICE_OK = {"method": "POST", "endpoint": "/v1/advice", "status": "200"}
SEARCH = json.dumps({**example_request(), "budget": {"ms": 1500}, "seed": 31337})
BODY_LIMIT = 4096
MOVES_OK = {"method": "POST", "endpoint": "/v1/moves", "status": "200"}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, int, Path]]:
    """The app port and metrics port of a two-worker gunicorn, and its metrics directory."""
    directory = tmp_path_factory.mktemp("prometheus")
    metrics_port = free_port()
    env = {
        "PROMETHEUS_MULTIPROC_DIR": str(directory),
        "SCOPA_METRICS_PORT": str(metrics_port),
        "SCOPA_MAX_CONTENT_LENGTH": str(BODY_LIMIT),
        # Sync workers: one busy with a search accepts nothing, so the other one must serve.
        "GUNICORN_CMD_ARGS": "--worker-class sync",
    }
    with running_gunicorn(workers=2, threads=1, env=env) as port:
        yield port, metrics_port, directory


def request(
    port: int,
    method: str,
    path: str,
    body: str | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


def post_hint(port: int) -> int:
    return request(port, "POST", "/v1/moves", HINT, JSON)[0]


def scrape(metrics_port: int) -> str:
    status, headers, body = request(metrics_port, "GET", "/metrics")
    assert status == 200
    assert headers["content-type"].startswith("text/plain")
    return body.decode()


def test_metrics_sum_the_requests_of_every_worker(served: tuple[int, int, Path]) -> None:
    port, metrics_port, directory = served
    before_text = scrape(metrics_port)
    before = metric_value(before_text, "scopa_http_requests_total", MOVES_OK)
    advice_before = metric_value(before_text, "scopa_http_requests_total", ADVICE_OK)
    with ThreadPoolExecutor(max_workers=1) as pool:
        search = pool.submit(lambda: request(port, "POST", "/v1/advice", SEARCH, JSON)[0])
        time.sleep(0.3)  # one worker is now inside the search
        statuses = [post_hint(port) for _ in range(REQUESTS)]
        assert search.result() == 200
    assert statuses == [200] * REQUESTS
    writers = {path.stem.rsplit("_", 1)[-1] for path in directory.glob("counter_*.db")}
    assert len(writers) == 2, f"expected both workers to have served, got pids {writers}"
    # The master sums both workers' files for every scrape.
    for _ in range(3):
        text = scrape(metrics_port)
        families = {family.name for family in text_string_to_metric_families(text)}
        assert "scopa_http_request_duration_seconds" in families
        assert metric_value(text, "scopa_http_requests_total", MOVES_OK) - before == REQUESTS
        assert metric_value(text, "scopa_http_requests_total", ADVICE_OK) - advice_before == 1
        latency_count = metric_value(text, "scopa_http_request_duration_seconds_count", MOVES_OK)
        assert latency_count >= REQUESTS
        # One series for both workers (the gauge's maximum), not one per process.
        build = [line for line in text.splitlines() if line.startswith("scopa_build_info{")]
        assert len(build) == 1
        labels = {"version": service.__version__, "kernel": active_backend()}
        assert metric_value(text, "scopa_build_info", labels) == 1


def test_the_app_port_has_no_metrics_and_the_metrics_port_no_api(
    served: tuple[int, int, Path],
) -> None:
    port, metrics_port, _ = served
    status, headers, _ = request(port, "GET", "/metrics")
    assert (status, headers["content-type"]) == (404, "application/problem+json")
    # The master answers the probes there, and nothing of the API.
    assert request(metrics_port, "GET", "/healthz")[0] == 200
    assert request(metrics_port, "GET", "/v1/presets")[0] == 404


def test_request_id_is_echoed_under_gunicorn(served: tuple[int, int, Path]) -> None:
    port, _, _ = served
    _, headers, _ = request(port, "GET", "/healthz", headers={"X-Request-ID": "gunicorn-1"})
    assert headers["x-request-id"] == "gunicorn-1"
    _, generated, _ = request(port, "GET", "/healthz")
    assert len(generated["x-request-id"]) == 32


def test_body_limit_holds_for_chunked_bodies(served: tuple[int, int, Path]) -> None:
    """A body without Content-Length (chunked) is cut off at the limit too."""
    port, _, _ = served
    big = json.dumps({"rules": "scopa", "hand": ["7d"], "table": ["3s"], "pad": "x" * BODY_LIMIT})
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    try:
        connection.request(
            "POST",
            "/v1/moves",
            body=iter([big.encode()[i : i + 1000] for i in range(0, len(big), 1000)]),
            headers={"Content-Type": "application/json"},
            encode_chunked=True,
        )
        response = connection.getresponse()
        body = json.loads(response.read())
    finally:
        connection.close()
    assert (response.status, body["status"]) == (413, 413)


def test_without_a_metrics_dir_the_workers_still_write_files_the_master_sums() -> None:
    """No PROMETHEUS_MULTIPROC_DIR: the master makes one before forking, and scrapes sum it."""
    metrics_port = free_port()
    env = {"PROMETHEUS_MULTIPROC_DIR": "", "SCOPA_METRICS_PORT": str(metrics_port)}
    with running_gunicorn(workers=2, threads=2, env=env) as port:
        before = metric_value(scrape(metrics_port), "scopa_http_requests_total", MOVES_OK)
        assert [post_hint(port) for _ in range(10)] == [200] * 10
        after = metric_value(scrape(metrics_port), "scopa_http_requests_total", MOVES_OK)
    assert after - before == 10
