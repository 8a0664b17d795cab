"""The Redis ACLs of deploy/redis_secret.py on real redis-servers: the app works, little else.

The cache Redis: the app's cache and rate limiter. The queue Redis (with its append-only file,
as deployed): a job made by the app and run by a worker, Dramatiq's maintenance, KEDA's
scaler script; and each user may do nothing more."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import redis
from dramatiq.brokers.redis import MAINTENANCE_SCALE, RedisBroker

from service.api.advice.views import example_request
from service.api.app import close_connections, create_app
from service.api.examples import short_record
from service.api.jobs import queue
from service.api.jobs.queue import jobs_of
from tests.deploy.deploy_scripts import redis_secret
from tests.integration.redis_server import free_port, redis_server_binary
from tests.settings_env import clear_settings_env

pytestmark = pytest.mark.integration

PASSWORD = "fedcba9876543210" * 4
QUEUE_PASSWORD = "0123456789abcdef" * 4
KEDA_PASSWORD = "00112233445566778899aabbccddeeff" * 2
HINT = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}
# KEDA's redis scaler (pkg/scalers/redis_scaler.go, v2.17): the length of the list, by its type.
KEDA_LIST_LENGTH = """
local listName = KEYS[1]
local listType = redis.call('type', listName).ok
local cmd = {zset = 'zcard', set = 'scard', list = 'llen', hash = 'hlen', none = 'llen'}
return redis.call(cmd[listType], listName)
"""


@contextmanager
def redis_with_acl(directory: Path, acl: str, *extra: str) -> Iterator[int]:
    """A redis-server on loopback whose users are those of the ACL file: its port."""
    (directory / "users.acl").write_text(acl)
    bound = free_port()
    argv = [redis_server_binary(), "--port", str(bound), "--bind", "127.0.0.1"]
    argv += ["--dir", str(directory), "--aclfile", str(directory / "users.acl"), *extra]
    with (directory / "redis.log").open("wb") as log:
        server = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                with redis.Redis(port=bound, socket_timeout=1) as probe:
                    probe.ping()
                break
            except redis.AuthenticationError:
                break  # up, and asking for a password even to PING (the queue Redis)
            except redis.ConnectionError:
                assert server.poll() is None, (directory / "redis.log").read_text()
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)
        yield bound
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """The cache Redis: an LRU cache without persistence, as deployed."""
    directory = tmp_path_factory.mktemp("redis-acl")
    no_persistence = ("--save", "", "--appendonly", "no")
    with redis_with_acl(directory, redis_secret.acl_file(PASSWORD), *no_persistence) as bound:
        yield bound


@pytest.fixture(scope="module")
def queue_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    """The queue Redis: noeviction and an append-only file, as deployed."""
    directory = tmp_path_factory.mktemp("queue-redis-acl")
    acl = redis_secret.queue_acl_file(QUEUE_PASSWORD, KEDA_PASSWORD)
    durable = ("--maxmemory", "64mb", "--maxmemory-policy", "noeviction", "--save", "")
    durable += ("--appendonly", "yes", "--appendfsync", "everysec")
    with redis_with_acl(directory, acl, *durable) as bound:
        yield bound


@pytest.fixture
def queue_port(queue_server: int) -> Iterator[int]:
    """The queue Redis, emptied of the test's keys afterwards (by the queue user)."""
    yield queue_server
    with queue_client(queue_server) as client:
        for pattern in redis_secret.QUEUE_KEY_PATTERNS:
            for key in client.scan_iter(match=pattern):
                client.delete(key)


def service_client(port: int) -> redis.Redis:
    return redis.Redis.from_url(redis_secret.redis_url(PASSWORD, "127.0.0.1", port))


def test_without_the_password_a_client_may_only_ping(port: int) -> None:
    with redis.Redis(port=port, socket_timeout=2) as anonymous:
        assert anonymous.ping()
        for command in (("GET", "scopa:advice:x"), ("SET", "a", "1"), ("CONFIG", "GET", "*")):
            with pytest.raises(redis.exceptions.NoPermissionError):
                anonymous.execute_command(*command)


def test_a_wrong_password_is_refused(port: int) -> None:
    url = redis_secret.redis_url("0" * 64, "127.0.0.1", port)
    with redis.Redis.from_url(url) as intruder, pytest.raises(redis.AuthenticationError):
        intruder.ping()


