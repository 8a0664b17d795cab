"""The jobs' Redis store against a real Redis, and its SQLite twin: the same writes give the
same jobs (first result and first end stay; lists skip nothing when jobs expire)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.api.jobs.model import JobKind, JobState, NewJob
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
