"""gunicorn settings, from the service's one settings object (service.config; deploy/README.md).

gthread workers: each worker runs one search at a time, in turn, and refuses with 503 the
searching requests it could not start in time (service.api.http.admission).
The master serves /metrics, /healthz and /readyz on SCOPA_METRICS_PORT (same host as the app)
from the workers' metric files, so probes never queue behind requests; every line gunicorn and
the app write is JSON.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from service.api.http.metrics_dir import MetricsDirectory
from service.api.http.metrics_dir import prepare_directory as _prepare_directory
from service.api.http.server_logging import capture_process_output as _capture_process_output
from service.api.http.server_logging import fatal as _fatal
from service.config import ConfigError
from service.config import load_settings as _load_settings

# Nothing here may import prometheus_client: the workers' metric files need
# PROMETHEUS_MULTIPROC_DIR set first (on_starting), and they inherit the master's imports.

try:
    _settings = _load_settings()
except ConfigError as _error:
    _fatal(_error.problems)


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


bind = _settings.bind or f"0.0.0.0:{_settings.port}"
workers = _settings.web_concurrency or _usable_cpus()
worker_class = "gthread"
threads = _settings.gunicorn_threads
preload_app = False  # each worker builds its own app, so no Redis connection crosses a fork

# Off by default: a recycled worker's metric files stay behind, and the soak test showed flat
# worker memory without recycling (deploy/README.md).
max_requests = _settings.gunicorn_max_requests
max_requests_jitter = _settings.gunicorn_max_requests_jitter
timeout = _settings.gunicorn_timeout
# Kubernetes and Docker wait 30 s by default before SIGKILL; finish in-flight requests first.
graceful_timeout = _settings.gunicorn_graceful_timeout
keepalive = _settings.gunicorn_keepalive

worker_tmp_dir = _writable_dir()
control_socket_disable = _settings.gunicorn_control_socket.lower() == "off"
control_socket = (
    _settings.gunicorn_control_socket
    if _settings.gunicorn_control_socket and not control_socket_disable
    else os.path.join(worker_tmp_dir, f"gunicorn-{os.getpid()}.ctl")
)

# JSON lines: gunicorn's error log on stderr; its access log (stdout) only on request, since
# the app already logs every request once, with the client address behind trusted proxies.
logger_class = "service.api.http.server_logging.JsonLogger"
loglevel = _settings.gunicorn_log_level
errorlog = "-"
accesslog = "-" if _settings.gunicorn_access_log else None

_state: dict[str, Any] = {}


def on_starting(server: Any) -> None:
    """JSON for every line of the process; the workers' metrics directory named before a fork."""
    _capture_process_output()
    _state["directory"] = _prepare_directory(
        _settings.prometheus_multiproc_dir, os.environ, parent=worker_tmp_dir
    )


def when_ready(server: Any) -> None:
    """Serve the workers' summed metrics and the probes on SCOPA_METRICS_PORT from the master,
    then warm the search up once, before the first worker is forked."""
    _serve_monitoring(server)
    if _settings.warmup:
        _warm_up_before_fork(server)


def _serve_monitoring(server: Any) -> None:
    from service.api.http import monitoring_server  # imports prometheus_client: after on_starting

    directory: MetricsDirectory = _state["directory"]
    host = monitoring_server.metrics_host(listener.cfg_addr for listener in server.LISTENERS)
    registry = monitoring_server.multiprocess_registry(directory.path)
    try:
        _state["metrics"] = monitoring_server.start_monitoring_server(
            host, _settings.metrics_port, registry
        )
    except OSError as problem:
        server.log.error(
            "metrics and probes not served: cannot listen on %s:%s: %s",
            host,
            _settings.metrics_port,
            problem,
        )
        return
    server.log.info("metrics, /healthz and /readyz at http://%s:%s", host, _settings.metrics_port)


def _warm_up_before_fork(server: Any) -> None:
    # Built once here, the search's tables reach every worker by fork (copy-on-write): each
    # worker's own warm-up then finds them built, and a replaced worker starts ready.
    from service.api.http.monitoring_server import MASTER_WARMING
    from service.search.warmup import tables_built, warm_up

    MASTER_WARMING.set()
    try:
        seconds = warm_up()
    except Exception:  # the workers' own warm-ups build what is missing
        server.log.exception("the search warm-up before the workers start failed")
        return
    finally:
        MASTER_WARMING.clear()
    server.log.info(
        "search warmed up before the workers start in %.2f s (%d match-model tables built)",
        seconds,
        tables_built(),
    )


def child_exit(server: Any, worker: Any) -> None:
    """Drop a dead worker's live gauges from the Prometheus multiprocess directory."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)  # type: ignore[no-untyped-call]


def on_exit(server: Any) -> None:
    """Stop the metrics server and remove a temporary metrics directory."""
    if "metrics" in _state:
        _state.pop("metrics").stop()
    if "directory" in _state:
        _state.pop("directory").remove_if_temporary()
