"""In-process single flight with real threads."""

from __future__ import annotations

import threading
import time

import pytest

from service.cache import AdviceCache, CacheSettings, MemoryBackend
from service.cache.singleflight import SingleFlight

THREADS = 8


def run_together(target: object, count: int) -> list[threading.Thread]:
    threads = [threading.Thread(target=target) for _ in range(count)]  # type: ignore[arg-type]
    for thread in threads:
        thread.start()
    return threads


def test_concurrent_calls_for_one_key_compute_once() -> None:
    flight: SingleFlight[int] = SingleFlight()
    started = threading.Barrier(THREADS + 1)
    release = threading.Event()
    computed: list[int] = []
    results: list[tuple[int, bool]] = []

    def compute() -> int:
        release.wait(timeout=10)
        computed.append(1)
        return 42

    def call() -> None:
        started.wait()
        results.append(flight.do("k", compute))

    threads = run_together(call, THREADS)
    started.wait()
    time.sleep(0.2)  # lets every thread reach flight.do before the leader finishes
    release.set()
    for thread in threads:
        thread.join()
    assert computed == [1]
    assert sorted(results) == [(42, False)] + [(42, True)] * (THREADS - 1)


def test_different_keys_do_not_wait_for_each_other() -> None:
    flight: SingleFlight[str] = SingleFlight()
    inner = []

    def outer() -> str:
        # A nested call for another key must not deadlock on the first key's flight.
        inner.append(flight.do("b", lambda: "b")[0])
        return "a"

    assert flight.do("a", outer) == ("a", False)
    assert inner == ["b"]


def test_an_error_reaches_every_waiter_and_the_key_is_freed() -> None:
    flight: SingleFlight[int] = SingleFlight()

    def boom() -> int:
        raise RuntimeError("search failed")

    with pytest.raises(RuntimeError, match="search failed"):
        flight.do("k", boom)
    assert flight.do("k", lambda: 1) == (1, False)


def test_cache_concurrent_identical_requests_compute_once() -> None:
    cache = AdviceCache(MemoryBackend(), CacheSettings(), engine_version="t")
    started = threading.Barrier(THREADS + 1)
    release = threading.Event()
    computed: list[int] = []
    statuses: list[str] = []

    def compute() -> dict[str, int]:
        release.wait(timeout=10)
        computed.append(1)
        return {"card": 7}

    def call() -> None:
        started.wait()
        value, status = cache.get_or_compute({"seed": 1}, compute)
        assert value == {"card": 7}
        statuses.append(status)

    threads = run_together(call, THREADS)
    started.wait()
    time.sleep(0.2)
    release.set()
    for thread in threads:
        thread.join()
    assert computed == [1]
    assert sorted(statuses) == ["hit"] * (THREADS - 1) + ["miss"]
    assert cache.stats.outcomes() == {"miss": 1, "coalesced": THREADS - 1}
