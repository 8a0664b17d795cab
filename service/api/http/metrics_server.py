"""GET /metrics on its own port, served by the gunicorn master from the workers' metric files.

The workers write their metrics to files in ``PROMETHEUS_MULTIPROC_DIR``; a small threaded HTTP
server in the master sums them (prometheus_client's MultiProcessCollector) for any scrape, so
the answer never depends on which worker a scrape reaches, and the app's port (the one a
Kubernetes Service exposes) has no /metrics at all.

Import this module only after ``PROMETHEUS_MULTIPROC_DIR`` is set (``service.api.metrics_dir``):
prometheus_client decides at import whether values go to files, and workers forked from the
master inherit that decision.
"""

from __future__ import annotations

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

METRICS_PATH = "/metrics"
LOOPBACK = "127.0.0.1"


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


def metrics_app(registry: CollectorRegistry) -> WSGIApplication:
    """A WSGI app answering GET /metrics with the registry's text, 404 for any other path."""
    exposition = make_wsgi_app(registry)

    def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("PATH_INFO") != METRICS_PATH:
            start_response("404 Not Found", [("Content-Type", "text/plain; charset=utf-8")])
            return [b"only /metrics is served on this port\n"]
        answer: Iterable[bytes] = exposition(environ, start_response)
        return answer

    return app


class _Server(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class _Server6(_Server):
    address_family = socket.AF_INET6


class _QuietHandler(WSGIRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Scrapes are not logged."""


@dataclass
class MetricsServer:
    """A running metrics server; ``stop`` closes it."""

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


def start_metrics_server(host: str, port: int, registry: CollectorRegistry) -> MetricsServer:
    """Serve ``registry`` at http://host:port/metrics from a daemon thread; OSError if taken."""
    server_class = _Server6 if ":" in host else _Server
    server = make_server(host, port, metrics_app(registry), server_class, _QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="metrics-server", daemon=True)
    thread.start()
    return MetricsServer(server, thread)
