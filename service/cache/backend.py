"""The storage interface every cache backend implements."""

from __future__ import annotations

from typing import Protocol


class CacheBackendError(Exception):
    """A backend could not answer (connection refused, timeout, protocol error)."""


class CacheBackend(Protocol):
    """Byte storage with TTLs and a short-lived lock per key; errors raise CacheBackendError."""

    name: str

    def get(self, key: str) -> bytes | None:
        """The stored value of ``key``, or None when absent or expired."""
        ...

    def set(self, key: str, value: bytes, ttl_s: int) -> None:
        """Store ``value`` under ``key`` for ``ttl_s`` seconds."""
        ...

    def try_lock(self, key: str, token: str, ttl_ms: int) -> bool:
        """Take the lock of ``key`` for ``ttl_ms`` unless another owner holds it."""
        ...

    def peek(self, key: str) -> tuple[bytes | None, bool]:
        """The value of ``key`` and whether its lock is still held, in one round trip."""
        ...

    def unlock(self, key: str, token: str) -> None:
        """Release the lock of ``key`` if ``token`` still owns it."""
        ...

    def ping(self) -> bool:
        """Whether the backend answers right now."""
        ...

    def close(self) -> None:
        """Release the backend's connections, if it has any."""
        ...
