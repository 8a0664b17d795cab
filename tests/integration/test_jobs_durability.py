"""Jobs on the real parts, on loopback: gunicorn, scopa-worker processes and a Redis with its
append-only file. A worker killed with SIGKILL in the middle of a job, and Redis restarted in
the middle of a job, for a review job and for a fair-play job: the job still ends, every record
has exactly one line, and the lines (and a fair-play job's report) are byte-identical to an
undisturbed run's (same seeds, iteration budgets, no advice cache). Two
gunicorn instances sharing the Redis: a job made through one is read through the other."""

from __future__ import annotations

import json
import signal
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from scripts.local_gunicorn import running_gunicorn
from service.api.examples import finished_record
from service.api.jobs.queue import QUEUE_KEY
from service.api.jobs.store import RedisJobStore
from service.engine.presets import make_rules
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from tests.api.test_review import played
from tests.integration.job_workers import (
    Worker,
    call,
    record_lines,
    running_workers,
    wait_for,
    worker_env,
)
from tests.integration.redis_server import RedisServer

RECORDS = 16
# Long enough for a command a frozen worker had already sent to be served.
IN_FLIGHT_S = 0.2


def records_logged(log_path: Path, job_id: str, event: str) -> set[int]:
    """The records of a job a worker's log says it has taken or kept."""
    found = set()
    for line in log_path.read_text(encoding="utf-8", errors="replace").splitlines():
        if not line.startswith("{"):
            continue
        entry = json.loads(line)
        if entry.get("job") == job_id and entry["message"].endswith(event):
            found.add(int(entry["record"]))
    return found


def stop_mid_record(worker: Worker, redis: RedisServer, job_id: str, limit_s: float = 60) -> int:
    """Freeze the worker (SIGSTOP) once it holds a record it has taken and whose line the store
    lacks; that record. Checked while it is frozen, so it cannot keep the line meanwhile, and
    only after a pause: a write it had already sent when it froze still reaches Redis (seen in
    CI with a fair-play job, whose records take a tenth of a second)."""
    results = RedisJobStore.keys(job_id)[2]
    deadline = time.monotonic() + limit_s
    with redis.client() as client:
        while time.monotonic() < deadline:
            worker.process.send_signal(signal.SIGSTOP)
            time.sleep(IN_FLIGHT_S)
            taken = records_logged(worker.log_path, job_id, "taken")
            in_hand = sorted(i for i in taken if not client.hexists(results, str(i)))
            if in_hand:
                return in_hand[0]
            worker.process.send_signal(signal.SIGCONT)
            time.sleep(0.01)
    raise AssertionError("the worker took no record")


def review_job(records: int = RECORDS) -> dict[str, Any]:
    """A review job of one finished scopa hand, each record with its own seed."""
    record = finished_record()
    return {
        "review": {
            "reviews": [
                {"record": record, "seats": [0], "budget": {"iterations": 1000}, "seed": seed}
                for seed in range(records)
            ]
        }
    }


def fair_play_job(records: int = RECORDS) -> dict[str, Any]:
    """A fair-play job of random scopa hands, the player at each seat in turn."""
    rules = make_rules("scopa")
    hands = [
        {"record": record_to_dict(record_of(played(rules, seed))), "seat": seed % 2}
        for seed in range(records)
    ]
    return {"fair_play": {"hands": hands}}


JOBS = {"review": review_job, "fair_play": fair_play_job}
# The type of a record's line in a job of each kind.
LINE_TYPE = {"review": "review", "fair_play": "evidence"}


def made(port: int, body: Any) -> dict[str, Any]:
    status, answer = call(port, "POST", "/v1/jobs", body)
    assert status == 202, answer
    job: dict[str, Any] = json.loads(answer)
    return job


def assert_once_each(lines: list[bytes], records: int = RECORDS, kind: str = "review") -> None:
    """One line for each record, in order, each of the job's kind."""
    parsed = [json.loads(line) for line in lines]
    assert [line["index"] for line in parsed] == list(range(records))
    assert {line["type"] for line in parsed} == {LINE_TYPE[kind]}


@contextmanager
def durable_redis(workdir: Path) -> Iterator[RedisServer]:
    """A redis-server with its append-only file, stopped afterwards."""
    redis = RedisServer(workdir, durable=True)
    redis.start()
    try:
        yield redis
    finally:
        redis.stop()


def served_env(redis: RedisServer) -> dict[str, str]:
    return {"SCOPA_JOBS_REDIS_URL": redis.url, "SCOPA_ADVICE_CACHE": "false"}


