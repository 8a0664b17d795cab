"""The monitoring port, served by the gunicorn master: /metrics, /healthz and /readyz.

The workers write their metrics to files in ``PROMETHEUS_MULTIPROC_DIR``; a small threaded HTTP
server in the master sums them (prometheus_client's MultiProcessCollector) for any scrape, so
the answer never depends on which worker a scrape reaches, and the app's port (the one a
Kubernetes Service exposes) has no /metrics at all.

Probes belong here too: on the app's port a probe waits for a free thread of whichever worker
takes it, behind the requests of a loaded worker, and fails for that. The master answers
/healthz while it runs, and /readyz from the readiness each live worker publishes
(``scopa_worker_ready``): ready while any worker is warmed up and would admit a search.

Import this module only after ``PROMETHEUS_MULTIPROC_DIR`` is set (``service.api.metrics_dir``):
prometheus_client decides at import whether values go to files, and workers forked from the
master inherit that decision.
"""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server
from wsgiref.types import StartResponse, WSGIApplication, WSGIEnvironment

from prometheus_client import CollectorRegistry, make_wsgi_app
from prometheus_client.multiprocess import MultiProcessCollector

from service.api.http.contract import SECURITY_HEADERS

METRICS_PATH = "/metrics"
HEALTH_PATH = "/healthz"
READINESS_PATH = "/readyz"
LOOPBACK = "127.0.0.1"
WORKER_READY = "scopa_worker_ready"
RETRY_AFTER_S = 1
JSON = "application/json"
PROBLEM_JSON = "application/problem+json"


def metrics_host(addresses: Iterable[Any]) -> str:
    """The host of the app's first TCP listener (metrics listen there too); loopback for unix."""
    for address in addresses:
        if isinstance(address, tuple):
            return str(address[0])
    return LOOPBACK


def multiprocess_registry(directory: Path) -> CollectorRegistry:
    """A registry that sums the metric files of every worker in ``directory``."""
    registry = CollectorRegistry()
    MultiProcessCollector(registry, path=str(directory))  # type: ignore[no-untyped-call]
    return registry


# Set by the gunicorn master while it warms the search up, before it forks the workers.
MASTER_WARMING = threading.Event()


@dataclass(frozen=True, slots=True)
class Workers:
    """The live workers that published their readiness, and how many of them are ready."""

    live: int
    ready: int


def workers(registry: CollectorRegistry) -> Workers:
    """Count the live workers and the ready ones from their ``scopa_worker_ready`` series."""
    live = ready = 0
    for family in registry.collect():
        if family.name != WORKER_READY:
            continue
        for sample in family.samples:
            live += 1
            ready += sample.value == 1
    return Workers(live, ready)


def json_answer(
    start_response: StartResponse,
    status: str,
    body: dict[str, Any],
    content_type: str = JSON,
    headers: tuple[tuple[str, str], ...] = (),
) -> list[bytes]:
    """Start a JSON answer and return its body."""
    data = json.dumps(body).encode()
    start_response(
        status,
        [("Content-Type", content_type), ("Content-Length", str(len(data))), *headers],
    )
    return [data]


def readiness_answer(found: Workers, start_response: StartResponse) -> list[bytes]:
    """200 while a worker is ready; else a 503 problem saying how many are live."""
    counts = {"live": found.live, "ready": found.ready}
    if found.ready:
        return json_answer(start_response, "200 OK", {"status": "ready", "workers": counts})
    if found.live:
        detail = f"none of the {found.live} live workers is ready: warming up or saturated"
    elif MASTER_WARMING.is_set():
        detail = "warming up: the search's tables are built before the workers start"
    else:
        detail = "no worker has started yet"
    problem = {
        "type": "about:blank",
        "title": "Service Unavailable",
        "status": 503,
        "detail": detail,
        "workers": counts,
    }
    return json_answer(
        start_response,
        "503 Service Unavailable",
        problem,
        PROBLEM_JSON,
        (("Retry-After", str(RETRY_AFTER_S)),),
    )


def monitoring_app(registry: CollectorRegistry) -> WSGIApplication:
    """A WSGI app answering GET /metrics with the registry's text, /healthz while the process
    runs, /readyz from the workers' published readiness, and 404 for any other path."""
    exposition = make_wsgi_app(registry)

    def app(environ: WSGIEnvironment, start: StartResponse) -> Iterable[bytes]:
        def start_response(status: str, headers: list[tuple[str, str]], *info: Any) -> Any:
            return start(status, [*headers, *SECURITY_HEADERS.items()], *info)

        path = environ.get("PATH_INFO")
        if path == HEALTH_PATH:
            return json_answer(start_response, "200 OK", {"status": "ok"})
        if path == READINESS_PATH:
            return readiness_answer(workers(registry), start_response)
        if path != METRICS_PATH:
            start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
            return [b"only /metrics, /healthz and /readyz are served on this port\n"]
        metrics: Iterable[bytes] = exposition(environ, start_response)
        return metrics

    return app


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Server6(_Server):
    address_family = socket.AF_INET6


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Scrapes and probes are not logged."""


@dataclass
class MonitoringServer:
    """A running monitoring server; ``stop`` closes it."""

    server: WSGIServer
    thread: threading.Thread

    @property
    def port(self) -> int:
        """The port it listens on."""
        port: int = self.server.server_address[1]
        return port

    def stop(self) -> None:
        """Stop serving and close the socket."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


def start_monitoring_server(host: str, port: int, registry: CollectorRegistry) -> MonitoringServer:
    """Serve ``monitoring_app(registry)`` at http://host:port from a daemon thread; OSError if
    the port is taken."""
    server_class = _Server6 if ":" in host else _Server
    server = make_server(host, port, monitoring_app(registry), server_class, _QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="monitoring-server", daemon=True)
    thread.start()
    return MonitoringServer(server, thread)
