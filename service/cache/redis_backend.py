"""Redis backend: short timeouts, no retries, a TTL on every entry, raw bytes values."""

from __future__ import annotations

from typing import Any

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from service.cache.backend import CacheBackendError
from service.cache.keys import lock_key
from service.redis_address import connect

# Delete the lock only if it still holds our token, so a slow owner never frees another's lock.
_UNLOCK_SCRIPT = """
if redis.call('get', KEYS[1]) == ARGV[1] then
    return redis.call('del', KEYS[1])
end
return 0
"""


def client_options(connect_timeout_s: float, read_timeout_s: float) -> dict[str, Any]:
    """Options of a Redis client that fails fast: bounded connect and read times, no retries.

    The cache's client and the rate limiter's storage both take these.
    """
    return {
        "socket_connect_timeout": connect_timeout_s,
        "socket_timeout": read_timeout_s,
        "retry": Retry(NoBackoff(), 0),
    }


def make_client(url: str, connect_timeout_s: float, read_timeout_s: float) -> redis.Redis:
    """A client of the Redis (or Sentinel) URL that fails fast (``client_options``)."""
    return connect(url, **client_options(connect_timeout_s, read_timeout_s))


class RedisBackend:
    """Cache storage in a Redis server shared by every worker and replica."""

    name = "redis"

    def __init__(self, client: redis.Redis):
        self._client = client

    def get(self, key: str) -> bytes | None:
        """The stored bytes of ``key`` or None."""
        try:
            value = self._client.get(key)
        except (redis.RedisError, OSError) as exc:
            raise CacheBackendError(f"GET failed: {exc}") from exc
        return _as_bytes(value)

    def set(self, key: str, value: bytes, ttl_s: int) -> None:
        """SET key value EX ttl."""
        try:
            self._client.set(key, value, ex=ttl_s)
        except (redis.RedisError, OSError) as exc:
            raise CacheBackendError(f"SET failed: {exc}") from exc

    def try_lock(self, key: str, token: str, ttl_ms: int) -> bool:
        """SET key:lock token NX PX ttl; True when this caller now owns the lock."""
        try:
            return bool(self._client.set(lock_key(key), token, nx=True, px=ttl_ms))
        except (redis.RedisError, OSError) as exc:
            raise CacheBackendError(f"lock failed: {exc}") from exc

    def peek(self, key: str) -> tuple[bytes | None, bool]:
        """MGET of the value and its lock."""
        try:
            value, lock = self._client.mget([key, lock_key(key)])
        except (redis.RedisError, OSError) as exc:
            raise CacheBackendError(f"MGET failed: {exc}") from exc
        return _as_bytes(value), lock is not None

    def unlock(self, key: str, token: str) -> None:
        """Compare-and-delete of the lock."""
        try:
            self._client.eval(_UNLOCK_SCRIPT, 1, lock_key(key), token)
        except (redis.RedisError, OSError) as exc:
            raise CacheBackendError(f"unlock failed: {exc}") from exc

    def ping(self) -> bool:
        """PING, False on any error."""
        try:
            return bool(self._client.ping())
        except (redis.RedisError, OSError):
            return False

    def close(self) -> None:
        """Disconnect every pooled connection (the next call connects again)."""
        self._client.close()


def _as_bytes(value: object) -> bytes | None:
    if value is None or isinstance(value, bytes):
        return value
    raise CacheBackendError(f"unexpected reply type {type(value).__name__}")
