"""Rate limits per client address (fixed windows in a ``limits`` storage), shared by workers
through Redis when it is set.

One budget per client covers every endpoint; how a request counts is its endpoint's
declaration (``http.operations``): exempt (health, readiness, metrics, the documentation,
the problem types, a request no route matches), one unit, one unit a part (a ledger's hands, a
job's records), or ``RATE_LIMIT_ADVICE_COST`` units per advice search its loaded request asks
for (``http.pricing``: advice and a bot at the master level one search; a review one per card
play of its reviewed seats, counted before the record is replayed: which plays are forced is
known only then). A request priced by its body first spends one unit, before its body is
loaded, so that a client over its limit costs no loading; then the rest of its price. Without
``REDIS_URL`` the counts live in the worker's memory; while Redis fails they do too, and Redis
is tried again after 1, 2, 4 ... up to 32 s (``worker_counts``). The limiter's Redis client has
the cache's short timeouts and no retries.
A refused request is a 429 problem with ``Retry-After``; every limited answer carries
``X-RateLimit-Limit``, ``-Remaining`` and ``-Reset`` (the window of the shortest limit, or of
the one exceeded).
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, parse_many
from limits.errors import StorageError
from limits.storage import RedisStorage, Storage, storage_from_string

from service.api.http.metrics import endpoint_label, record_rate_limited
from service.api.http.operations import Cost, Endpoint, Operation, declared
from service.api.http.pricing import known_price, price_of
from service.api.http.problems import (
    RATE_LIMITED,
    RATE_LIMITED_TITLE,
    problem_response,
)
from service.api.http.worker_counts import SCHEME, WorkerCounts
from service.cache import client_options
from service.config import Settings
from service.engine.message import Message
from service.redis_address import is_sentinel, sentinel_address

MEMORY_STORAGE = f"{SCHEME}://"
KEY_PREFIX = "scopa-limits"
LIMITER_EXTENSION = "rate_limiter"
# Where the API keys' guard is kept (``http.api_keys``), whose quotas count here too.
KEYS_EXTENSION = "api_keys"
LOCAL_ADDRESS = "127.0.0.1"
MIN_BACKOFF_S = 1.0
MAX_BACKOFF_S = 32.0

log = logging.getLogger(__name__)
T = TypeVar("T")


def storage(settings: Settings) -> tuple[str, dict[str, Any]]:
    """Where the counts live and the client options: the REDIS_URL Redis, else memory."""
    if settings.redis_url is None:
        return MEMORY_STORAGE, {}
    options = client_options(
        settings.redis_connect_timeout_ms / 1000, settings.redis_read_timeout_ms / 1000
    )
    if not is_sentinel(settings.redis_url):
        return settings.redis_url, options
    # Counts are read where they are written: a replica lags, and would let a client past.
    address = sentinel_address(settings.redis_url)
    sentinel_kwargs = address.sentinel_options(options)
    return address.storage_uri(), {
        **options,
        **address.server_credentials(),
        "use_replicas": False,
        "sentinel_kwargs": sentinel_kwargs,
    }


def request_cost(endpoint: Endpoint) -> int:
    """Units of the client's budget the current request spends: none when exempt,
    RATE_LIMIT_ADVICE_COST per search its loaded request asks for, one a part for an operation
    that costs by parts (at least one), else one."""
    if endpoint.cost is Cost.EXEMPT:
        return 0
    if not isinstance(endpoint, Operation):
        return 1
    price = price_of(endpoint)
    if endpoint.cost is Cost.BY_PARTS:
        return price.units
    if price.searches:
        cost: int = current_app.config["RATE_LIMIT_ADVICE_COST"]
        return cost * price.searches
    return 1


def priced_later(endpoint: Endpoint) -> bool:
    """Whether the request's price still needs its body loaded (nothing has asked yet)."""
    return (
        isinstance(endpoint, Operation)
        and endpoint.cost in (Cost.BY_SEARCHES, Cost.BY_PARTS)
        and known_price() is None
    )


@dataclass(frozen=True)
class WindowState:
    """One limit's window for the current client after this request's hit."""

    limit: RateLimitItem
    remaining: int
    reset_at: float
    exceeded: bool


