"""Cache configuration read from the environment."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

import service


def engine_version() -> str:
    """The version of the service (engine and search included), part of every cache key."""
    return service.__version__


@dataclass(frozen=True, slots=True)
class CacheSettings:
    """Everything that configures the cache; ``redis_url`` None means in-process LRU."""

    redis_url: str | None = None
    ttl_s: int = 3600
    connect_timeout_s: float = 0.05
    read_timeout_s: float = 0.1
    max_entries: int = 1024
    breaker_failures: int = 3
    breaker_cooldown_s: float = 5.0
    lock_ttl_ms: int = 30_000
    lock_wait_s: float = 10.0
    poll_interval_s: float = 0.01

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> CacheSettings:
        """Settings from REDIS_URL, SCOPA_CACHE_TTL and the SCOPA_CACHE_* / SCOPA_REDIS_* knobs."""
        env = os.environ if environ is None else environ
        return cls(
            redis_url=env.get("REDIS_URL") or None,
            ttl_s=_positive_int(env, "SCOPA_CACHE_TTL", 3600),
            connect_timeout_s=_positive_ms(env, "SCOPA_REDIS_CONNECT_TIMEOUT_MS", 50),
            read_timeout_s=_positive_ms(env, "SCOPA_REDIS_READ_TIMEOUT_MS", 100),
            max_entries=_positive_int(env, "SCOPA_CACHE_MAX_ENTRIES", 1024),
            breaker_failures=_positive_int(env, "SCOPA_CACHE_BREAKER_FAILURES", 3),
            breaker_cooldown_s=_positive_ms(env, "SCOPA_CACHE_BREAKER_COOLDOWN_MS", 5000),
            lock_ttl_ms=_positive_int(env, "SCOPA_CACHE_LOCK_TTL_MS", 30_000),
            lock_wait_s=_positive_ms(env, "SCOPA_CACHE_LOCK_WAIT_MS", 10_000),
        )


def _positive_int(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None
    if value < 1:
        raise ValueError(f"{name} must be positive, got {value}")
    return value


def _positive_ms(env: Mapping[str, str], name: str, default_ms: int) -> float:
    return _positive_int(env, name, default_ms) / 1000
