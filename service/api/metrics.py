"""Prometheus metrics at GET /metrics, summed over gunicorn workers in multiprocess mode.

With ``PROMETHEUS_MULTIPROC_DIR`` set (before prometheus_client is imported, as gunicorn.conf.py
and the container do) every worker writes its values to files there and /metrics reads them
all; otherwise the process's own default registry is served.
"""

from __future__ import annotations

import os
import time
import weakref
from typing import Any

from flask import Flask, Response, g, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.parser import text_string_to_metric_families

from service.cache import AdviceCache, CacheEvent, CacheStats
from service.search import SearchStats

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
METRICS_ENDPOINT = "metrics"
UNMATCHED = "<unmatched>"

LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUESTS = Counter(
    "scopa_http_requests",
    "HTTP requests answered, by method, endpoint (URL rule) and status.",
    ["method", "endpoint", "status"],
)
LATENCY = Histogram(
    "scopa_http_request_duration_seconds",
    "Time to answer an HTTP request, by method, endpoint (URL rule) and status.",
    ["method", "endpoint", "status"],
    buckets=LATENCY_BUCKETS,
)
CACHE_EVENTS = Counter(
    "scopa_cache_events",
    "Advice cache events: hit, miss, bypass, coalesced, backend_error, breaker_open.",
    ["event"],
)
REDIS_ERRORS = Counter(
    "scopa_redis_errors", "Failed Redis calls, by the component that made them.", ["component"]
)
SEARCHES = Counter("scopa_searches", "Advice searches run.")
SEARCH_WORLDS = Counter("scopa_search_worlds", "Worlds sampled by advice searches.")
SEARCH_PLAYOUTS = Counter("scopa_search_playouts", "Playouts run by advice searches.")
SEARCH_SECONDS = Histogram(
    "scopa_search_duration_seconds", "Time spent in one advice search.", buckets=LATENCY_BUCKETS
)
BUSY_REJECTIONS = Counter(
    "scopa_busy_rejections", "Requests answered 503 because every search slot was busy."
)
_ATTACHED: weakref.WeakSet[CacheStats] = weakref.WeakSet()

RATE_LIMITED = Counter(
    "scopa_rate_limited", "Requests answered 429 by the rate limiter, by endpoint.", ["endpoint"]
)


def record_search(stats: SearchStats) -> None:
    """Count one finished advice search: its worlds, playouts and time."""
    SEARCHES.inc()
    SEARCH_WORLDS.inc(stats.worlds)
    SEARCH_PLAYOUTS.inc(stats.playouts)
    SEARCH_SECONDS.observe(stats.elapsed_ms / 1000)


def record_busy() -> None:
    """Count one request refused with 503 because every search slot was busy."""
    BUSY_REJECTIONS.inc()


def record_rate_limited(endpoint: str) -> None:
    """Count one request refused with 429 by the rate limiter."""
    RATE_LIMITED.labels(endpoint=endpoint).inc()


def count_cache_event(event: CacheEvent) -> None:
    """Count one advice cache event; a backend error is also a Redis error."""
    CACHE_EVENTS.labels(event=event).inc()
    if event == "backend_error":
        REDIS_ERRORS.labels(component="cache").inc()


def attach_cache_metrics(cache: AdviceCache) -> None:
    """Count the cache's events in the Prometheus metrics (once per cache)."""
    if cache.stats in _ATTACHED:
        return
    cache.stats.add_listener(count_cache_event)
    _ATTACHED.add(cache.stats)


def endpoint_label() -> str:
    """The matched URL rule of the current request (never the raw path), or a fixed marker."""
    rule = request.url_rule
    return rule.rule if rule is not None else UNMATCHED


def exposition() -> bytes:
    """The metrics text of every worker (multiprocess mode) or of this process."""
    if os.environ.get(MULTIPROC_ENV):
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def metrics_view() -> Response:
    """GET /metrics: Prometheus text exposition."""
    return Response(exposition(), content_type=CONTENT_TYPE_LATEST)


def _start_timer() -> None:
    g.metrics_started = time.perf_counter()


def _observe(response: Response) -> Response:
    started: float | None = g.get("metrics_started")
    labels = {
        "method": request.method,
        "endpoint": endpoint_label(),
        "status": str(response.status_code),
    }
    REQUESTS.labels(**labels).inc()
    if started is not None:
        LATENCY.labels(**labels).observe(time.perf_counter() - started)
    return response


def install_metrics(app: Flask) -> None:
    """Serve /metrics, time every request, and count the events of any advice cache the app has."""
    app.add_url_rule("/metrics", METRICS_ENDPOINT, metrics_view, methods=["GET"])
    app.before_request(_start_timer)
    app.after_request(_observe)
    attach_app_caches(app)


def attach_app_caches(app: Flask) -> None:
    """Count the events of every advice cache stored in ``app.extensions``."""
    for extension in list(app.extensions.values()):
        if isinstance(extension, AdviceCache):
            attach_cache_metrics(extension)


def metric_value(text: str, name: str, labels: dict[str, Any] | None = None) -> float:
    """The sum of the samples named ``name`` whose labels include ``labels``, in metrics text."""
    wanted = {k: str(v) for k, v in (labels or {}).items()}
    total = 0.0
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == name and wanted.items() <= sample.labels.items():
                total += sample.value
    return total
