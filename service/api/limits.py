"""Rate limits per client address (Flask-Limiter), shared by workers through Redis when it is set.

One budget per client covers every endpoint; a request to an endpoint that searches (advice,
review) spends ``RATE_LIMIT_ADVICE_COST`` units of it, any other request one. Health,
readiness, metrics and the documentation are exempt. Without ``REDIS_URL`` (or while Redis is
down) the counts live in the worker's memory. A refused request is a 429 problem with
``Retry-After``.
"""

from __future__ import annotations

import functools
import logging
import math
import os
import time
from typing import Any

from flask import Flask, Response, current_app, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address

from service.api.metrics import METRICS_ENDPOINT, endpoint_label, record_rate_limited
from service.api.problems import problem_response

RATE_LIMITED = "urn:scopa:problem:rate-limited"
# The blueprints whose requests run searches.
SEARCH_BLUEPRINTS = frozenset({"advice", "review"})
EXEMPT_ENDPOINTS = frozenset({"health.healthz", "health.readyz", METRICS_ENDPOINT})
EXEMPT_BLUEPRINTS = frozenset({"api-docs", "swagger_ui_assets"})
MEMORY_STORAGE = "memory://"
KEY_PREFIX = "scopa-limits"
# Short socket timeouts, as for the cache: a slow Redis must not slow every request down.
REDIS_OPTIONS: dict[str, Any] = {"socket_connect_timeout": 0.05, "socket_timeout": 0.1}

log = logging.getLogger(__name__)


def storage_uri(app: Flask) -> str:
    """Where the counts live: the ``REDIS_URL`` Redis (app setting, else environment) or memory."""
    url = app.config.get("REDIS_URL") or os.environ.get("REDIS_URL", "")
    return str(url).strip() or MEMORY_STORAGE


def is_exempt() -> bool:
    """Whether the current request is outside every limit (probes, metrics, documentation)."""
    endpoint = request.endpoint or ""
    return endpoint in EXEMPT_ENDPOINTS or request.blueprint in EXEMPT_BLUEPRINTS


def request_cost() -> int:
    """Units of the client's budget the current request spends: more for a search."""
    if request.blueprint in SEARCH_BLUEPRINTS:
        cost: int = current_app.config["RATE_LIMIT_ADVICE_COST"]
        return cost
    return 1


def rate_limited_response(limiter: Limiter, error: RateLimitExceeded) -> Response:
    """The 429 problem for a client over its limit, with Retry-After in whole seconds."""
    endpoint = endpoint_label()
    record_rate_limited(endpoint)
    current = limiter.current_limit
    wait_s = 1 if current is None else max(1, math.ceil(current.reset_at - time.time()))
    log.info("rate limit %s exceeded", error.description, extra={"endpoint": endpoint})
    return problem_response(
        429,
        f"too many requests from this client: the limit is {error.description}; "
        f"retry after {wait_s} s",
        type_=RATE_LIMITED,
        headers=[("Retry-After", str(wait_s))],
    )


def install_rate_limits(app: Flask) -> Limiter | None:
    """Apply the configured limit to every non-exempt request; None when limits are off."""
    if not app.config["RATE_LIMIT_ENABLED"]:
        return None
    uri = storage_uri(app)
    limiter = Limiter(
        get_remote_address,
        app=app,
        application_limits=[app.config["RATE_LIMIT"]],
        application_limits_exempt_when=is_exempt,
        application_limits_cost=request_cost,
        storage_uri=uri,
        storage_options=REDIS_OPTIONS if uri != MEMORY_STORAGE else {},
        in_memory_fallback_enabled=True,
        swallow_errors=True,
        key_prefix=KEY_PREFIX,
        headers_enabled=False,
    )
    app.register_error_handler(RateLimitExceeded, functools.partial(rate_limited_response, limiter))
    return limiter
