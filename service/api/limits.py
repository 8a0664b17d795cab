"""Rate limits per client address (fixed windows of the ``limits`` library), shared by workers
through Redis when it is set.

One budget per client covers every endpoint; a request spends ``RATE_LIMIT_ADVICE_COST`` units
of it per advice search it asks for, any other request one unit. Advice and a bot at the master
level ask for one search; a review for one per card play of its reviewed seats in the record,
counted from the body before it is checked (forced plays, which are not searched, count too:
which are forced is known only once the record is replayed). Health, readiness, in-process
metrics, the documentation and the problem types (/v1/problems, /problems) are exempt, as is a
request no route matches. Without ``REDIS_URL`` the counts live in the worker's memory; while
Redis fails they do too, and Redis is tried again after 1, 2, 4 ... up to 32 s. The limiter's
Redis client has the cache's short timeouts and no retries. A refused request is a 429 problem
with ``Retry-After``; every limited answer carries ``X-RateLimit-Limit``, ``-Remaining`` and
``-Reset`` (the window of the shortest limit, or of the one exceeded).

Flask-Limiter did this before; its general machinery (per-route, blueprint and meta limits,
resolved on every request, and three storage reads for the headers) cost a limited request
about a third of a /v1/moves answer. Here one request is, per limit, one increment (which
gives the count) and one read of the window's end.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import MemoryStorage, RedisStorage, Storage, storage_from_string
from werkzeug.exceptions import HTTPException

from service.api import limit_storage
from service.api.limit_storage import SweptMemoryStorage
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
SEARCHING_BLUEPRINTS = frozenset({ADVICE_BLUEPRINT, BOT_BLUEPRINT, REVIEW_BLUEPRINT})
MEMORY_STORAGE = f"{limit_storage.SCHEME}://"
KEY_PREFIX = "scopa-limits"
LIMITER_EXTENSION = "rate_limiter"
LOCAL_ADDRESS = "127.0.0.1"
MIN_BACKOFF_S = 1.0
MAX_BACKOFF_S = 32.0

log = logging.getLogger(__name__)


def storage(settings: Settings) -> tuple[str, dict[str, Any]]:
    """Where the counts live and the client options: the REDIS_URL Redis, else memory."""
    if settings.redis_url is None:
        return MEMORY_STORAGE, {}
    options = client_options(
        settings.redis_connect_timeout_ms / 1000, settings.redis_read_timeout_ms / 1000
    )
    return settings.redis_url, options


class Counting(Enum):
    """How a request counts against its client's budget."""

    EXEMPT = "exempt"
    ONE_UNIT = "one unit"
    BY_SEARCHES = "by searches"


def endpoint_counting(endpoint: str | None) -> Counting:
    """How an endpoint's requests count: not at all (probes, metrics, documentation, the
    problems page, a request no route matches), one unit, or by the searches they ask for."""
    if endpoint is None:
        return Counting.EXEMPT
    blueprint = endpoint.rpartition(".")[0]
    if endpoint in EXEMPT_ENDPOINTS or blueprint in EXEMPT_BLUEPRINTS:
        return Counting.EXEMPT
    if blueprint in SEARCHING_BLUEPRINTS:
        return Counting.BY_SEARCHES
    return Counting.ONE_UNIT


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


@dataclass(frozen=True)
class WindowState:
    """One limit's window for the current client after this request's hit."""

    limit: RateLimitItem
    remaining: int
    reset_at: float
    exceeded: bool


