"""Prometheus metrics of the app, summed over gunicorn workers in multiprocess mode.

With ``PROMETHEUS_MULTIPROC_DIR`` set before prometheus_client is imported (gunicorn.conf.py
always sees to it) every worker writes its values to files there and the gunicorn master serves
their sum at /metrics on its own port (``service.api.http.monitoring_server``): the app's port,
the one a Kubernetes Service exposes, then has no /metrics. Without the variable (tests,
``flask run``) nothing else could serve this process's registry, so the app answers GET
/metrics itself.
"""

from __future__ import annotations

import functools
import os
import platform
import time
import weakref
from collections.abc import Iterable
from typing import Any

from flask import Flask, Response, g, has_app_context, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
)
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.parser import text_string_to_metric_families

import service
from service.api.http.metrics_dir import MULTIPROC_ENV
from service.api.http.operations import Operation
from service.cache import (
    BREAKER_CHANGES,
    OUTCOMES,
    AdviceCache,
    BreakerChange,
    CacheOutcome,
    CacheStats,
)
from service.search import SearchStats
from service.search.kernel.backend import active_backend

METRICS_ENDPOINT = "metrics"
UNMATCHED = "<unmatched>"

LATENCY_BUCKETS = (0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

BUILD_INFO = Gauge(
    "scopa_build_info",
    "Always 1: the service version, Python version and search kernel backend as labels.",
    ["version", "python", "kernel"],
    multiprocess_mode="max",
)
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
CACHE_LOOKUPS = Counter(
    "scopa_cache_lookups",
    "Advice cache lookups by outcome, one each (hit, coalesced, miss, bypass, error): "
    "the sum is every lookup.",
    ["outcome"],
)
CACHE_BREAKER = Counter(
    "scopa_cache_breaker_transitions",
    "Changes of the advice cache's circuit breaker, by the state entered "
    "(open, half_open, closed).",
    ["state"],
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
WORKER_READY = Gauge(
    "scopa_worker_ready",
    "1 while the worker is warmed up and would admit a search, 0 otherwise; one series per "
    "live worker (the gunicorn master answers its /readyz from these).",
    multiprocess_mode="liveall",
)
RATE_LIMITED = Counter(
    "scopa_rate_limited", "Requests answered 429 by the rate limiter, by endpoint.", ["endpoint"]
)
# Per API key, by the key's name (never the key): requests, search time, quota refusals.
KEY_REQUESTS = Counter("scopa_key_requests", "Requests made with each API key.", ["key"])
KEY_SEARCH_SECONDS = Counter(
    "scopa_key_search_seconds", "Search time spent for each API key.", ["key"]
)
KEY_REFUSED = Counter(
    "scopa_key_refused", "Requests refused 429 for a key's quota, by quota.", ["key", "quota"]
)
# Where the current request's search time is added up (``searches_of_request``).
REQUEST_SEARCHES = "request_searches"

# Every label value from the start, so that rates and ratios exist before the first event.
for _outcome in OUTCOMES:
    CACHE_LOOKUPS.labels(outcome=_outcome)
for _state in BREAKER_CHANGES:
    CACHE_BREAKER.labels(state=_state)

_ATTACHED: weakref.WeakSet[CacheStats] = weakref.WeakSet()


def record_build_info() -> None:
    """Set ``scopa_build_info`` for this process's version, Python and kernel backend."""
    BUILD_INFO.labels(
        version=service.__version__, python=platform.python_version(), kernel=active_backend()
    ).set(1)


class RequestSearches:
    """The milliseconds the current request's searches took, added up as they finish."""

    def __init__(self) -> None:
        self.ms = 0.0


def searches_of_request() -> RequestSearches:
    """The current request's search time (made on first use)."""
    found: RequestSearches | None = g.get(REQUEST_SEARCHES)
    if found is None:
        found = RequestSearches()
        setattr(g, REQUEST_SEARCHES, found)
    return found


def record_search(stats: SearchStats) -> None:
    """Count one finished advice search: its worlds, playouts and time (the request's too)."""
    SEARCHES.inc()
    SEARCH_WORLDS.inc(stats.worlds)
    SEARCH_PLAYOUTS.inc(stats.playouts)
    SEARCH_SECONDS.observe(stats.elapsed_ms / 1000)
    if has_app_context():  # a request's, or a job task's
        searches_of_request().ms += stats.elapsed_ms


def record_key_request(key: str) -> None:
    """Count one request made with an API key (by its name)."""
    _key_requests(key).inc()


@functools.cache
def _key_requests(key: str) -> Any:
    # The child of one key's label, looked up once (every keyed request counts here).
    return KEY_REQUESTS.labels(key=key)


def record_key_search(key: str, seconds: float) -> None:
    """Count an API key's search time."""
    KEY_SEARCH_SECONDS.labels(key=key).inc(seconds)


def record_key_refused(key: str, quota: str) -> None:
    """Count one request refused for a key's quota."""
    KEY_REFUSED.labels(key=key, quota=quota).inc()


def record_busy() -> None:
    """Count one request refused with 503 because every search slot was busy."""
    BUSY_REJECTIONS.inc()


def record_worker_ready(ready: bool) -> None:
    """Publish whether this worker is ready (warmed up and not saturated)."""
    WORKER_READY.set(1 if ready else 0)


def record_rate_limited(endpoint: str) -> None:
    """Count one request refused with 429 by the rate limiter."""
    RATE_LIMITED.labels(endpoint=endpoint).inc()


class CacheMetrics:
    """A cache listener that exports each family of cache counters as its own metric."""

    def outcome(self, outcome: CacheOutcome) -> None:
        """Count one lookup by its outcome."""
        CACHE_LOOKUPS.labels(outcome=outcome).inc()

    def backend_error(self, operation: str) -> None:
        """Count one failed Redis call of the cache."""
        REDIS_ERRORS.labels(component="cache").inc()

    def breaker(self, change: BreakerChange) -> None:
        """Count one change of the breaker's state."""
        CACHE_BREAKER.labels(state=change).inc()


def attach_cache_metrics(cache: AdviceCache) -> None:
    """Export the cache's counters as Prometheus metrics (once per cache)."""
    if cache.stats in _ATTACHED:
        return
    cache.stats.add_listener(CacheMetrics())
    _ATTACHED.add(cache.stats)


def endpoint_label() -> str:
    """The matched URL rule of the current request (never the raw path), or a fixed marker."""
    rule = request.url_rule
    return rule.rule if rule is not None else UNMATCHED


def multiprocess_mode() -> bool:
    """Whether metric values go to files summed by the gunicorn master (not this registry)."""
    return bool(os.environ.get(MULTIPROC_ENV))


def exposition() -> bytes:
    """The metrics text of every worker (multiprocess mode) or of this process."""
    if multiprocess_mode():
        registry = CollectorRegistry()
        MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


def metrics_view() -> Response:
    """GET /metrics of an app running without a gunicorn master: this process's metrics."""
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


def declare_series(operations: Iterable[Operation]) -> None:
    """The request counter of every declared operation's answer, from the start, so that its
    rate exists before its first request."""
    for operation in operations:
        REQUESTS.labels(method=operation.method, endpoint=operation.rule, status="200")


def install_metrics(app: Flask, operations: Iterable[Operation]) -> None:
    """Time every request, export the app's cache counters and build info; /metrics in-process.

    In multiprocess mode (under gunicorn) the app has no /metrics: the master serves it on the
    metrics port.
    """
    if not multiprocess_mode():
        app.add_url_rule("/metrics", METRICS_ENDPOINT, metrics_view, methods=["GET"])
    declare_series(operations)
    app.before_request(_start_timer)
    app.after_request(_observe)
    attach_app_caches(app)
    record_build_info()


def attach_app_caches(app: Flask) -> None:
    """Export the counters of every advice cache stored in ``app.extensions``."""
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