class Fallback:
    """A shared storage and the memory counted in while it fails. After a failure the shared
    storage is tried again only once a back-off has passed, doubled at each failure in a row
    (``MIN_BACKOFF_S`` to ``MAX_BACKOFF_S``), so that while Redis is unreachable no more than one
    request a back-off waits on it."""

    def __init__(
        self,
        storage: Storage,
        fallback: Storage | None = None,
        clock: Callable[[], float] = time.monotonic,
        what: str = "rate limit",
    ):
        self.storage = storage
        self.memory = storage if fallback is None else fallback
        self.clock = clock
        self.what = what
        self.retry_at = 0.0
        self.backoff_s = MIN_BACKOFF_S

    def counted(self, spend: Callable[[Storage], T]) -> T:
        """``spend`` on the shared storage unless it failed within its back-off, else (and
        when it fails now) on the memory."""
        if self.storage is not self.memory and self.clock() >= self.retry_at:
            try:
                found = spend(self.storage)
            except StorageError as error:
                log.warning("%s storage unreachable (%s); counting in memory", self.what, error)
                self.retry_at = self.clock() + self.backoff_s
                self.backoff_s = min(self.backoff_s * 2, MAX_BACKOFF_S)
            else:
                self.backoff_s = MIN_BACKOFF_S
                return found
        return spend(self.memory)


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
        self.counts = Fallback(storage, fallback, clock)

    def windows(self, key: str, cost: int) -> list[WindowState]:
        """Spend ``cost`` units of each limit for ``key``, stopping at the first exceeded: in
        the primary storage unless it failed within its back-off, else in memory."""
        return self.counts.counted(lambda storage: spend(storage, self.limits, key, cost))

    def before_request(self) -> Response | None:
        """Count the request against its client's budget; the 429 problem when it is spent."""
        endpoint = declared(current_app, request.endpoint)
        if endpoint is None or endpoint.cost is Cost.EXEMPT:
            return None
        client = request.remote_addr or LOCAL_ADDRESS
        if priced_later(endpoint):
            states = self.windows(client, 1)
            rest = 0 if states[-1].exceeded else request_cost(endpoint) - 1
            if rest > 0:
                states = self.windows(client, rest)
        else:
            states = self.windows(client, request_cost(endpoint))
        g.rate_limit_window = states[-1] if states[-1].exceeded else states[0]
        if states[-1].exceeded:
            return rate_limited_response(states[-1])
        return None


def spend(storage: Storage, limits: list[RateLimitItem], key: str, cost: int) -> list[WindowState]:
    """Spend ``cost`` of each fixed-window limit in order until one is exceeded, with each
    spent limit's window after it.

    A fixed window through the storage's public API: one increment (which opens the window
    with its expiry) and one read of that expiry per limit, where the strategy's ``hit`` and
    ``get_window_stats`` would make three calls, three Redis round trips.
    """
    states = []
    for limit in limits:
        window = limit.key_for(KEY_PREFIX, key)
        count = storage.incr(window, limit.get_expiry(), amount=cost)
        allowed = count <= limit.amount
        reset_at = storage.get_expiry(window)
        states.append(WindowState(limit, max(0, limit.amount - count), reset_at, not allowed))
        if not allowed:
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
        headers = response.headers
        headers["X-RateLimit-Limit"] = str(window.limit.amount)
        headers["X-RateLimit-Remaining"] = str(window.remaining)
        headers["X-RateLimit-Reset"] = str(int(window.reset_at))
    return response


def counts_storages(settings: Settings) -> tuple[Storage, Storage]:
    """Where fixed-window counts live (Redis with REDIS_URL, else this worker's memory) and
    the memory they fall back to while Redis fails (the same storage without Redis)."""
    uri, options = storage(settings)
    counts = storage_from_string(uri, wrap_exceptions=True, **options)
    assert isinstance(counts, Storage)  # a synchronous scheme
    return counts, counts if isinstance(counts, WorkerCounts) else WorkerCounts()


def install_rate_limits(app: Flask, settings: Settings) -> RateLimiter | None:
    """Apply the configured limit to every non-exempt request; None when limits are off."""
    if not settings.rate_limit_enabled:
        return None
    counts, fallback = counts_storages(settings)
    limiter = RateLimiter(parse_many(settings.rate_limit), counts, fallback)
    app.before_request(limiter.before_request)
    app.after_request(add_rate_limit_headers)
    app.extensions[LIMITER_EXTENSION] = limiter
    return limiter


def close_storage(app: Flask) -> None:
    """Close the Redis connections of the app's rate limiter and key quotas, if any."""
    for name in (LIMITER_EXTENSION, KEYS_EXTENSION):
        counter = app.extensions.get(name)
        if counter is not None and isinstance(counter.counts.storage, RedisStorage):
            counter.counts.storage.storage.close()
