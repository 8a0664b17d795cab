"""get_or_compute over the memory backend and over a backend that fails."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

import orjson
import pytest

from service.cache import (
    AdviceCache,
    BreakerState,
    CacheSettings,
    MemoryBackend,
    build_cache,
    cache_key,
)
from service.cache.singleflight import SingleFlight
from tests.cache.conftest import FakeClock, FlakyBackend

SETTINGS = CacheSettings(ttl_s=60, breaker_failures=3, breaker_cooldown_s=5.0)


def counting(value: object) -> tuple[list[int], object]:
    calls: list[int] = []

    def compute() -> object:
        calls.append(1)
        return value

    return calls, compute


def test_miss_then_hit_with_identical_input(clock: FakeClock) -> None:
    backend = MemoryBackend(clock=clock)
    cache = AdviceCache(backend, SETTINGS, engine_version="1", clock=clock)
    calls, compute = counting({"move": "7D:3C+4S", "scores": (1, 2)})
    first = cache.get_or_compute({"seed": 1, "budget": 100}, compute)  # type: ignore[arg-type]
    second = cache.get_or_compute({"budget": 100, "seed": 1}, compute)  # type: ignore[arg-type]
    # Values come back as decoded JSON both times, so a hit equals a miss.
    assert first == ({"move": "7D:3C+4S", "scores": [1, 2]}, "miss")
    assert second == ({"move": "7D:3C+4S", "scores": [1, 2]}, "hit")
    assert calls == [1]
    stored = backend.get(cache_key({"seed": 1, "budget": 100}, engine_version="1"))
    assert stored == b'{"move":"7D:3C+4S","scores":[1,2]}'


def test_entries_expire_after_the_ttl(clock: FakeClock) -> None:
    cache = AdviceCache(MemoryBackend(clock=clock), SETTINGS, engine_version="1", clock=clock)
    calls, compute = counting([1])
    cache.get_or_compute({"seed": 1}, compute, ttl_s=10)  # type: ignore[arg-type]
    clock.advance(10)
    assert cache.get_or_compute({"seed": 1}, compute)[1] == "miss"  # type: ignore[arg-type]
    assert calls == [1, 1]


def test_a_new_engine_version_never_serves_an_old_answer() -> None:
    backend = MemoryBackend()
    old = AdviceCache(backend, SETTINGS, engine_version="1.0")
    new = AdviceCache(backend, SETTINGS, engine_version="1.1")
    old.get_or_compute({"seed": 1}, lambda: "old")
    assert new.get_or_compute({"seed": 1}, lambda: "new") == ("new", "miss")


def test_failures_open_the_breaker_and_requests_are_served_uncached(
    clock: FakeClock, flaky: FlakyBackend, caplog: pytest.LogCaptureFixture
) -> None:
    cache = AdviceCache(flaky, SETTINGS, engine_version="1", clock=clock, sleep=clock.sleep)
    flaky.down = True
    with caplog.at_level(logging.WARNING, logger="service.cache"):
        results = [cache.get_or_compute({"seed": i}, lambda: "v") for i in range(10)]
    assert results == [("v", "bypass")] * 10
    assert cache.breaker.state is BreakerState.OPEN
    assert flaky.calls == 3  # three failures opened the breaker; then Redis was skipped
    assert cache.stats.backend_errors() == 3
    assert cache.stats.breaker_changes() == {"open": 1}
    # One outcome per lookup: three lookups met a failure, seven found the breaker open.
    assert cache.stats.outcomes() == {"error": 3, "bypass": 7}
    assert any("breaker opened" in r.getMessage() for r in caplog.records)
    assert not cache.ping()


def test_after_the_cooldown_a_successful_probe_restores_caching(
    clock: FakeClock, flaky: FlakyBackend
) -> None:
    cache = AdviceCache(flaky, SETTINGS, engine_version="1", clock=clock, sleep=clock.sleep)
    flaky.down = True
    for i in range(3):
        cache.get_or_compute({"seed": i}, lambda: "v")
    flaky.down = False
    clock.advance(4.9)
    assert cache.get_or_compute({"seed": 9}, lambda: "v")[1] == "bypass"
    clock.advance(0.1)
    assert cache.get_or_compute({"seed": 9}, lambda: "v")[1] == "miss"
    assert cache.breaker.state is BreakerState.CLOSED
    assert cache.get_or_compute({"seed": 9}, lambda: "other")[1] == "hit"
    assert cache.stats.breaker_changes() == {"open": 1, "half_open": 1, "closed": 1}
    assert cache.stats.outcomes() == {"error": 3, "bypass": 1, "miss": 1, "hit": 1}


def test_a_failed_store_still_returns_the_computed_value(
    clock: FakeClock, flaky: FlakyBackend
) -> None:
    cache = AdviceCache(flaky, SETTINGS, engine_version="1", clock=clock)

    def compute() -> str:
        flaky.down = True  # Redis dies while the search runs
        return "v"

    assert cache.get_or_compute({"seed": 1}, compute) == ("v", "miss")
    assert cache.stats.backend_errors() == 1
    assert cache.stats.outcomes() == {"miss": 1}


def test_a_value_keep_refuses_is_returned_but_not_stored(clock: FakeClock) -> None:
    backend = MemoryBackend(clock=clock)
    cache = AdviceCache(backend, SETTINGS, engine_version="1", clock=clock)
    calls, compute = counting({"worlds": 3})

    def complete(value: dict[str, int]) -> bool:
        return value["worlds"] == 10

    for _ in range(2):
        assert cache.get_or_compute({"seed": 1}, compute, keep=complete) == ({"worlds": 3}, "miss")
    assert calls == [1, 1]
    assert backend.get(cache_key({"seed": 1}, engine_version="1")) is None
    assert cache.stats.outcomes() == {"miss": 2}
    assert cache.get_or_compute({"seed": 1}, lambda: {"worlds": 10}, keep=complete)[1] == "miss"
    assert cache.get_or_compute({"seed": 1}, compute, keep=complete) == ({"worlds": 10}, "hit")


class ObservedFlight(SingleFlight[Any]):
    """A single flight that says when a caller joins another's computation."""

    def __init__(self) -> None:
        super().__init__()
        self.joined = threading.Event()

    def do(self, key: str, fn: Callable[[], Any]) -> tuple[Any, bool]:
        with self._lock:
            if key in self._calls:
                self.joined.set()
        return super().do(key, fn)


