"""Fixtures for the cache unit tests: a manual clock and a backend that can be made to fail."""

from __future__ import annotations

import pytest

from service.cache import CacheBackendError, MemoryBackend


class FakeClock:
    """A monotonic clock that only moves when told to; sleeping advances it."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def sleep(self, seconds: float) -> None:
        self.advance(seconds)


class FlakyBackend(MemoryBackend):
    """A memory backend that raises CacheBackendError on every call while ``down`` is set."""

    name = "flaky"

    def __init__(self) -> None:
        super().__init__(max_entries=64)
        self.down = False
        self.calls = 0

    def _touch(self) -> None:
        self.calls += 1
        if self.down:
            raise CacheBackendError("connection refused")

    def get(self, key: str) -> bytes | None:
        self._touch()
        return super().get(key)

    def set(self, key: str, value: bytes, ttl_s: int) -> None:
        self._touch()
        super().set(key, value, ttl_s)

    def try_lock(self, key: str, token: str, ttl_ms: int) -> bool:
        self._touch()
        return True


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def flaky() -> FlakyBackend:
    return FlakyBackend()
