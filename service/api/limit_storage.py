"""The rate limiter's in-memory counts, expired as requests arrive rather than by a timer thread.

limits' ``MemoryStorage`` starts a ``threading.Timer`` whenever a count changes and no timer is
alive, so a busy worker starts a thread every few requests (measured: 173 threads for 800
requests, about a tenth of a /v1/moves request's time). The counts it reads are already
expired on access (``get``); the sweep of other clients' stale counts only bounds memory, so
here it runs inline, at most once per ``SWEEP_INTERVAL_S``.
"""

from __future__ import annotations

import threading
import time

from limits.storage import MemoryStorage

SCHEME = "scopa-memory"
SWEEP_INTERVAL_S = 1.0


class SweptMemoryStorage(MemoryStorage):
    """limits' memory storage (``scopa-memory://``) whose stale counts are swept inline."""

    STORAGE_SCHEME = [SCHEME]  # noqa: RUF012 (limits' registry reads this list)

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options: str):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self._sweep_lock = threading.Lock()
        self._next_sweep = time.monotonic() + SWEEP_INTERVAL_S

    def _MemoryStorage__schedule_expiry(self) -> None:  # noqa: N802 (the base's private name)
        """Sweep expired counts when the interval has passed; never start a thread."""
        now = time.monotonic()
        if now < self._next_sweep or not self._sweep_lock.acquire(blocking=False):
            return
        try:
            self._next_sweep = now + SWEEP_INTERVAL_S
            self._MemoryStorage__expire_events()  # type: ignore[attr-defined]
        finally:
            self._sweep_lock.release()
