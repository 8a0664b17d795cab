"""The cache's part of the service settings, in the units the cache works in."""

from __future__ import annotations

from dataclasses import dataclass

import service
from service.config import Settings, load_settings


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
    def from_settings(cls, settings: Settings) -> CacheSettings:
        """The cache settings of the service settings (REDIS_URL, SCOPA_CACHE_*, SCOPA_REDIS_*)."""
        return cls(
            redis_url=settings.redis_url,
            ttl_s=settings.cache_ttl,
            connect_timeout_s=settings.redis_connect_timeout_ms / 1000,
            read_timeout_s=settings.redis_read_timeout_ms / 1000,
            max_entries=settings.cache_max_entries,
            breaker_failures=settings.cache_breaker_failures,
            breaker_cooldown_s=settings.cache_breaker_cooldown_ms / 1000,
            lock_ttl_ms=settings.cache_lock_ttl_ms,
            lock_wait_s=settings.cache_lock_wait_ms / 1000,
        )

    @classmethod
    def from_env(cls) -> CacheSettings:
        """The cache settings of the environment (ConfigError when any setting is bad)."""
        return cls.from_settings(load_settings())