def test_callers_waiting_on_a_value_keep_refuses_compute_their_own() -> None:
    cache = AdviceCache(MemoryBackend(), SETTINGS, engine_version="1")
    flight = ObservedFlight()
    cache._flight = flight
    started, release = threading.Event(), threading.Event()

    def cut() -> str:
        started.set()
        release.wait(5)
        return "cut"

    def complete(value: str) -> bool:
        return value != "cut"

    results: dict[str, tuple[object, str]] = {}

    def ask(name: str, compute: Callable[[], str]) -> None:
        results[name] = cache.get_or_compute({"seed": 1}, compute, keep=complete)

    leader = threading.Thread(target=ask, args=("leader", cut))
    leader.start()
    assert started.wait(5)
    waiter = threading.Thread(target=ask, args=("waiter", lambda: "full"))
    waiter.start()
    assert flight.joined.wait(5)  # the waiter waits on the leader's computation
    release.set()
    leader.join(5)
    waiter.join(5)
    assert results == {"leader": ("cut", "miss"), "waiter": ("full", "miss")}
    assert cache.get_or_compute({"seed": 1}, lambda: "other") == ("full", "hit")


class LockedElsewhere(MemoryBackend):
    """Another process holds the lock and publishes its value after a few polls."""

    def __init__(self, polls_until_value: int | None, lock_lost_after: int | None = None):
        super().__init__()
        self.polls = 0
        self.polls_until_value = polls_until_value
        self.lock_lost_after = lock_lost_after

    def try_lock(self, key: str, token: str, ttl_ms: int) -> bool:
        return False

    def peek(self, key: str) -> tuple[bytes | None, bool]:
        self.polls += 1
        if self.polls_until_value is not None and self.polls >= self.polls_until_value:
            return orjson.dumps("theirs"), True
        return None, self.lock_lost_after is None or self.polls < self.lock_lost_after


def test_waits_for_the_owner_in_another_process(clock: FakeClock) -> None:
    backend = LockedElsewhere(polls_until_value=3)
    cache = AdviceCache(backend, SETTINGS, engine_version="1", clock=clock, sleep=clock.sleep)
    assert cache.get_or_compute({"seed": 1}, lambda: "mine") == ("theirs", "hit")
    assert backend.polls == 3
    assert cache.stats.outcomes() == {"coalesced": 1}


def test_computes_itself_when_the_owner_dies(clock: FakeClock) -> None:
    backend = LockedElsewhere(polls_until_value=None, lock_lost_after=4)
    cache = AdviceCache(backend, SETTINGS, engine_version="1", clock=clock, sleep=clock.sleep)
    assert cache.get_or_compute({"seed": 1}, lambda: "mine") == ("mine", "miss")
    assert backend.polls == 4


def test_wait_for_the_owner_is_bounded(clock: FakeClock) -> None:
    settings = CacheSettings(lock_wait_s=0.5, poll_interval_s=0.01)
    backend = LockedElsewhere(polls_until_value=None)
    cache = AdviceCache(backend, settings, engine_version="1", clock=clock, sleep=clock.sleep)
    assert cache.get_or_compute({"seed": 1}, lambda: "mine") == ("mine", "miss")
    assert 45 <= backend.polls <= 51


class Recorder:
    """A cache listener that remembers every event it hears."""

    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []

    def outcome(self, outcome: str) -> None:
        self.events.append(("outcome", outcome))

    def backend_error(self, operation: str) -> None:
        self.events.append(("backend_error", operation))

    def breaker(self, change: str) -> None:
        self.events.append(("breaker", change))


def test_listeners_hear_every_event_of_each_family(clock: FakeClock, flaky: FlakyBackend) -> None:
    cache = AdviceCache(flaky, SETTINGS, engine_version="1", clock=clock, sleep=clock.sleep)
    recorder = Recorder()
    cache.stats.add_listener(recorder)
    cache.get_or_compute({"a": 1}, lambda: 1)
    cache.get_or_compute({"a": 1}, lambda: 1)
    flaky.down = True
    for seed in range(4):
        cache.get_or_compute({"seed": seed}, lambda: 1)
    assert recorder.events == [
        ("outcome", "miss"),
        ("outcome", "hit"),
        *[("backend_error", "get"), ("outcome", "error")] * 2,
        ("backend_error", "get"),
        ("breaker", "open"),
        ("outcome", "error"),
        ("outcome", "bypass"),
    ]
    assert cache.describe() == {
        "backend": "flaky",
        "breaker": "open",
        "counters": {
            "outcomes": {"miss": 1, "hit": 1, "error": 3, "bypass": 1},
            "backend_errors": {"get": 3},
            "breaker": {"open": 1},
        },
    }


def test_build_cache_picks_the_backend_from_settings() -> None:
    assert build_cache(CacheSettings(), version="1").backend.name == "memory"
    redis_cache = build_cache(CacheSettings(redis_url="redis://127.0.0.1:1/0"), version="1")
    assert redis_cache.backend.name == "redis"
    assert redis_cache.engine_version == "1"
