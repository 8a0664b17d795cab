"""The jobs' Redis store against a real Redis, and its SQLite twin: the same writes give the
same jobs (first result and first end stay; lists skip nothing when jobs expire)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.api.jobs.model import Hook, HookState, JobKind, JobState, NewJob
from service.api.jobs.store import JobStore, RedisJobStore, SqliteJobStore
from tests.integration.redis_server import RedisServer


@pytest.fixture(params=["redis", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[JobStore]:
    if request.param == "sqlite":
        found: JobStore = SqliteJobStore(str(tmp_path / "jobs.sqlite3"))
        yield found
        found.close()
        return
    server = RedisServer(tmp_path)
    server.start()
    redis_store = RedisJobStore(server.client())
    try:
        yield redis_store
    finally:
        redis_store.close()
        server.stop()


def new_job(job_id: str, owner: str = "alpha", created: float | None = None) -> NewJob:
    now = time.time() if created is None else created
    return NewJob(job_id, owner, JobKind.REVIEW, 2, b'{"reviews": [1, 2]}', now, now + 3600)


def test_the_first_result_and_the_first_end_stay(store: JobStore) -> None:
    store.create(new_job("a"))
    assert store.get("a") is not None and store.get("a").state is JobState.QUEUED  # type: ignore[union-attr]
    store.mark_started("a", 1.0)
    store.mark_started("a", 2.0)
    assert store.add_result("a", 0, b"first", problem=False) == 1
    assert store.add_result("a", 0, b"second", problem=True) == 1
    assert store.add_result("a", 1, b"bad", problem=True) == 2
    assert store.results("a", range(3)) == {0: b"first", 1: b"bad"}
    assert store.end("a", JobState.DONE, 5.0, time.time() + 60)
    assert not store.end("a", JobState.CANCELLED, 6.0, time.time() + 60)
    store.set_final("a", b"answer")
    store.set_final("a", b"other")
    job = store.get("a")
    assert job is not None
    assert (job.state, job.started, job.finished, job.done, job.problems, job.final) == (
        JobState.DONE,
        1.0,
        5.0,
        2,
        1,
        b"answer",
    )
    assert store.request_of("a") == b'{"reviews": [1, 2]}'


def test_active_jobs_and_lists_are_each_owner_s(store: JobStore) -> None:
    for number, job_id in enumerate("abcd"):
        store.create(new_job(job_id, created=time.time() + number))
    store.create(new_job("z", owner="beta"))
    assert store.active_of("alpha") == 4 and store.active_of("beta") == 1
    store.end("b", JobState.DONE, time.time(), time.time() + 60)
    assert store.active_of("alpha") == 3
    store.delete("c")
    assert store.get("c") is None and store.add_result("c", 0, b"x", problem=False) == 0
    assert [job.id for job in store.jobs_of("alpha", 0, 2)] == ["d", "b"]
    assert [job.id for job in store.jobs_of("alpha", 2, 2)] == ["a"]
    assert [job.id for job in store.jobs_of("beta", 0, 10)] == ["z"]


def test_a_job_whose_time_is_up_is_gone_and_skipped_in_lists(store: JobStore) -> None:
    store.create(new_job("old"))
    store.create(new_job("new", created=time.time() + 1))
    store.end("old", JobState.DONE, time.time(), time.time() + 1.2)
    time.sleep(2.5)
    assert store.get("old") is None
    assert [job.id for job in store.jobs_of("alpha", 0, 1)] == ["new"]
    assert store.jobs_of("alpha", 1, 1) == []


def test_a_job_hash_its_store_lost_part_of_is_taken_as_gone(tmp_path: Path) -> None:
    server = RedisServer(tmp_path)
    server.start()
    store = RedisJobStore(server.client())
    try:
        store.create(new_job("torn"))
        meta = RedisJobStore.keys("torn")[0]
        store.client.hdel(meta, "owner")  # as a transaction lost at a restart leaves it
        assert store.get("torn") is None
        store.client.hset(meta, "owner", "alpha")
        found = store.get("torn")
        assert found is not None and found.owner == "alpha"
    finally:
        store.close()
        server.stop()


def test_replicated_waits_for_nothing_without_required_replicas(store: JobStore) -> None:
    store.create(new_job("alone"))
    store.replicated()  # a single Redis, or the SQLite file: returns at once
    assert store.get("alone") is not None


def test_a_redis_job_is_stalled_until_it_makes_progress_and_one_caller_resends_it(
    tmp_path: Path,
) -> None:
    server = RedisServer(tmp_path)
    server.start()
    store = RedisJobStore(server.client())
    try:
        made = time.time() - 100
        for job_id in ("slow", "busy", "ended"):
            store.create(new_job(job_id, created=made))
        store.add_result("busy", 0, b"line", problem=False)
        assert store.kept_indices("busy") == {0} and store.kept_indices("slow") == set()
        store.end("ended", JobState.DONE, time.time(), time.time() + 60)
        assert store.stalled(made + 50) == ["slow"]
        assert store.claim_resend("slow", 30.0)
        assert not store.claim_resend("slow", 30.0)
        # A claim starts the next stall from now.
        assert store.stalled(time.time() - 5) == []
        store.forget_progress("busy")
        assert store.stalled(time.time() + 5) == ["slow"]
    finally:
        store.close()
        server.stop()


def hooked_job(job_id: str, url: str = "https://hooks.example/scopa") -> NewJob:
    now = time.time()
    return NewJob(job_id, "alpha", JobKind.REVIEW, 1, b"{}", now, now + 3600, callback=url)


def test_a_job_s_webhook_waits_for_its_end_then_is_due_once_per_lease(store: JobStore) -> None:
    store.create(hooked_job("h"))
    store.create(new_job("plain"))
    job = store.get("h")
    assert job is not None and job.hook == Hook(
        "https://hooks.example/scopa", HookState.WAITING, 0, None
    )
    assert store.due_hooks(time.time(), 30.0, 8) == []
    now = time.time()
    assert store.end("h", JobState.DONE, now, now + 60)
    assert store.end("plain", JobState.DONE, now, now + 60)
    assert store.get("plain").hook is None  # type: ignore[union-attr]
    assert store.get("h").hook.state is HookState.SENDING  # type: ignore[union-attr]
    # Claimed once: a second sender finds nothing until the lease runs out.
    assert store.due_hooks(now + 1, 30.0, 8) == ["h"]
    assert store.due_hooks(now + 2, 30.0, 8) == []
    assert store.due_hooks(now + 32, 30.0, 8) == ["h"]
    store.hook_tried("h", HookState.SENDING, 1, "HTTP 503", now + 100)
    assert store.due_hooks(now + 99, 30.0, 8) == []
    assert store.get("h").hook == Hook(  # type: ignore[union-attr]
        "https://hooks.example/scopa", HookState.SENDING, 1, "HTTP 503"
    )
    assert store.due_hooks(now + 101, 30.0, 8) == ["h"]
    store.hook_tried("h", HookState.DELIVERED, 2, "HTTP 200", None)
    assert store.due_hooks(now + 10_000, 30.0, 8) == []
    assert store.get("h").hook.state is HookState.DELIVERED  # type: ignore[union-attr]


def test_a_deleted_job_s_webhook_is_never_due(store: JobStore) -> None:
    store.create(hooked_job("gone"))
    now = time.time()
    store.end("gone", JobState.CANCELLED, now, now + 60)
    store.delete("gone")
    assert store.due_hooks(now + 1, 30.0, 8) == []


def test_an_older_sqlite_file_gains_the_webhook_columns(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:
        db.executescript(OLD_LAYOUT)
        db.execute(
            "INSERT INTO jobs (id, owner, kind, total, request, created, expires) "
            "VALUES ('old', '', 'review', 1, x'7b7d', ?, ?)",
            (time.time(), time.time() + 60),
        )
    db.close()
    store = SqliteJobStore(str(path))
    old = store.get("old")
    assert old is not None and old.hook is None
    store.create(hooked_job("new"))
    assert store.get("new").hook is not None  # type: ignore[union-attr]
    store.close()


# The file's layout before webhooks (its tables as the store made them then).
OLD_LAYOUT = """
CREATE TABLE jobs (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, kind TEXT NOT NULL, total INTEGER NOT NULL,
    request BLOB NOT NULL, created REAL NOT NULL, expires REAL NOT NULL,
    started REAL, finished REAL, ended TEXT, final BLOB, runner TEXT
);
CREATE TABLE results (
    job_id TEXT NOT NULL, idx INTEGER NOT NULL, line BLOB NOT NULL, problem INTEGER NOT NULL,
    PRIMARY KEY (job_id, idx)
);
CREATE TABLE runners (id TEXT PRIMARY KEY, seen REAL NOT NULL);
"""
