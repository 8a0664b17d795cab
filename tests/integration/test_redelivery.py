"""How soon a dead worker's record is run again, and what a short heartbeat timeout costs, on the
real parts (gunicorn, two scopa-worker processes, a Redis with its append-only file):

- A worker killed with SIGKILL while it holds a record: the other worker takes that record
  within the heartbeat timeout (``SCOPA_JOB_HEARTBEAT_TIMEOUT_MS``) and the broker's next
  maintenance; the drill prints the seconds from the kill to the record taken again and kept.
- Live workers whose records each take several times the timeout keep them: a busy worker
  still beats (its consumer threads' fetches carry its heartbeat while its worker thread
  searches), so no record is taken twice.
"""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from scripts.local_gunicorn import running_gunicorn
from service.api.examples import finished_record
from tests.integration.job_workers import running_workers, wait_for, worker_env
from tests.integration.test_jobs_durability import (
    durable_redis,
    made,
    records_logged,
    review_job,
    served_env,
    stop_mid_record,
)


def logged_within(log_path: Path, job_id: str, record: int, event: str, limit_s: float) -> float:
    """Seconds until the worker's log shows the record's event (at most ``limit_s``)."""
    start = time.monotonic()
    while time.monotonic() - start < limit_s:
        if record in records_logged(log_path, job_id, event):
            return time.monotonic() - start
        time.sleep(0.05)
    raise AssertionError(f"record {record} not {event} within {limit_s} s")


# The heartbeat timeouts drilled (ms); ``make drill-redelivery`` adds 10 s and the default 60 s.
DRILLED = os.environ.get("DRILL_HEARTBEAT_TIMEOUTS_MS", "1000,3000")
TIMEOUTS_MS = [int(t) for t in DRILLED.split(",")]


@pytest.mark.parametrize("timeout_ms", TIMEOUTS_MS)
def test_a_dead_workers_record_is_run_again_within_its_heartbeat_timeout(
    tmp_path: Path, timeout_ms: int
) -> None:
    timeout = {"SCOPA_JOB_HEARTBEAT_TIMEOUT_MS": str(timeout_ms)}
    with (
        durable_redis(tmp_path) as redis,
        running_gunicorn(workers=1, threads=4, env=served_env(redis)) as port,
        running_workers(2, worker_env(redis.url, **timeout), tmp_path) as workers,
    ):
        job = made(port, review_job())
        wait_for(port, job["links"]["self"], done_at_least=2)
        victim, survivor = workers
        in_hand = stop_mid_record(victim, redis, job["id"])
        victim.process.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        limit_s = timeout_ms / 1000 + 30
        taken_s = logged_within(survivor.log_path, job["id"], in_hand, "taken", limit_s)
        logged_within(survivor.log_path, job["id"], in_hand, "kept", limit_s)
        kept_s = time.monotonic() - killed
        ended = wait_for(port, job["links"]["self"])
    print(
        f"\n[drill] worker killed holding a record, heartbeat timeout {timeout_ms} ms: taken "
        f"again {taken_s:.2f} s after the kill, kept {kept_s:.2f} s after it; job {ended['state']}"
    )
    assert ended["state"] == "done"
    # Its heartbeat stopped when it was frozen, a little before the kill; the broker's
    # maintenance runs at the other worker's next fetch.
    assert taken_s < timeout_ms / 1000 + 10


def long_review_job(records: int, ms: int) -> dict[str, Any]:
    """A review job whose records each search for about ``ms`` a decision."""
    record = finished_record()
    return {
        "review": {
            "reviews": [
                {"record": record, "seats": [0], "budget": {"ms": ms}, "seed": seed}
                for seed in range(records)
            ]
        }
    }


def test_a_live_worker_busy_past_the_timeout_keeps_its_records(tmp_path: Path) -> None:
    timeout = {"SCOPA_JOB_HEARTBEAT_TIMEOUT_MS": "1000"}
    with (
        durable_redis(tmp_path) as redis,
        running_gunicorn(workers=1, threads=4, env=served_env(redis)) as port,
        running_workers(2, worker_env(redis.url, **timeout), tmp_path) as workers,
    ):
        records = 6
        start = time.monotonic()
        job = made(port, long_review_job(records, 2000))
        ended = wait_for(port, job["links"]["self"])
        took_s = time.monotonic() - start
        taken = [sorted(records_logged(w.log_path, job["id"], "taken")) for w in workers]
    per_record_s = took_s * len(workers) / records
    print(
        f"\n[drill] live workers, heartbeat timeout 1000 ms, records of about "
        f"{per_record_s:.1f} s each: taken {taken} (no record twice)"
    )
    assert ended["state"] == "done"
    assert per_record_s > 2.0  # each record outlasts the timeout
    assert sorted(taken[0] + taken[1]) == list(range(records))
