"""Cache counters in three families whose sums each mean something, with listeners for metrics.

- outcomes: exactly one per lookup, so they add up to the lookups made;
- backend errors: one per failed backend call (a lookup may make several calls);
- breaker changes: one per change of the circuit breaker's state.
"""

from __future__ import annotations

import threading
from collections import Counter
from typing import Literal, Protocol, get_args

CacheOutcome = Literal["hit", "coalesced", "miss", "bypass", "error"]
"""How a lookup was answered: ``hit`` from the cache; ``coalesced`` from a concurrent identical
lookup's computation (in this process or another); ``miss`` computed and stored; ``bypass``
computed without the cache because the breaker was open; ``error`` computed without the cache
because a backend call of this lookup failed."""

BreakerChange = Literal["open", "half_open", "closed"]
"""The state the circuit breaker has just entered (the values of ``BreakerState``)."""

OUTCOMES: tuple[CacheOutcome, ...] = get_args(CacheOutcome)
BREAKER_CHANGES: tuple[BreakerChange, ...] = get_args(BreakerChange)


class CacheListener(Protocol):
    """Told of every counted event, e.g. to export it as metrics."""

    def outcome(self, outcome: CacheOutcome) -> None:
        """One lookup finished with ``outcome``."""

    def backend_error(self, operation: str) -> None:
        """One backend call (``get``, ``set``, ``lock``, ``peek``, ``unlock``) failed."""

    def breaker(self, change: BreakerChange) -> None:
        """The circuit breaker entered the state ``change``."""


class CacheStats:
    """Thread-safe counters of the three families; listeners hear every event as it is counted."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._outcomes: Counter[str] = Counter()
        self._backend_errors: Counter[str] = Counter()
        self._breaker: Counter[str] = Counter()
        self._listeners: list[CacheListener] = []

    def add_listener(self, listener: CacheListener) -> None:
        """Tell ``listener`` of every event counted from now on."""
        self._listeners.append(listener)

    def count_outcome(self, outcome: CacheOutcome) -> None:
        """Count the outcome of one lookup."""
        with self._lock:
            self._outcomes[outcome] += 1
        for listener in self._listeners:
            listener.outcome(outcome)

    def count_backend_error(self, operation: str) -> None:
        """Count one failed backend call."""
        with self._lock:
            self._backend_errors[operation] += 1
        for listener in self._listeners:
            listener.backend_error(operation)

    def count_breaker(self, change: BreakerChange) -> None:
        """Count one change of the breaker's state."""
        with self._lock:
            self._breaker[change] += 1
        for listener in self._listeners:
            listener.breaker(change)

    def outcomes(self) -> dict[str, int]:
        """Lookups by outcome (only outcomes seen)."""
        with self._lock:
            return dict(self._outcomes)

    def backend_errors(self) -> int:
        """Failed backend calls, all operations together."""
        with self._lock:
            return sum(self._backend_errors.values())

    def breaker_changes(self) -> dict[str, int]:
        """Changes of the breaker's state by the state entered (only states entered)."""
        with self._lock:
            return dict(self._breaker)

    def snapshot(self) -> dict[str, object]:
        """A copy of every counter, by family."""
        with self._lock:
            return {
                "outcomes": dict(self._outcomes),
                "backend_errors": dict(self._backend_errors),
                "breaker": dict(self._breaker),
            }
