"""The advice cache against a real redis-server: hits, TTLs, versions, outages, single flight."""

from __future__ import annotations

import multiprocessing
import statistics
import time
from collections.abc import Iterator
from multiprocessing.synchronize import Barrier
from typing import Any

import orjson
import pytest

from service.cache import (
    AdviceCache,
    BreakerState,
    CacheSettings,
    RedisBackend,
    key_prefix,
    make_client,
)
from tests.integration.redis_server import RedisServer, clients_settle

# Run alone, after the rest (scripts/run_tests.py): it compares answer times with and without
# the cache.
pytestmark = [pytest.mark.integration, pytest.mark.serial]

FIELDS: dict[str, object] = {
    "rules": {"preset": "scopa", "players": 2},
    "view": {"hand": ["7D", "3C"], "table": ["1S", "5B"]},
    "budget": {"playouts": 200},
    "seed": 7,
}


_made: list[AdviceCache] = []


@pytest.fixture(autouse=True)
def close_caches() -> Iterator[None]:
    """Close every cache a test made, so no connection waits for the garbage collector."""
    yield
    while _made:
        _made.pop().close()


def make_cache(url: str, version: str = "test-1", **overrides: Any) -> AdviceCache:
    settings = CacheSettings(redis_url=url, ttl_s=300, **overrides)
    client = make_client(url, settings.connect_timeout_s, settings.read_timeout_s)
    cache = AdviceCache(RedisBackend(client), settings, engine_version=version)
    _made.append(cache)
    return cache


def counting_compute(calls: list[int], value: object) -> Any:
    def compute() -> object:
        calls.append(1)
        return value

    return compute


def test_miss_then_hit_with_identical_input(redis_server: RedisServer) -> None:
    cache = make_cache(redis_server.url)
    calls: list[int] = []
    compute = counting_compute(calls, {"move": "7D:3C+4S", "value": 1.5})
    assert cache.get_or_compute(FIELDS, compute) == ({"move": "7D:3C+4S", "value": 1.5}, "miss")
    reordered = dict(reversed(list(FIELDS.items())))
    assert cache.get_or_compute(reordered, compute) == ({"move": "7D:3C+4S", "value": 1.5}, "hit")
    assert calls == [1]
    # Another worker (a second client) shares the entry.
    other = make_cache(redis_server.url)
    assert other.get_or_compute(FIELDS, compute)[1] == "hit"
    assert calls == [1]


def test_entry_is_compact_json_with_a_ttl_and_versioned_key(redis_server: RedisServer) -> None:
    cache = make_cache(redis_server.url)
    cache.get_or_compute(FIELDS, lambda: {"move": "7D"}, ttl_s=120)
    key = cache.key_for(FIELDS)
    assert key.startswith(key_prefix())
    with redis_server.client() as raw:
        assert raw.get(key) == orjson.dumps({"move": "7D"})
        assert 0 < raw.ttl(key) <= 120
        assert raw.exists(key + ":lock") == 0  # the single-flight lock was released
        assert raw.keys("*") == [key.encode()]


def test_engine_version_and_inputs_change_the_key(redis_server: RedisServer) -> None:
    calls: list[int] = []
    compute = counting_compute(calls, "answer")
    make_cache(redis_server.url, version="1.0").get_or_compute(FIELDS, compute)
    assert make_cache(redis_server.url, version="1.1").get_or_compute(FIELDS, compute)[1] == "miss"
    cache = make_cache(redis_server.url, version="1.0")
    assert cache.get_or_compute({**FIELDS, "seed": 8}, compute)[1] == "miss"
    assert cache.get_or_compute({**FIELDS, "budget": {"playouts": 201}}, compute)[1] == "miss"
    assert cache.get_or_compute(FIELDS, compute)[1] == "hit"
    assert len(calls) == 4