@pytest.mark.parametrize("kind", sorted(JOBS))
def test_a_job_outlives_a_worker_killed_in_its_middle(tmp_path: Path, kind: str) -> None:
    with (
        durable_redis(tmp_path) as redis,
        running_gunicorn(workers=1, threads=4, env=served_env(redis)) as port,
        running_workers(2, worker_env(redis.url), tmp_path) as workers,
    ):
        job = made(port, JOBS[kind]())
        wait_for(port, job["links"]["self"], done_at_least=2)
        victim, survivor = workers
        # Killed while it reviews a record: one it has taken and not kept.
        in_hand = stop_mid_record(victim, redis, job["id"])
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait()
        disturbed = wait_for(port, job["links"]["self"])
        assert disturbed["state"] == "done"
        # The dead worker's record was put back on the queue and run by the other.
        assert in_hand in records_logged(survivor.log_path, job["id"], "kept")
        assert in_hand not in records_logged(victim.log_path, job["id"], "kept")
        lines = record_lines(port, disturbed)
        again = wait_for(port, made(port, JOBS[kind]())["links"]["self"])
        assert again["state"] == "done"
        undisturbed = record_lines(port, again)
    assert_once_each(lines, kind=kind)
    assert lines == undisturbed
    assert disturbed["result"] == again["result"]


@pytest.mark.parametrize("kind", sorted(JOBS))
def test_a_job_outlives_a_redis_restart_in_its_middle(tmp_path: Path, kind: str) -> None:
    with (
        durable_redis(tmp_path) as redis,
        running_gunicorn(workers=1, threads=4, env=served_env(redis)) as port,
        running_workers(1, worker_env(redis.url), tmp_path) as workers,
    ):
        job = made(port, JOBS[kind]())
        before = wait_for(port, job["links"]["self"], done_at_least=3)
        redis.stop()
        time.sleep(1.5)
        redis.start()
        disturbed = wait_for(port, job["links"]["self"])
        assert before["done"] < RECORDS and disturbed["state"] == "done"
        # The worker met the stopped Redis, waited for it and went on.
        log = workers[0].log_path.read_text(encoding="utf-8")
        assert "unreachable" in log or "connection error" in log
        lines = record_lines(port, disturbed)
        again = wait_for(port, made(port, JOBS[kind]())["links"]["self"])
        undisturbed = record_lines(port, again)
    assert_once_each(lines, kind=kind)
    assert lines == undisturbed
    assert disturbed["result"] == again["result"]


def drop_waiting_tasks(redis: RedisServer, count: int) -> int:
    """Take ``count`` waiting tasks off the queue, as a worker that lost them would (Dramatiq's
    layout: a list of message ids and a hash of the messages); how many were there."""
    with redis.client() as client:
        ids = client.lrange(QUEUE_KEY, 0, count - 1)
        for message_id in ids:
            client.lrem(QUEUE_KEY, 1, message_id)
            client.hdel(QUEUE_KEY + ".msgs", message_id)
        return len(ids)


def test_a_job_whose_tasks_were_lost_is_sent_again_once_it_stalls(tmp_path: Path) -> None:
    records = 8
    with (
        durable_redis(tmp_path) as redis,
        running_gunicorn(workers=1, threads=4, env=served_env(redis)) as port,
    ):
        # Made before any worker runs: its tasks wait, and three are lost.
        job = made(port, review_job(records))
        assert drop_waiting_tasks(redis, 3) == 3
        stall = {"SCOPA_JOB_STALL_S": "5"}
        with running_workers(1, worker_env(redis.url, **stall), tmp_path) as workers:
            ended = wait_for(port, job["links"]["self"], limit_s=60)
            log = workers[0].log_path.read_text(encoding="utf-8")
            url = f"http://127.0.0.1:{workers[0].metrics_port}/metrics"
            with urllib.request.urlopen(url, timeout=10) as response:
                metrics = response.read().decode()
        assert ended["state"] == "done"
        assert "no task waiting: 3 records sent again" in log
        assert "scopa_job_tasks_resent_total 3.0" in metrics.splitlines()
        lines = record_lines(port, ended)
    assert_once_each(lines, records)


def test_a_job_made_through_one_instance_is_read_through_another(tmp_path: Path) -> None:
    with (
        durable_redis(tmp_path) as redis,
        running_gunicorn(workers=2, threads=4, env=served_env(redis)) as first,
        running_gunicorn(workers=2, threads=4, env=served_env(redis)) as second,
        running_workers(1, worker_env(redis.url), tmp_path),
    ):
        job = made(first, review_job(4))
        ended = wait_for(second, job["links"]["self"])
        assert ended["state"] == "done" and ended["done"] == 4
        assert record_lines(second, ended) == record_lines(first, ended)
        status, _ = call(second, "DELETE", job["links"]["self"])
        assert status == 204
        status, _ = call(first, "GET", job["links"]["self"])
        assert status == 404
