"""Probes on the monitoring port: the master answers from the readiness each worker publishes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from prometheus_client import multiprocess
from werkzeug.test import Client

from service.api.http.metrics_dir import MULTIPROC_ENV, prepare_directory
from service.api.http.monitoring_server import (
    MASTER_WARMING,
    monitoring_app,
    multiprocess_registry,
    workers,
)

PUBLISH = """
import os
from service.api.http.metrics import record_worker_ready
record_worker_ready({ready})
print(os.getpid())
"""


def publish(directory: Path, ready: bool) -> int:
    """A separate process publishing its readiness into ``directory``, as a worker does; its pid."""
    env = {**os.environ, MULTIPROC_ENV: str(directory)}
    done = subprocess.run(
        [sys.executable, "-c", PUBLISH.format(ready=ready)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout.strip())


def test_the_master_is_ready_while_any_live_worker_is(tmp_path: Path) -> None:
    directory = prepare_directory(str(tmp_path / "prom"), {}).path
    registry = multiprocess_registry(directory)
    client = Client(monitoring_app(registry))

    unready = client.get("/readyz")
    assert unready.status_code == 503
    assert unready.headers["Retry-After"] == "1"
    assert unready.content_type == "application/problem+json"
    assert unready.json["detail"] == "no worker has started yet"

    busy = publish(directory, False)
    unready = client.get("/readyz")
    assert unready.status_code == 503
    assert unready.json["workers"] == {"live": 1, "ready": 0}
    assert "warming up or saturated" in unready.json["detail"]

    free = publish(directory, True)
    ready = client.get("/readyz")
    assert ready.status_code == 200
    assert ready.json == {"status": "ready", "workers": {"live": 2, "ready": 1}}

    multiprocess.mark_process_dead(free, str(directory))  # type: ignore[no-untyped-call]
    assert workers(registry).ready == 0
    assert client.get("/readyz").status_code == 503
    multiprocess.mark_process_dead(busy, str(directory))  # type: ignore[no-untyped-call]
    assert workers(registry).live == 0


def test_the_master_says_it_is_warming_up_before_its_workers_start(tmp_path: Path) -> None:
    directory = prepare_directory(str(tmp_path / "prom"), {}).path
    client = Client(monitoring_app(multiprocess_registry(directory)))
    MASTER_WARMING.set()
    try:
        warming = client.get("/readyz")
        alive = client.get("/healthz")
    finally:
        MASTER_WARMING.clear()
    assert warming.status_code == 503
    assert warming.json["detail"].startswith("warming up")
    assert alive.status_code == 200
    assert client.get("/readyz").json["detail"] == "no worker has started yet"


def test_the_master_is_alive_while_it_answers(tmp_path: Path) -> None:
    directory = prepare_directory(str(tmp_path / "prom"), {}).path
    answer = Client(monitoring_app(multiprocess_registry(directory))).get("/healthz")
    assert answer.status_code == 200
    assert json.loads(answer.get_data()) == {"status": "ok"}


def test_every_answer_of_the_port_carries_the_security_headers(tmp_path: Path) -> None:
    directory = prepare_directory(str(tmp_path / "prom"), {}).path
    client = Client(monitoring_app(multiprocess_registry(directory)))
    for path in ("/healthz", "/readyz", "/metrics", "/elsewhere"):
        answer = client.get(path)
        assert answer.headers["X-Content-Type-Options"] == "nosniff", path
        assert answer.headers["Referrer-Policy"] == "no-referrer", path