def test_redis_stopped_then_restarted(redis_server: RedisServer) -> None:
    cache = make_cache(redis_server.url, breaker_failures=3, breaker_cooldown_s=0.5)
    cache.get_or_compute(FIELDS, lambda: "v")
    assert cache.get_or_compute(FIELDS, lambda: "v")[1] == "hit"

    redis_server.stop()
    timings = []
    for seed in range(20):
        start = time.perf_counter()
        result = cache.get_or_compute({**FIELDS, "seed": seed}, lambda s=seed: {"seed": s})
        timings.append((time.perf_counter() - start) * 1000)
        assert result == ({"seed": seed}, "bypass")
    assert cache.breaker.state is BreakerState.OPEN
    assert cache.stats.backend_errors() == 3  # Redis was not tried again while open
    assert cache.stats.breaker_changes() == {"open": 1}
    print(
        f"\nRedis stopped: first 3 calls {[round(t, 2) for t in timings[:3]]} ms, "
        f"then median {statistics.median(timings[3:]):.3f} ms per call (breaker open)"
    )

    redis_server.start()
    time.sleep(0.6)  # the cool-down
    assert cache.breaker.state is BreakerState.HALF_OPEN
    assert cache.get_or_compute(FIELDS, lambda: "v") == ("v", "miss")  # no persistence
    assert cache.breaker.state is BreakerState.CLOSED
    assert cache.get_or_compute(FIELDS, lambda: "other") == ("v", "hit")


def test_a_frozen_redis_costs_one_read_timeout_then_the_breaker_skips_it(
    redis_server: RedisServer,
) -> None:
    cache = make_cache(redis_server.url, breaker_failures=2, breaker_cooldown_s=30)
    cache.get_or_compute(FIELDS, lambda: "v")  # connection established
    redis_server.pause()
    try:
        timings = []
        for seed in range(6):
            start = time.perf_counter()
            assert cache.get_or_compute({"seed": seed}, lambda: "v") == ("v", "bypass")
            timings.append((time.perf_counter() - start) * 1000)
    finally:
        redis_server.resume()
    assert cache.breaker.state is BreakerState.OPEN
    assert cache.stats.backend_errors() == 2
    print(f"\nRedis frozen: per-call ms {[round(t, 2) for t in timings]} (read timeout 100 ms)")


def test_a_dead_owner_lock_is_waited_out_then_computed(redis_server: RedisServer) -> None:
    cache = make_cache(redis_server.url, lock_wait_s=5.0)
    with redis_server.client() as raw:
        raw.set(cache.key_for(FIELDS) + ":lock", "dead-owner", px=300)
    calls: list[int] = []
    assert cache.get_or_compute(FIELDS, counting_compute(calls, "mine")) == ("mine", "miss")
    assert calls == [1]


def cross_process_worker(
    url: str, counter_key: str, barrier: Barrier, results: multiprocessing.Queue[str]
) -> None:
    """One 'worker process': compute counts itself in Redis and takes a while."""
    cache = make_cache(url)
    counter = make_client(url, 1.0, 1.0)

    def compute() -> dict[str, int]:
        counter.incr(counter_key)
        time.sleep(0.5)
        return {"card": 7}

    barrier.wait(timeout=20)
    value, status = cache.get_or_compute(FIELDS, compute)
    results.put(f"{status}:{value['card']}")


def test_two_processes_compute_the_same_key_once(redis_server: RedisServer) -> None:
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    results: multiprocessing.Queue[str] = ctx.Queue()
    workers = [
        ctx.Process(
            target=cross_process_worker, args=(redis_server.url, "computed", barrier, results)
        )
        for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    outcomes = sorted(results.get(timeout=30) for _ in workers)
    for worker in workers:
        worker.join(timeout=10)
        assert worker.exitcode == 0
    assert outcomes == ["hit:7", "miss:7"]
    with redis_server.client() as raw:
        assert raw.get("computed") == b"1"


def test_close_releases_the_connections_and_later_calls_reconnect(
    redis_server: RedisServer,
) -> None:
    cache = make_cache(redis_server.url)
    with redis_server.client() as inspect:
        cache.get_or_compute(FIELDS, lambda: "v")
        assert inspect.info("clients")["connected_clients"] == 2
        cache.close()
        # The server counts a closed connection once its event loop has seen it go.
        assert clients_settle(inspect, 1) == 1
        assert cache.get_or_compute(FIELDS, lambda: "other") == ("v", "hit")
