"""``scopa-worker`` processes on loopback for the job tests, and what the tests ask of jobs."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scripts.local_gunicorn import HOST, free_port

WORKER = Path(sys.executable).with_name("scopa-worker")


def worker_env(redis_url: str, **extra: str) -> dict[str, str]:
    """A worker's environment: the jobs' Redis, no advice cache (every record is searched
    again, so two runs compare their own searches), a short heartbeat timeout."""
    return {
        "SCOPA_JOBS_REDIS_URL": redis_url,
        "SCOPA_ADVICE_CACHE": "false",
        "SCOPA_WARMUP": "false",
        "SCOPA_JOB_HEARTBEAT_TIMEOUT_MS": "3000",
        "SCOPA_WORKER_METRICS_PORT": str(free_port()),
        **extra,
    }


@dataclass(frozen=True)
class Worker:
    """A running scopa-worker and the file its log lines go to."""

    process: subprocess.Popen[bytes]
    log_path: Path
    metrics_port: int


@contextmanager
def running_workers(
    count: int, env: Mapping[str, str], log_dir: Path, launcher: Sequence[str] = ()
) -> Iterator[list[Worker]]:
    """``count`` scopa-worker processes, stopped (SIGTERM, then SIGKILL) afterwards;
    ``launcher`` goes before the command (``ip netns exec NAME``: another host's network)."""
    workers = []
    try:
        for number in range(count):
            log_path = log_dir / f"worker-{number}-{time.monotonic_ns()}.log"
            metrics_port = free_port()
            metrics = {"SCOPA_WORKER_METRICS_PORT": str(metrics_port)}
            with log_path.open("ab") as log:
                process = subprocess.Popen(
                    [*launcher, str(WORKER)],
                    env={**os.environ, **env, **metrics},
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            workers.append(Worker(process, log_path, metrics_port))
        for worker in workers:
            wait_ready(worker)
        try:
            yield workers
        except BaseException:
            show_logs(workers)
            raise
    finally:
        for worker in workers:
            if worker.process.poll() is None:
                worker.process.send_signal(signal.SIGTERM)
        for worker in workers:
            try:
                worker.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.process.kill()
                worker.process.wait()


def show_logs(workers: Sequence[Worker], lines: int = 60) -> None:
    """Print the end of each worker's log (a failed drill keeps what the workers saw in the
    test's output; their files go with the test's temporary folder)."""
    for worker in workers:
        tail = worker.log_path.read_text(encoding="utf-8", errors="replace").splitlines()
        print(f"\n--- last {lines} lines of {worker.log_path.name} ---", flush=True)
        print("\n".join(tail[-lines:]), flush=True)


def wait_ready(worker: Worker, limit_s: float = 60.0) -> None:
    """Return once the worker says it takes tasks."""
    deadline = time.monotonic() + limit_s
    while "taking record tasks" not in worker.log_path.read_text(errors="replace"):
        if worker.process.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError(f"scopa-worker did not start: {worker.log_path.read_text()}")
        time.sleep(0.02)


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    headers: Mapping[str, str] | None = None,
    host: str = HOST,
) -> tuple[int, bytes]:
    """One request to a local server (or one at ``host``): its status and body."""
    data = None if body is None else json.dumps(body).encode()
    sent = {"Content-Type": "application/json"} if data is not None else {}
    request = urllib.request.Request(
        f"http://{host}:{port}{path}",
        data=data,
        method=method,
        headers={**sent, **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return int(answer.status), answer.read()
    except urllib.error.HTTPError as error:
        with error:
            return int(error.code), error.read()


def job_of(port: int, path: str, headers: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A job as the server gives it."""
    status, body = call(port, "GET", path, headers=headers)
    assert status == 200, body
    found: dict[str, Any] = json.loads(body)
    return found


def wait_for(
    port: int,
    path: str,
    done_at_least: int = 0,
    limit_s: float = 180.0,
    headers: Mapping[str, str] | None = None,
) -> Any:
    """The job once it has ended, or (``done_at_least``) once that many records are done."""
    deadline = time.monotonic() + limit_s
    while True:
        job = job_of(port, path, headers)
        if job["state"] in {"done", "cancelled", "failed"}:
            return job
        if done_at_least and job["done"] >= done_at_least:
            return job
        assert time.monotonic() < deadline, job
        time.sleep(0.05)


def record_lines(port: int, job: Mapping[str, Any]) -> list[bytes]:
    """The job's download less its summary: one line a record, as kept."""
    status, body = call(port, "GET", job["links"]["download"])
    assert status == 200
    return body.splitlines()[:-1]