class RateLimiter:
    """The configured limits over fixed windows, counted in Redis or in this worker's memory."""

    def __init__(
        self,
        limits: list[RateLimitItem],
        storage: Storage,
        fallback: Storage | None = None,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.limits = sorted(limits)  # shortest window first, as the headers report it
        self.storage = storage
        self.memory = storage if fallback is None else fallback
        self.clock = clock
        self._retry_at = 0.0
        self._backoff_s = MIN_BACKOFF_S

    def windows(self, key: str, cost: int) -> list[WindowState]:
        """Spend ``cost`` units of each limit for ``key``, stopping at the first exceeded: in
        the primary storage unless it failed within its back-off, else in memory."""
        if self.storage is not self.memory and self.clock() >= self._retry_at:
            try:
                states = spend(self.storage, self.limits, key, cost)
            except StorageError as error:
                log.warning("rate limit storage unreachable (%s); counting in memory", error)
                self._retry_at = self.clock() + self._backoff_s
                self._backoff_s = min(self._backoff_s * 2, MAX_BACKOFF_S)
            else:
                self._backoff_s = MIN_BACKOFF_S
                return states
        return spend(self.memory, self.limits, key, cost)

    def before_request(self) -> Response | None:
        """Count the request against its client's budget; the 429 problem when it is spent."""
        current = request._get_current_object()  # type: ignore[attr-defined]  # one look-up
        counting = endpoint_counting(current.endpoint)
        if counting is Counting.EXEMPT:
            return None
        cost = request_cost() if counting is Counting.BY_SEARCHES else 1
        states = self.windows(current.remote_addr or LOCAL_ADDRESS, cost)
        g.rate_limit_window = states[-1] if states[-1].exceeded else states[0]
        if states[-1].exceeded:
            return rate_limited_response(states[-1])
        return None


def spend(counts: Storage, limits: list[RateLimitItem], key: str, cost: int) -> list[WindowState]:
    """Spend ``cost`` of each fixed-window limit in order until one is exceeded; each spent
    limit's window after it (the count the increment returned, so one read fewer than
    ``FixedWindowRateLimiter.hit`` with ``get_window_stats``)."""
    states = []
    for limit in limits:
        window = limit.key_for(KEY_PREFIX, key)
        count = counts.incr(window, limit.get_expiry(), amount=cost)
        exceeded = count > limit.amount
        states.append(
            WindowState(limit, max(0, limit.amount - count), counts.get_expiry(window), exceeded)
        )
        if exceeded:
            break
    return states


def rate_limited_response(window: WindowState) -> Response:
    """The 429 problem for a client over its limit, with Retry-After in whole seconds."""
    endpoint = endpoint_label()
    record_rate_limited(endpoint)
    wait_s = max(1, math.ceil(window.reset_at - time.time()))
    log.info("rate limit %s exceeded", window.limit, extra={"endpoint": endpoint})
    return problem_response(
        429,
        Message(
            "too many requests from this client: the limit is {limit}; retry after {wait} s",
            limit=str(window.limit),
            wait=wait_s,
        ),
        type_=RATE_LIMITED,
        title=RATE_LIMITED_TITLE,
        headers=[("Retry-After", str(wait_s))],
    )


def add_rate_limit_headers(response: Response) -> Response:
    """The client's budget in the answer of every counted request."""
    window: WindowState | None = g.get("rate_limit_window")
    if window is not None:
        # Added, not set: nothing else writes these headers, so there is none to replace.
        headers = response.headers
        headers.add("X-RateLimit-Limit", str(window.limit.amount))
        headers.add("X-RateLimit-Remaining", str(window.remaining))
        headers.add("X-RateLimit-Reset", str(int(window.reset_at)))
    return response


def install_rate_limits(app: Flask, settings: Settings) -> RateLimiter | None:
    """Apply the configured limit to every non-exempt request; None when limits are off."""
    if not settings.rate_limit_enabled:
        return None
    uri, options = storage(settings)
    counts = storage_from_string(uri, wrap_exceptions=True, **options)
    assert isinstance(counts, Storage)  # a synchronous scheme
    fallback = None if isinstance(counts, MemoryStorage) else SweptMemoryStorage()
    limiter = RateLimiter(parse_many(settings.rate_limit), counts, fallback)
    app.before_request(limiter.before_request)
    app.after_request(add_rate_limit_headers)
    app.extensions[LIMITER_EXTENSION] = limiter
    return limiter


def close_storage(app: Flask) -> None:
    """Close the Redis connections of the app's rate limiter, if it has any."""
    limiter = app.extensions.get(LIMITER_EXTENSION)
    if limiter is not None and isinstance(limiter.storage, RedisStorage):
        limiter.storage.storage.close()
