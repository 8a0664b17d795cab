"""Rate-limit counts in the worker's memory: a storage for the ``limits`` library's fixed
windows (its documented ``Storage`` interface, scheme ``worker-memory://``), whose stale counts
are dropped as requests arrive.

``limits``' own memory storage keeps a timer thread alive to expire counts; a worker serving
requests back to back then starts a thread every few requests, and the thread's wake-ups
compete with the requests for the interpreter (``make bench-api ARGS="--in-process 2000"``
shows the cost, rate limits on against off). Here a count carries its window's end: a read
after it sees zero, and the counts of clients gone quiet are swept at most once every
``SWEEP_INTERVAL_S``, inline, so that memory stays bounded.
"""

from __future__ import annotations

import threading
import time

from limits.storage import Storage

SCHEME = "worker-memory"
SWEEP_INTERVAL_S = 1.0


class WorkerCounts(Storage):
    """Fixed-window counts by key, each with the time its window ends."""

    STORAGE_SCHEME = [SCHEME]  # noqa: RUF012 (the limits registry reads this list)

    def __init__(
        self, uri: str | None = None, wrap_exceptions: bool = False, **options: float | str | bool
    ) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.counts: dict[str, tuple[int, float]] = {}
        self.lock = threading.Lock()
        self.next_sweep = time.time() + SWEEP_INTERVAL_S

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        """What a failing call raises (memory does not fail but for a bad value)."""
        return ValueError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Add ``amount`` to the key's count, its window starting now when it had none."""
        now = time.time()
        with self.lock:
            self.sweep(now)
            count, ends = self.counts.get(key, (0, 0.0))
            if ends <= now:
                count, ends = 0, now + expiry
            count += amount
            self.counts[key] = (count, ends)
            return count

    def get(self, key: str) -> int:
        """The key's count in its current window (0 once the window ended)."""
        count, ends = self.counts.get(key, (0, 0.0))
        return count if ends > time.time() else 0

    def get_expiry(self, key: str) -> float:
        """When the key's window ends (now, when it has none)."""
        now = time.time()
        ends = self.counts.get(key, (0, 0.0))[1]
        return ends if ends > now else now

    def check(self) -> bool:
        """Memory is always there."""
        return True

    def reset(self) -> int | None:
        """Forget every count; how many there were."""
        with self.lock:
            forgotten = len(self.counts)
            self.counts.clear()
        return forgotten

    def clear(self, key: str) -> None:
        """Forget one key's count."""
        with self.lock:
            self.counts.pop(key, None)

    def sweep(self, now: float) -> None:
        """Drop the counts whose windows ended, once the sweep interval has passed."""
        if now < self.next_sweep:
            return
        self.next_sweep = now + SWEEP_INTERVAL_S
        for key in [k for k, (_, ends) in self.counts.items() if ends <= now]:
            del self.counts[key]
