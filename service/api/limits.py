"""Rate limits per client address (Flask-Limiter), shared by workers through Redis when it is set.

One budget per client covers every endpoint; a request spends ``RATE_LIMIT_ADVICE_COST`` units
of it per advice search it asks for, any other request one unit. Advice and a bot at the master
level ask for one search; a review for one per card play of its reviewed seats in the record,
counted from the body before it is checked (forced plays, which are not searched, count too:
which are forced is known only once the record is replayed). Health, readiness, in-process
metrics, the documentation and the problem types (/v1/problems, /problems) are exempt. Without
``REDIS_URL`` (or while Redis is down) the counts live in the worker's memory; the limiter's
Redis client has the cache's short timeouts and no retries. A refused request is a 429 problem
with ``Retry-After``.
"""

from __future__ import annotations

import functools
import logging
import math
import time
from typing import Any

from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter, RateLimitExceeded
from flask_limiter.util import get_remote_address
from redis import Redis
from werkzeug.exceptions import HTTPException

from service.api import limit_storage
from service.api.metrics import METRICS_ENDPOINT, endpoint_label, record_rate_limited
from service.api.problems import RATE_LIMITED, RATE_LIMITED_TITLE, problem_response
from service.cache import client_options
from service.config import Settings
from service.engine.message import Message
from service.engine.moves import MoveKind
from service.search.levels import level_named

# The blueprint whose requests run one search, the bot's (at the master level), and the review's
# (one per card play reviewed).
ADVICE_BLUEPRINT = "advice"
BOT_BLUEPRINT = "bot"
REVIEW_BLUEPRINT = "review"
# The move kinds that play a card (an absent kind is a play), the decisions a review searches.
CARD_PLAYS = frozenset({MoveKind.PLAY.value, MoveKind.PASS.value})
EXEMPT_ENDPOINTS = frozenset({"health.healthz", "health.readyz", METRICS_ENDPOINT})
EXEMPT_BLUEPRINTS = frozenset({"api-docs", "swagger_ui_assets", "problems", "problems_page"})
MEMORY_STORAGE = f"{limit_storage.SCHEME}://"
KEY_PREFIX = "scopa-limits"

log = logging.getLogger(__name__)


def storage(settings: Settings) -> tuple[str, dict[str, Any]]:
    """Where the counts live and the client options: the REDIS_URL Redis, else memory."""
    if settings.redis_url is None:
        return MEMORY_STORAGE, {}
    options = client_options(
        settings.redis_connect_timeout_ms / 1000, settings.redis_read_timeout_ms / 1000
    )
    return settings.redis_url, options


def is_exempt() -> bool:
    """Whether the current request is outside every limit (probes, metrics, documentation,
    the problems page)."""
    endpoint = request.endpoint or ""
    return endpoint in EXEMPT_ENDPOINTS or request.blueprint in EXEMPT_BLUEPRINTS


def searches() -> int:
    """The advice searches the current request asks for: one for advice or a master bot, one
    per card play of the reviewed seats for a review, none for any other request."""
    if request.blueprint == ADVICE_BLUEPRINT:
        return 1
    if request.blueprint not in (BOT_BLUEPRINT, REVIEW_BLUEPRINT) or request.method != "POST":
        return 0
    try:
        body = request.get_json(silent=True)
    except HTTPException:  # a body over the size limit: the view answers 413
        return 0
    if not isinstance(body, dict):  # not a JSON object: the view answers 400 or 422
        return 0
    if request.blueprint == REVIEW_BLUEPRINT:
        return card_plays(body)
    level = body.get("level")
    try:
        return int(isinstance(level, str) and level_named(level).advisor)
    except ValueError:  # an unknown level: the view answers 422
        return 0


def card_plays(body: dict[str, Any]) -> int:
    """The card plays of a review's record made by the seats it reviews (every seat when
    ``seats`` is not a list), read from the body as sent; an entry without the schema's shape
    is not counted (the view answers 422 for it, searching nothing)."""
    record = body.get("record")
    moves = record.get("moves") if isinstance(record, dict) else None
    if not isinstance(moves, list):
        return 0
    seats = body.get("seats")
    reviewed = [s for s in seats if isinstance(s, int)] if isinstance(seats, list) else None
    count = 0
    for move in moves:
        if not isinstance(move, dict):
            continue
        kind = move.get("kind", MoveKind.PLAY.value)
        seat = move.get("seat")
        if isinstance(kind, str) and kind in CARD_PLAYS and (reviewed is None or seat in reviewed):
            count += 1
    return count


def request_cost() -> int:
    """Units of the client's budget the current request spends: RATE_LIMIT_ADVICE_COST per
    search it asks for, else one."""
    asked = searches()
    if asked:
        cost: int = current_app.config["RATE_LIMIT_ADVICE_COST"]
        return cost * asked
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
        Message(
            "too many requests from this client: the limit is {limit}; retry after {wait} s",
            limit=error.description,
            wait=wait_s,
        ),
        type_=RATE_LIMITED,
        title=RATE_LIMITED_TITLE,
        headers=[("Retry-After", str(wait_s))],
    )


def keep_retry_after(response: Response) -> Response:
    """Retry-After only where it means something: the answer's own (a 503's search slot, a
    429's window), never on a successful answer."""
    own = g.get("retry_after")
    if own is not None:
        response.headers["Retry-After"] = own
    elif response.status_code != 429:
        response.headers.pop("Retry-After", None)
    return response


def install_rate_limits(app: Flask, settings: Settings) -> Limiter | None:
    """Apply the configured limit to every non-exempt request; None when limits are off."""
    if not settings.rate_limit_enabled:
        return None
    uri, options = storage(settings)
    # Registered before the limiter's own hook, so it runs after it (Flask runs them last
    # registered first): the limiter writes Retry-After on every answer.
    app.after_request(keep_retry_after)
    limiter = Limiter(
        get_remote_address,
        app=app,
        application_limits=[settings.rate_limit],
        application_limits_exempt_when=is_exempt,
        application_limits_cost=request_cost,
        storage_uri=uri,
        storage_options=options,
        in_memory_fallback_enabled=True,
        swallow_errors=True,
        key_prefix=KEY_PREFIX,
        headers_enabled=True,
    )
    app.register_error_handler(RateLimitExceeded, functools.partial(rate_limited_response, limiter))
    return limiter


def close_storage(app: Flask) -> None:
    """Close the Redis connections of the app's rate limiter, if it has any."""
    for limiter in app.extensions.get("limiter", ()):
        client = getattr(limiter.storage, "storage", None)  # limits' RedisStorage: its client
        if isinstance(client, Redis):
            client.close()
