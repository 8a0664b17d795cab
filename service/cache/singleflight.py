"""In-process single flight: concurrent calls for one key share a single computation."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class _Call(Generic[T]):
    __slots__ = ("done", "error", "result")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: T | None = None
        self.error: BaseException | None = None


class SingleFlight(Generic[T]):
    """The first caller for a key runs the function; callers arriving meanwhile wait for it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._calls: dict[str, _Call[T]] = {}

    def do(self, key: str, fn: Callable[[], T]) -> tuple[T, bool]:
        """The result of ``fn`` and whether it was shared from another caller's run."""
        with self._lock:
            call = self._calls.get(key)
            leader = call is None
            if call is None:
                call = self._calls[key] = _Call()
        if not leader:
            call.done.wait()
            if call.error is not None:
                raise call.error
            return call.result, True  # type: ignore[return-value]
        try:
            call.result = fn()
        except BaseException as exc:
            call.error = exc
            raise
        finally:
            with self._lock:
                del self._calls[key]
            call.done.set()
        return call.result, False
