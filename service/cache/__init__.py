"""Cache of advice responses: Redis when REDIS_URL is set, else an in-process LRU."""

from __future__ import annotations

from service.cache.advice_cache import AdviceCache, CacheStatus
from service.cache.backend import CacheBackend, CacheBackendError
from service.cache.breaker import BreakerState, CircuitBreaker
from service.cache.keys import CACHE_SCHEMA_VERSION, cache_key, canonical_json, key_prefix
from service.cache.memory import MemoryBackend
from service.cache.redis_backend import RedisBackend, client_options, make_client
from service.cache.settings import CacheSettings, engine_version
from service.cache.stats import (
    BREAKER_CHANGES,
    OUTCOMES,
    BreakerChange,
    CacheListener,
    CacheOutcome,
    CacheStats,
)

__all__ = [
    "BREAKER_CHANGES",
    "CACHE_SCHEMA_VERSION",
    "OUTCOMES",
    "AdviceCache",
    "BreakerChange",
    "BreakerState",
    "CacheBackend",
    "CacheBackendError",
    "CacheListener",
    "CacheOutcome",
    "CacheSettings",
    "CacheStats",
    "CacheStatus",
    "CircuitBreaker",
    "MemoryBackend",
    "RedisBackend",
    "build_cache",
    "cache_key",
    "canonical_json",
    "client_options",
    "engine_version",
    "key_prefix",
    "make_client",
]


def build_cache(
    settings: CacheSettings | None = None, *, version: str | None = None
) -> AdviceCache:
    """The cache the settings ask for (from the environment by default); connects lazily."""
    settings = settings or CacheSettings.from_env()
    backend: CacheBackend
    if settings.redis_url:
        client = make_client(
            settings.redis_url, settings.connect_timeout_s, settings.read_timeout_s
        )
        backend = RedisBackend(client)
    else:
        backend = MemoryBackend(settings.max_entries)
    return AdviceCache(backend, settings, engine_version=version or engine_version())
