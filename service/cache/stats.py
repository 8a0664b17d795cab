"""Cache counters as plain ints, with listeners so metrics can hook in."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Literal

CacheEvent = Literal["hit", "miss", "bypass", "coalesced", "backend_error", "breaker_open"]


class CacheStats:
    """Thread-safe event counters; each listener is called with the event name."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: dict[str, int] = {}
        self._listeners: list[Callable[[CacheEvent], None]] = []

    def add_listener(self, listener: Callable[[CacheEvent], None]) -> None:
        """Call ``listener(event)`` for every counted event from now on."""
        self._listeners.append(listener)

    def count(self, event: CacheEvent) -> None:
        """Count one ``event`` and tell the listeners."""
        with self._lock:
            self._counts[event] = self._counts.get(event, 0) + 1
        for listener in self._listeners:
            listener(event)

    def __getitem__(self, event: CacheEvent) -> int:
        with self._lock:
            return self._counts.get(event, 0)

    def snapshot(self) -> dict[str, int]:
        """A copy of every counter."""
        with self._lock:
            return dict(self._counts)
