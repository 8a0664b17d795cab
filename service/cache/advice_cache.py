"""get_or_compute: cached answers with single flight, degrading to uncached when Redis fails.

``advice`` caches Advice values in the cache layer's own form (``advice_form``);
``get_or_compute`` any JSON value.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

import orjson

from service.cache.advice_form import FORM_VERSION, advice_bytes, advice_of_bytes
from service.cache.backend import CacheBackend, CacheBackendError
from service.cache.breaker import BreakerState, CircuitBreaker
from service.cache.keys import CACHE_SCHEMA_VERSION, cache_key
from service.cache.settings import CacheSettings
from service.cache.singleflight import SingleFlight
from service.cache.stats import BreakerChange, CacheOutcome, CacheStats
from service.search import Advice

CacheStatus = Literal["hit", "miss", "bypass"]
T = TypeVar("T")

log = logging.getLogger(__name__)

_CHANGES: dict[BreakerState, BreakerChange] = {
    BreakerState.OPEN: "open",
    BreakerState.HALF_OPEN: "half_open",
    BreakerState.CLOSED: "closed",
}


class _BackendDownError(Exception):
    """A backend call failed: finish this lookup without the backend."""


@dataclass(frozen=True, slots=True)
class _Form:
    """How values are written to the backend and read back."""

    write: Callable[[Any], bytes]
    read: Callable[[bytes], Any]


class AdviceCache:
    """Caches JSON answers by canonical key; values are orjson bytes with a TTL, never pickle."""

    def __init__(
        self,
        backend: CacheBackend,
        settings: CacheSettings,
        *,
        engine_version: str,
        schema_version: int = CACHE_SCHEMA_VERSION,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        stats: CacheStats | None = None,
    ):
        self.backend = backend
        self.settings = settings
        self.engine_version = engine_version
        self.schema_version = schema_version
        self.stats = stats or CacheStats()
        self.breaker = CircuitBreaker(
            settings.breaker_failures,
            settings.breaker_cooldown_s,
            clock=clock,
            on_change=_breaker_listener(self.stats, backend.name, settings.breaker_cooldown_s),
        )
        self._clock = clock
        self._sleep = sleep
        self._flight: SingleFlight[tuple[Any, CacheStatus, CacheOutcome, bool]] = SingleFlight()

    def key_for(self, key_fields: Mapping[str, object]) -> str:
        """The cache key of ``key_fields`` under this cache's engine and schema versions."""
        return cache_key(
            key_fields, engine_version=self.engine_version, schema_version=self.schema_version
        )

    def advice_key_for(self, key_fields: Mapping[str, object]) -> str:
        """The cache key of the advice ``key_fields`` name, in this cache's form of advice."""
        return self.key_for({**key_fields, "form": FORM_VERSION})

    def get_or_compute(
        self,
        key_fields: Mapping[str, object],
        compute: Callable[[], Any],
        ttl_s: int | None = None,
        *,
        keep: Callable[[Any], bool] = lambda value: True,
    ) -> tuple[Any, CacheStatus]:
        """The JSON value for ``key_fields`` and whether it was a hit, a miss or a bypass.

        ``compute`` must return a JSON-serialisable value; the value returned is always the
        decoded JSON, so a hit and a miss give equal results.  Callers that waited on another
        caller's computation of the same key report "hit" (they did not compute).  A computed
        value that ``keep`` refuses (one that is not what the key names, such as a search cut
        short of its budget) goes to its caller only: it is not stored, and callers that waited
        on it compute their own.
        """
        form = _Form(orjson.dumps, orjson.loads)
        return self._get(self.key_for(key_fields), compute, ttl_s, keep, form)

    def advice(
        self,
        key_fields: Mapping[str, object],
        compute: Callable[[], Advice],
        ttl_s: int | None = None,
        *,
        keep: Callable[[Advice], bool] = lambda value: True,
    ) -> tuple[Advice, CacheStatus]:
        """The advice for ``key_fields``, as ``get_or_compute`` gives a JSON value: stored in
        the cache's own form, a hit and a miss give equal values."""
        key = self.advice_key_for(key_fields)
        value, status = self._get(key, compute, ttl_s, keep, _Form(advice_bytes, advice_of_bytes))
        advice: Advice = value
        return advice, status

    def _get(
        self,
        key: str,
        compute: Callable[[], Any],
        ttl_s: int | None,
        keep: Callable[[Any], bool],
        form: _Form,
    ) -> tuple[Any, CacheStatus]:
        ttl = ttl_s if ttl_s is not None else self.settings.ttl_s
        (value, status, outcome, kept), shared = self._flight.do(
            key, lambda: self._fetch(key, compute, ttl, keep, form)
        )
        if shared and not kept:
            value, status, outcome, _ = self._fetch(key, compute, ttl, keep, form)
        elif shared:
            outcome = "coalesced"
            if status == "miss":
                status = "hit"
        self.stats.count_outcome(outcome)
        return value, status

    def ping(self) -> bool:
        """Whether the backend answers now (False without asking while the breaker is open)."""
        if self.breaker.state is BreakerState.OPEN:
            return False
        return self.backend.ping()

    def describe(self) -> dict[str, object]:
        """Backend name, breaker state and counters, for readiness and debugging."""
        return {
            "backend": self.backend.name,
            "breaker": self.breaker.state.value,
            "counters": self.stats.snapshot(),
        }

    def _fetch(
        self,
        key: str,
        compute: Callable[[], Any],
        ttl_s: int,
        keep: Callable[[Any], bool],
        form: _Form,
    ) -> tuple[Any, CacheStatus, CacheOutcome, bool]:
        """The value, its status and outcome, and whether it may be kept (shared, stored)."""
        if not self.breaker.allow():
            computed = compute()
            return form.read(form.write(computed)), "bypass", "bypass", keep(computed)
        owner_token: str | None = None
        try:
            cached = self._call("get", self.backend.get, key)
            if cached is not None:
                return form.read(cached), "hit", "hit", True
            token = secrets.token_hex(16)
            if self._call("lock", self.backend.try_lock, key, token, self.settings.lock_ttl_ms):
                owner_token = token
            else:
                cached = self._wait_for_owner(key)
                if cached is not None:
                    return form.read(cached), "hit", "coalesced", True
        except _BackendDownError:
            computed = compute()
            return form.read(form.write(computed)), "bypass", "error", keep(computed)
        try:
            computed = compute()
            kept = keep(computed)
            encoded = form.write(computed)
            if kept:
                self._store(key, encoded, ttl_s)
        finally:
            if owner_token is not None:
                self._release(key, owner_token)
        return form.read(encoded), "miss", "miss", kept

    def _wait_for_owner(self, key: str) -> bytes | None:
        """Poll for another process's value; None when it gave up (lock gone) or took too long."""
        deadline = self._clock() + self.settings.lock_wait_s
        while self._clock() < deadline:
            self._sleep(self.settings.poll_interval_s)
            value, locked = self._call("peek", self.backend.peek, key)
            if value is not None:
                return value
            if not locked:
                return None
        log.warning("cache lock wait expired, computing without the owner", extra={"key": key})
        return None

    def _store(self, key: str, encoded: bytes, ttl_s: int) -> None:
        with contextlib.suppress(_BackendDownError):
            self._call("set", self.backend.set, key, encoded, ttl_s)

    def _release(self, key: str, token: str) -> None:
        with contextlib.suppress(_BackendDownError):
            self._call("unlock", self.backend.unlock, key, token)

    def _call(self, op: str, fn: Callable[..., T], *args: Any) -> T:
        try:
            result = fn(*args)
        except CacheBackendError as exc:
            self.stats.count_backend_error(op)
            self.breaker.record_failure()
            log.warning("cache backend %s %s failed: %s", self.backend.name, op, exc)
            raise _BackendDownError from exc
        self.breaker.record_success()
        return result

    def close(self) -> None:
        """Close the backend's connections (the next call opens new ones)."""
        self.backend.close()


def _breaker_listener(
    stats: CacheStats, backend_name: str, cooldown_s: float
) -> Callable[[BreakerState], None]:
    """Count and log each change of a cache's breaker; holds no reference to the cache itself,
    so a cache is freed (and its connections closed) as soon as it is no longer used."""

    def changed(state: BreakerState) -> None:
        stats.count_breaker(_CHANGES[state])
        if state is BreakerState.OPEN:
            log.error(
                "cache circuit breaker opened: skipping %s for %.1f s", backend_name, cooldown_s
            )
        elif state is BreakerState.CLOSED:
            log.warning("cache circuit breaker closed: %s answers again", backend_name)

    return changed
