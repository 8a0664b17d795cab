"""A circuit breaker: after repeated failures skip the backend for a cool-down, then probe."""

from __future__ import annotations

import enum
import threading
import time
from collections.abc import Callable


class BreakerState(enum.Enum):
    """Closed lets calls through, open skips them, half-open lets one probe through."""

    CLOSED = "closed"
    OPEN = "open"
    HALF_OPEN = "half_open"


class CircuitBreaker:
    """Thread-safe breaker counting consecutive failures, with an injectable clock."""

    def __init__(
        self,
        failure_threshold: int = 3,
        cooldown_s: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        on_open: Callable[[], None] | None = None,
    ):
        if failure_threshold < 1:
            raise ValueError("failure_threshold must be at least 1")
        self._threshold = failure_threshold
        self._cooldown_s = cooldown_s
        self._clock = clock
        self._on_open = on_open
        self._lock = threading.Lock()
        self._state = BreakerState.CLOSED
        self._failures = 0
        self._opened_at = 0.0
        self._probing = False

    @property
    def state(self) -> BreakerState:
        """The current state, turning open into half-open once the cool-down has passed."""
        with self._lock:
            self._expire_cooldown()
            return self._state

    def allow(self) -> bool:
        """Whether a caller may use the backend now; in half-open only one probe at a time."""
        with self._lock:
            self._expire_cooldown()
            if self._state is BreakerState.CLOSED:
                return True
            if self._state is BreakerState.HALF_OPEN and not self._probing:
                self._probing = True
                return True
            return False

    def record_success(self) -> None:
        """A backend call succeeded: close the breaker."""
        with self._lock:
            self._state = BreakerState.CLOSED
            self._failures = 0
            self._probing = False

    def record_failure(self) -> None:
        """A backend call failed: open after the threshold, or at once when probing."""
        with self._lock:
            self._failures += 1
            self._probing = False
            should_open = self._state is BreakerState.HALF_OPEN or (
                self._state is BreakerState.CLOSED and self._failures >= self._threshold
            )
            if should_open:
                self._state = BreakerState.OPEN
                self._opened_at = self._clock()
        if should_open and self._on_open is not None:
            self._on_open()

    def _expire_cooldown(self) -> None:
        if self._state is BreakerState.OPEN and self._clock() - self._opened_at >= self._cooldown_s:
            self._state = BreakerState.HALF_OPEN
            self._probing = False
