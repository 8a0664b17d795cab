"""The in-process LRU backend: TTL expiry, size bound, recency, thread safety."""

from __future__ import annotations

import threading

import pytest

from service.cache import MemoryBackend
from tests.cache.conftest import FakeClock


def test_value_lives_until_its_ttl(clock: FakeClock) -> None:
    cache = MemoryBackend(max_entries=4, clock=clock)
    cache.set("k", b"v", ttl_s=10)
    clock.advance(9.9)
    assert cache.get("k") == b"v"
    clock.advance(0.1)
    assert cache.get("k") is None
    assert len(cache) == 0


def test_least_recently_used_entry_is_evicted(clock: FakeClock) -> None:
    cache = MemoryBackend(max_entries=2, clock=clock)
    cache.set("a", b"1", 60)
    cache.set("b", b"2", 60)
    assert cache.get("a") == b"1"  # "a" is now the most recent
    cache.set("c", b"3", 60)
    assert cache.get("b") is None
    assert cache.get("a") == b"1"
    assert cache.get("c") == b"3"
    assert len(cache) == 2


def test_overwrite_refreshes_value_and_ttl(clock: FakeClock) -> None:
    cache = MemoryBackend(max_entries=2, clock=clock)
    cache.set("a", b"old", 5)
    clock.advance(4)
    cache.set("a", b"new", 5)
    clock.advance(4)
    assert cache.get("a") == b"new"


def test_lock_is_always_granted_and_peek_sees_values() -> None:
    cache = MemoryBackend()
    assert cache.try_lock("k", "token", 100)
    assert cache.peek("k") == (None, False)
    cache.set("k", b"v", 60)
    assert cache.peek("k") == (b"v", False)
    assert cache.ping()


def test_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="max_entries"):
        MemoryBackend(max_entries=0)


def test_concurrent_writers_never_exceed_the_bound() -> None:
    cache = MemoryBackend(max_entries=50)

    def write(worker: int) -> None:
        for i in range(500):
            cache.set(f"{worker}:{i}", b"x", 60)
            cache.get(f"{worker}:{i // 2}")

    threads = [threading.Thread(target=write, args=(w,)) for w in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(cache) == 50
