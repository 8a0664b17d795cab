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
    """Thread-safe breaker counting consecutive failures, with an injectable clock.

    ``on_change`` is called with the new state after every change of state (outside the lock);
    ``on_open`` only when it opens.
    """

    def __init__(
        self,
        failure_threshold: int = 3,
        cooldown_s: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        on_open: Callable[[], None] | None = None,
        on_change: Callable[[BreakerState], None] | None = None,
    ):
        if failure_threshold < 1:
            raise ValueError("failure_threshold must be at least 1")
        self._threshold = failure_threshold
        self._cooldown_s = cooldown_s
        self._clock = clock
        self._on_open = on_open
        self._on_change = on_change
        self._lock = threading.Lock()
        self._state = BreakerState.CLOSED
        self._failures = 0
        self._opened_at = 0.0
        self._probing = False

    @property
    def state(self) -> BreakerState:
        """The current state, turning open into half-open once the cool-down has passed."""
        with self._lock:
            changed = self._expire_cooldown()
            state = self._state
        self._announce(changed)
        return state

    def allow(self) -> bool:
        """Whether a caller may use the backend now; in half-open only one probe at a time."""
        with self._lock:
            changed = self._expire_cooldown()
            allowed = self._state is BreakerState.CLOSED
            if self._state is BreakerState.HALF_OPEN and not self._probing:
                self._probing = True
                allowed = True
        self._announce(changed)
        return allowed

    def record_success(self) -> None:
        """A backend call succeeded: close the breaker."""
        with self._lock:
            changed = self._move(BreakerState.CLOSED)
            self._failures = 0
            self._probing = False
        self._announce(changed)

    def record_failure(self) -> None:
        """A backend call failed: open after the threshold, or at once when probing."""
        with self._lock:
            self._failures += 1
            self._probing = False
            should_open = self._state is BreakerState.HALF_OPEN or (
                self._state is BreakerState.CLOSED and self._failures >= self._threshold
            )
            changed = None
            if should_open:
                changed = self._move(BreakerState.OPEN)
                self._opened_at = self._clock()
        self._announce(changed)

    def _move(self, state: BreakerState) -> BreakerState | None:
        """Enter ``state`` (lock held); the new state if it changed, else None."""
        if self._state is state:
            return None
        self._state = state
        return state

    def _expire_cooldown(self) -> BreakerState | None:
        if self._state is BreakerState.OPEN and self._clock() - self._opened_at >= self._cooldown_s:
            self._probing = False
            return self._move(BreakerState.HALF_OPEN)
        return None

    def _announce(self, changed: BreakerState | None) -> None:
        if changed is None:
            return
        if changed is BreakerState.OPEN and self._on_open is not None:
            self._on_open()
        if self._on_change is not None:
            self._on_change(changed)