def test_the_service_user_has_no_admin_commands_nor_other_keys(port: int) -> None:
    with service_client(port) as client:
        assert client.set("scopa:advice:probe", b"1", ex=5)
        for command in (("CONFIG", "GET", "*"), ("FLUSHALL",), ("KEYS", "*"), ("ACL", "LIST")):
            with pytest.raises(redis.exceptions.NoPermissionError):
                client.execute_command(*command)
        with pytest.raises(redis.exceptions.NoPermissionError):
            client.set("someone-elses-key", b"1")


def test_the_app_caches_and_rate_limits_through_the_acl(
    port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    clear_settings_env(monkeypatch)
    monkeypatch.setenv("REDIS_URL", redis_secret.redis_url(PASSWORD, "127.0.0.1", port))
    monkeypatch.setenv("SCOPA_RATE_LIMIT", "3/minute")
    monkeypatch.setenv("SCOPA_RATE_LIMIT_ADVICE_COST", "1")
    app = create_app({"TESTING": True})
    client = app.test_client()
    body = {**example_request(), "seed": 4242}
    first = client.post("/v1/advice", json=body)
    second = client.post("/v1/advice", json=body)
    assert (first.status_code, second.status_code) == (200, 200)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert client.post("/v1/moves", json=HINT).status_code == 200
    assert client.post("/v1/moves", json=HINT).status_code == 429  # counted in Redis
    cache = app.extensions["advice_cache"]
    assert cache.stats.backend_errors() == 0
    close_connections(app)
    with service_client(port) as inspect:
        keys = {key.decode() for key in inspect.scan_iter()}
    assert any(key.startswith("scopa:advice:") for key in keys)
    assert any(key.startswith("LIMITS:LIMITER/scopa-limits/") for key in keys)


# ---- the queue Redis ----


def queue_url(port: int) -> str:
    return redis_secret.queue_redis_url(QUEUE_PASSWORD, "127.0.0.1", port)


def queue_client(port: int) -> redis.Redis:
    return redis.Redis.from_url(queue_url(port))


def keda_client(port: int) -> redis.Redis:
    return redis.Redis(
        port=port, username=redis_secret.KEDA_USER, password=KEDA_PASSWORD, socket_timeout=2
    )


def test_the_queue_redis_answers_nothing_without_its_password(queue_port: int) -> None:
    with queue_client(queue_port) as client:
        config: dict[str, Any] = {}
        with pytest.raises(redis.exceptions.NoPermissionError):
            config = client.config_get("*")  # not the queue user's either
    assert not config
    with redis.Redis(port=queue_port, socket_timeout=2, protocol=2) as anonymous:
        for command in (("PING",), ("LLEN", queue.QUEUE_KEY), ("KEYS", "*")):
            with pytest.raises(redis.AuthenticationError):
                anonymous.execute_command(*command)
    url = redis_secret.queue_redis_url(PASSWORD, "127.0.0.1", queue_port)  # the cache's
    with redis.Redis.from_url(url) as intruder, pytest.raises(redis.AuthenticationError):
        intruder.ping()


def test_the_queue_redis_keeps_its_transactions_and_scripts_across_a_restart(
    tmp_path: Path,
) -> None:
    """Redis replays its append-only file as ``default`` and (before redis/redis#14545) checks
    ``default``'s rights again at each EXEC: the ACL must let it replay what the app wrote."""
    acl = redis_secret.queue_acl_file(QUEUE_PASSWORD, KEDA_PASSWORD)
    durable = ("--save", "", "--appendonly", "yes", "--appendfsync", "always")
    for run in range(2):
        with redis_with_acl(tmp_path, acl, *durable) as bound, queue_client(bound) as client:
            if run == 0:
                pipe = client.pipeline(transaction=True)
                pipe.hset("scopa:job:restart", "owner", "someone")
                pipe.sadd("scopa:jobs:active:someone", "restart")
                pipe.execute()
                client.eval("redis.call('rpush', KEYS[1], 'task')", 1, "dramatiq:scopa-jobs")
            else:
                assert client.hget("scopa:job:restart", "owner") == b"someone"
                assert client.smembers("scopa:jobs:active:someone") == {b"restart"}
                assert client.lrange("dramatiq:scopa-jobs", 0, -1) == [b"task"]
    assert "NOPERM" not in (tmp_path / "redis.log").read_text()


def test_the_queue_user_has_its_keys_and_keys_but_no_admin_commands(queue_port: int) -> None:
    with queue_client(queue_port) as client:
        assert client.set("scopa:job:probe", b"1", ex=5)
        assert client.sadd("scopa:jobs:active:probe", "x") == 1
        assert client.rpush("dramatiq:probe", b"1") == 1
        # Dramatiq's maintenance lists keys (a dangerous command, allowed for it alone).
        assert set(client.keys("dramatiq:*")) == {b"dramatiq:probe"}
        for command in (
            ("CONFIG", "GET", "*"),
            ("FLUSHALL",),
            ("ACL", "LIST"),
            ("FLUSHDB",),
        ):
            with pytest.raises(redis.exceptions.NoPermissionError):
                client.execute_command(*command)
        for key in ("scopa:advice:x", "LIMITS:LIMITER/scopa-limits/x", "other"):
            with pytest.raises(redis.exceptions.NoPermissionError):
                client.set(key, b"1")


def test_a_job_is_made_by_the_app_and_run_by_a_worker_through_the_acl(
    queue_port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    clear_settings_env(monkeypatch)
    monkeypatch.setenv("SCOPA_JOBS_REDIS_URL", queue_url(queue_port))
    app = create_app({"TESTING": True})
    client = app.test_client()
    reviews = [
        {"record": short_record(), "budget": {"iterations": 12}, "seed": seed} for seed in range(3)
    ]
    made = client.post("/v1/jobs", json={"review": {"reviews": reviews}})
    assert made.status_code == 202, made.get_data(as_text=True)
    location = made.headers["Location"]
    jobs = jobs_of(app)
    assert not jobs.embedded
    try:
        jobs.start_worker(threads=1)
        deadline = time.monotonic() + 60
        while (job := client.get(location).get_json())["state"] not in {"done", "failed"}:
            assert time.monotonic() < deadline, job
            time.sleep(0.05)
        assert (job["state"], job["done"], job["problems"]) == ("done", 3, 0)
        page = client.get(job["links"]["results"]).get_json()
        assert [item["type"] for item in page["items"]] == ["review"] * 3
        assert jobs.depth() == 0
    finally:
        close_connections(app)
    with queue_client(queue_port) as inspect:
        keys = {key.decode() for key in inspect.scan_iter()}
    assert any(key.startswith("scopa:job:") for key in keys)
    assert any(key.startswith("dramatiq:") for key in keys)


def test_dramatiq_maintenance_requeues_a_dead_workers_task_through_the_acl(
    queue_port: int,
) -> None:
    # A worker that took task m1 and died: its heartbeat is long gone, its ack set holds m1.
    acks = f"{queue.NAMESPACE}:__acks__.dead-worker.{queue.QUEUE_NAME}"
    with queue_client(queue_port) as client:
        client.zadd(f"{queue.NAMESPACE}:__heartbeats__", {"dead-worker": 0})
        client.sadd(acks, "m1")
        client.hset(f"{queue.QUEUE_KEY}.msgs", "m1", b"{}")
        # Maintenance on every command (here: qsize), with the dispatch script's KEYS.
        broker = RedisBroker(  # type: ignore[no-untyped-call]
            url=queue_url(queue_port),
            namespace=queue.NAMESPACE,
            heartbeat_timeout=1000,
            maintenance_chance=MAINTENANCE_SCALE,
        )
        try:
            broker.do_qsize(queue.QUEUE_NAME)
        finally:
            broker.close()
        assert client.lrange(queue.QUEUE_KEY, 0, -1) == [b"m1"]
        assert not client.exists(acks)
        assert client.zscore(f"{queue.NAMESPACE}:__heartbeats__", "dead-worker") is None


def test_keda_may_only_read_the_length_of_the_queue(queue_port: int) -> None:
    with queue_client(queue_port) as client:
        client.rpush(queue.QUEUE_KEY, "a", "b", "c")
        client.set("scopa:job:secret", b"1")
    with keda_client(queue_port) as keda:
        assert keda.ping()
        assert keda.eval(KEDA_LIST_LENGTH, 1, queue.QUEUE_KEY) == 3
        for command in (
            ("EVAL", KEDA_LIST_LENGTH, "1", "scopa:job:secret"),
            ("EVAL", KEDA_LIST_LENGTH, "1", "dramatiq:scopa-jobs.msgs"),
            ("LRANGE", queue.QUEUE_KEY, "0", "-1"),
            ("LPUSH", queue.QUEUE_KEY, "x"),
            ("DEL", queue.QUEUE_KEY),
            ("GET", "scopa:job:secret"),
            ("KEYS", "*"),
            ("CONFIG", "GET", "*"),
        ):
            with pytest.raises(redis.exceptions.NoPermissionError):
                keda.execute_command(*command)
