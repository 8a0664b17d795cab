"""Start the app under real gunicorn on a free loopback port, for the smoke test and benchmark."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TARGET = "service.api.app:create_app()"
HOST = "127.0.0.1"
METRICS_PORT_ENV = "SCOPA_METRICS_PORT"


def gunicorn_path() -> str | None:
    """The gunicorn of the virtual environment running this script, else one on PATH."""
    beside = Path(sys.executable).parent / "gunicorn"
    if beside.exists():
        return str(beside)
    return shutil.which("gunicorn")


def free_port() -> int:
    """A loopback TCP port that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


def wait_until_healthy(
    port: int, process: subprocess.Popen[bytes], limit_s: float, host: str = HOST
) -> None:
    """Poll /healthz until it answers 200; raise if gunicorn exits or the limit passes."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"gunicorn exited with {process.returncode} before serving")
        connection = http.client.HTTPConnection(host, port, timeout=2)
        try:
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                return
        except OSError:
            pass  # not listening yet
        finally:
            connection.close()
        time.sleep(0.1)
    raise RuntimeError(f"gunicorn did not answer /healthz within {limit_s} s")


def call(
    port: int, method: str, path: str, body: Any = None, timeout: float = 10
) -> tuple[int, dict[str, str], Any]:
    """Status, headers (lower-case names) and decoded JSON body (or text) of one request."""
    connection = http.client.HTTPConnection(HOST, port, timeout=timeout)
    payload = None if body is None else json.dumps(body)
    headers = {} if body is None else {"Content-Type": "application/json"}
    try:
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        raw = response.read()
    finally:
        connection.close()
    found = {k.lower(): v for k, v in response.getheaders()}
    if "json" in found.get("content-type", ""):
        return response.status, found, json.loads(raw)
    return response.status, found, raw.decode()


def wait_until_workers_ready(
    metrics_port: int, workers: int | None = None, limit_s: float = 60
) -> dict[str, int]:
    """Poll the master's /readyz on the monitoring port until every live worker is ready (and
    ``workers`` of them live, when given); the counts it answered. RuntimeError past the limit."""
    deadline = time.monotonic() + limit_s
    counts: dict[str, int] = {}
    while time.monotonic() < deadline:
        try:
            _, _, answer = call(metrics_port, "GET", "/readyz", timeout=2)
            counts = answer["workers"]
        except (OSError, http.client.HTTPException, KeyError, TypeError, ValueError):
            pass  # not listening yet
        else:
            live = counts["live"]
            if live > 0 and counts["ready"] == live and workers in (None, live):
                return counts
        time.sleep(0.2)
    raise RuntimeError(f"the workers were not ready within {limit_s:g} s: {counts}")


@contextmanager
def running_gunicorn(
    workers: int | None = 1,
    threads: int | None = 1,
    *,
    env: Mapping[str, str] | None = None,
    limit_s: float = 30,
    log_path: Path | None = None,
    root: Path = ROOT,
    host: str = HOST,
    launcher: Sequence[str] = (),
) -> Iterator[int]:
    """Run gunicorn with the project's gunicorn.conf.py on a free port; yield the port.

    ``None`` workers or threads leave gunicorn.conf.py's defaults (WEB_CONCURRENCY,
    GUNICORN_THREADS). /metrics is on a free port too unless ``env`` names one in
    SCOPA_METRICS_PORT. Without ``log_path`` the request log is quiet (stderr is read only on
    failure); with it, stdout and stderr go to that file at the configured levels. ``root``
    serves another checkout of the project (a worktree of an older commit, for a benchmark
    against it) with this one's virtual environment. ``host`` is the address gunicorn binds
    and is asked on; ``launcher`` goes before the command (``ip netns exec NAME``: another
    host's network).
    """
    executable = gunicorn_path()
    if executable is None:
        raise FileNotFoundError("gunicorn is not installed")
    port = free_port()
    command = [*launcher, executable, "--bind", f"{host}:{port}"]
    if workers is not None:
        command += ["--workers", str(workers)]
    if threads is not None:
        command += ["--threads", str(threads)]
    command.append(TARGET)
    # A pipe read only on failure: quiet request logs so a long run never fills it.
    quiet = {} if log_path is not None else {"SCOPA_LOG_LEVEL": "WARNING"}
    # Workers warm their search up only where a caller asks (SCOPA_WARMUP): it takes seconds.
    # (An older checkout served for comparison may not know the setting, and refuses it.)
    cold = {"SCOPA_WARMUP": "false"} if root == ROOT else {}
    environment = {
        **os.environ,
        METRICS_PORT_ENV: str(free_port()),
        **quiet,
        **cold,
        **(env or {}),
    }
    if root != ROOT:
        environment["PYTHONPATH"] = str(root)
    output = log_path.open("ab") if log_path is not None else None
    process = subprocess.Popen(
        command,
        cwd=root,
        env=environment,
        stdout=output or subprocess.DEVNULL,
        stderr=output or subprocess.PIPE,
    )
    try:
        try:
            wait_until_healthy(port, process, limit_s, host)
        except RuntimeError as error:
            process.kill()
            _, stderr = process.communicate(timeout=10)
            shown = log_path.read_bytes() if log_path is not None else stderr
            raise RuntimeError(f"{error}\n{shown.decode(errors='replace')[-4000:]}") from None
        yield port
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stderr is not None:
            process.stderr.close()
        if output is not None:
            output.close()
