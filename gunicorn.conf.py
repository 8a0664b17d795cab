"""gunicorn settings, all read from the environment (see deploy/README.md for the variables).

gthread workers: each worker runs one search at a time (the app refuses more with 503) while its
other threads keep answering /healthz and /readyz, so a long search never fails a probe.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from prometheus_client import multiprocess


def _int_env(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    value = int(raw)
    if value < 0:
        raise ValueError(f"{name} must not be negative, got {value}")
    return value


def _usable_cpus() -> int:
    # The CPUs this process may run on (cgroup cpusets, taskset), not every CPU of the host.
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def _writable_dir() -> str:
    # Heartbeat files on tmpfs avoid workers blocking on a disk-backed /tmp (gunicorn FAQ).
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        return str(shm)
    return tempfile.gettempdir()


bind = os.environ.get("BIND") or f"0.0.0.0:{_int_env('PORT', 8000)}"
workers = _int_env("WEB_CONCURRENCY", 0) or _usable_cpus()
worker_class = "gthread"
threads = _int_env("GUNICORN_THREADS", 4) or 1
preload_app = False  # each worker builds its own app, so no Redis connection crosses a fork

max_requests = _int_env("GUNICORN_MAX_REQUESTS", 1000)
max_requests_jitter = _int_env("GUNICORN_MAX_REQUESTS_JITTER", 100)
timeout = _int_env("GUNICORN_TIMEOUT", 60)
# Kubernetes and Docker wait 30 s by default before SIGKILL; finish in-flight requests first.
graceful_timeout = _int_env("GUNICORN_GRACEFUL_TIMEOUT", 20)
keepalive = _int_env("GUNICORN_KEEPALIVE", 5)

worker_tmp_dir = _writable_dir()
_control = os.environ.get("GUNICORN_CONTROL_SOCKET", "").strip()
control_socket_disable = _control.lower() == "off"
control_socket = (
    _control
    if _control and not control_socket_disable
    else os.path.join(worker_tmp_dir, f"gunicorn-{os.getpid()}.ctl")
)

loglevel = os.environ.get("LOG_LEVEL", "info").lower()
errorlog = "-"
accesslog = None if os.environ.get("GUNICORN_ACCESS_LOG", "on").lower() == "off" else "-"
access_log_format = json.dumps(
    {
        "type": "access",
        "remote": "%(h)s",
        "method": "%(m)s",
        "path": "%(U)s",
        "query": "%(q)s",
        "status": "%(s)s",
        "bytes": "%(B)s",
        "duration_ms": "%(M)s",
        "request_id": "%({x-request-id}o)s",
        "user_agent": "%(a)s",
    },
    separators=(",", ":"),
)


def on_starting(server: Any) -> None:
    """Empty the Prometheus multiprocess directory so a restart never reads dead workers' files."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if not directory:
        return
    path = Path(directory)
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink()


def child_exit(server: Any, worker: Any) -> None:
    """Drop a dead worker's live gauges from the Prometheus multiprocess directory."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]
