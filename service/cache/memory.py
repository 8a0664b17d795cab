"""In-process LRU cache with TTLs, used when no Redis is configured."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable


class MemoryBackend:
    """A thread-safe, size-bounded LRU map whose entries expire after their TTL."""

    name = "memory"

    def __init__(self, max_entries: int = 1024, clock: Callable[[], float] = time.monotonic):
        if max_entries < 1:
            raise ValueError("max_entries must be at least 1")
        self._max_entries = max_entries
        self._clock = clock
        self._entries: OrderedDict[str, tuple[float, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._entries)

    def get(self, key: str) -> bytes | None:
        """The value of ``key`` if present and unexpired; marks it most recently used."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                return None
            expires_at, value = entry
            if self._clock() >= expires_at:
                del self._entries[key]
                return None
            self._entries.move_to_end(key)
            return value

    def set(self, key: str, value: bytes, ttl_s: int) -> None:
        """Store ``value`` for ``ttl_s`` seconds, evicting the least recently used entries."""
        with self._lock:
            self._entries[key] = (self._clock() + ttl_s, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self._max_entries:
                self._entries.popitem(last=False)

    def try_lock(self, key: str, token: str, ttl_ms: int) -> bool:
        """Always granted: one process needs no lock beyond the in-process single flight."""
        return True

    def peek(self, key: str) -> tuple[bytes | None, bool]:
        """The value of ``key``; no cross-process lock exists here."""
        return self.get(key), False

    def unlock(self, key: str, token: str) -> None:
        """Nothing to release."""

    def ping(self) -> bool:
        """Always available."""
        return True

    def close(self) -> None:
        """No connections to release."""
