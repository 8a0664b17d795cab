"""A network that splits: the project's own processes on hosts of their own (network namespaces
joined to this machine by veth pairs), cut off from Redis by dropped packets and reconnected.

- A worker cut off from the queue's Redis for longer than the heartbeat timeout, in the middle
  of a record: the other worker runs that record again, the job ends with one line a record,
  byte-identical to an undisturbed run's; once reconnected, the cut worker finishes its record
  and the store keeps the first line only.
- An API instance cut off from Redis: the endpoints that do not need Redis answer as before
  (advice from a search, with the cache off; scores; rules), the jobs endpoints answer 503 with
  Retry-After within their time budget (a job read within its own short timeout), and every
  answer is back once the network is.

Each drill prints its figures: what was cut, for how long, requests or records before, during
and after, failures, and the time to recover.
"""

from __future__ import annotations

import json
import signal
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scripts.local_gunicorn import running_gunicorn
from tests.integration.job_workers import (
    Worker,
    record_lines,
    running_workers,
    wait_for,
    worker_env,
)
from tests.integration.netns import NetworkHost, network_host
from tests.integration.redis_server import RedisServer
from tests.integration.test_jobs_durability import (
    IN_FLIGHT_S,
    assert_once_each,
    made,
    records_logged,
    review_job,
    stop_mid_record,
)
from tests.integration.test_redis_failover import ADVICE_BODY, report

pytestmark = pytest.mark.integration

RECORDS = 12
HEARTBEAT_TIMEOUT_MS = 3000
# How long before it froze a worker may have sent its last heartbeat: each command to the broker
# beats, and an idle consumer fetches every second.
BEAT_SLACK_MS = 1000
# The longest a request may take while Redis is cut off: the jobs' client gives up on a
# silent Redis after its connect (2 s) or read (10 s) timeout.
DEGRADED_BUDGET_S = 15.0
# A job read's: SCOPA_JOBS_READ_TIMEOUT_MS (1 s) to connect or read, no retry.
JOB_READ_BUDGET_S = 3.0
# How long the API stays cut off: past the jobs' client's read timeout.
CUT_S = 15.0


def reachable_redis(tmp_path: Path, host: NetworkHost) -> RedisServer:
    """A durable Redis on this machine's loopback and on its services' address on ``host``'s
    link."""
    server = RedisServer(
        tmp_path,
        durable=True,
        extra_args=("--bind", "127.0.0.1", host.services, "--protected-mode", "no"),
    )
    server.start()
    return server


def wait_logged(worker: Worker, job_id: str, record: int, limit_s: float = 90) -> float:
    """Seconds until the worker logs that it kept ``record``."""
    start = time.monotonic()
    while record not in records_logged(worker.log_path, job_id, "kept"):
        assert time.monotonic() - start < limit_s, worker.log_path.read_text()[-3000:]
        time.sleep(0.05)
    return time.monotonic() - start


def test_a_worker_cut_off_from_the_queue_loses_no_record_and_writes_none_twice(
    tmp_path: Path,
) -> None:
    heartbeat = {"SCOPA_JOB_HEARTBEAT_TIMEOUT_MS": str(HEARTBEAT_TIMEOUT_MS)}
    with network_host() as host:
        redis = reachable_redis(tmp_path, host)
        far_url = f"redis://{host.services}:{redis.port}/0"
        served = {"SCOPA_JOBS_REDIS_URL": redis.url, "SCOPA_ADVICE_CACHE": "false"}
        try:
            with (
                running_gunicorn(workers=1, threads=4, env=served) as port,
                running_workers(
                    1, worker_env(far_url, **heartbeat), tmp_path, launcher=host.launcher
                ) as (far,),
                running_workers(1, worker_env(redis.url, **heartbeat), tmp_path) as (near,),
            ):
                job = made(port, review_job(RECORDS))
                path = job["links"]["self"]
                in_hand = stop_mid_record(far, redis, job["id"])
                # Frozen at least this long ago (stop_mid_record looks after a pause).
                frozen_at = time.monotonic() - IN_FLIGHT_S
                before = _done(port, path)
                host.cut_from(host.services)
                cut_at = time.monotonic()
                far.process.send_signal(signal.SIGCONT)
                # Cut until the other worker has run the record again (past the heartbeat).
                rerun_s = wait_logged(near, job["id"], in_hand)
                during = _done(port, path)
                host.reconnect(host.services)
                cut_s = time.monotonic() - cut_at
                back_s = wait_logged(far, job["id"], in_hand)
                disturbed = wait_for(port, path)
                lines = record_lines(port, disturbed)
                again = wait_for(port, made(port, review_job(RECORDS))["links"]["self"])
                undisturbed = record_lines(port, again)
        finally:
            redis.stop()
    report(
        "worker cut off from the queue's Redis mid-record",
        cut_s=round(cut_s, 2),
        heartbeat_timeout_s=HEARTBEAT_TIMEOUT_MS / 1000,
        records_before=before,
        records_during=during - before,
        records_after=disturbed["done"] - during,
        failures=disturbed["problems"],
        record_rerun_after_s=round(rerun_s, 2),
        cut_worker_back_after_s=round(back_s, 2),
    )
    # Redone once the heartbeat timed out, not before: counted from the freeze, the worker's
    # last heartbeat having come at most one fetch (1 s, with its last command) before it.
    silent_s = cut_at - frozen_at + rerun_s
    assert silent_s * 1000 > HEARTBEAT_TIMEOUT_MS - BEAT_SLACK_MS
    assert disturbed["state"] == "done" and disturbed["problems"] == 0
    assert_once_each(lines, RECORDS)
    assert lines == undisturbed


def _done(port: int, path: str) -> int:
    status, body = request(f"http://127.0.0.1:{port}{path}")[:2]
    assert status == 200, body
    done: int = json.loads(body)["done"]
    return done


def request(url: str, body: Any = None) -> tuple[int, bytes, dict[str, str], float]:
    """One request: its status, body, headers and seconds taken."""
    data = None if body is None else json.dumps(body).encode()
    sent = urllib.request.Request(
        url,
        data=data,
        method="GET" if data is None else "POST",
        headers={"Content-Type": "application/json"} if data is not None else {},
    )
    start = time.monotonic()
    try:
        with urllib.request.urlopen(sent, timeout=60) as answer:
            return int(answer.status), answer.read(), dict(answer.headers), _since(start)
    except urllib.error.HTTPError as error:
        with error:
            return int(error.code), error.read(), dict(error.headers), _since(start)


def _since(start: float) -> float:
    return time.monotonic() - start


SCORE_BODY: dict[str, Any] = {
    "rules": "scopa",
    "piles": [
        {"cards": [f"{rank}{suit}" for suit in "DC" for rank in range(1, 11)], "scope": 1},
        {"cards": [f"{rank}{suit}" for suit in "SB" for rank in range(1, 11)], "scope": 0},
    ],
}


def test_an_api_cut_off_from_redis_degrades_as_documented(tmp_path: Path) -> None:
    with network_host() as host:
        redis = reachable_redis(tmp_path, host)
        url = f"redis://{host.services}:{redis.port}/0"
        env = {"REDIS_URL": url, "SCOPA_JOBS_REDIS_URL": url}
        try:
            with running_gunicorn(
                workers=1, threads=8, env=env, host=host.address, launcher=host.launcher
            ) as port:
                base = f"http://{host.address}:{port}"
                job = json.loads(request(base + "/v1/jobs", review_job(2))[1])
                path = job["links"]["self"]
                before = exchange(base, path)
                host.cut_from(host.services)
                cut_at = time.monotonic()
                during: list[Answer] = []
                while time.monotonic() - cut_at < CUT_S:
                    during += exchange(base, path)
                host.reconnect(host.services)
                cut_s = time.monotonic() - cut_at
                recovered_s = until_all_answer(base, path)
                after = exchange(base, path)
        finally:
            redis.stop()
    degraded = [a for a in during if a.status != degraded_status(a.name)]
    report(
        "API cut off from Redis",
        cut_s=round(cut_s, 2),
        requests_before=len(before),
        requests_during=len(during),
        requests_after=len(after),
        failures=sum(a.status != EVERY_ANSWER[a.name] for a in before + after) + len(degraded),
        during=" ".join(f"{name}={degraded_status(name)}" for name in EVERY_ANSWER),
        slowest_during_s=round(max(a.seconds for a in during), 2),
        slowest_job_read_during_s=round(max(a.seconds for a in during if a.name == "job-read"), 2),
        recovered_s=round(recovered_s, 2),
    )
    for answer in before + after:
        assert answer.status == EVERY_ANSWER[answer.name], answer
    assert not degraded, degraded
    for answer in during:
        if answer.name in NEEDS_REDIS:
            assert int(answer.headers["Retry-After"]) > 0, answer
        assert answer.seconds < DEGRADED_BUDGET_S, answer
        if answer.name == "job-read":  # the reads' own short timeout, not the writes' 10 s
            assert answer.seconds < JOB_READ_BUDGET_S, answer


@dataclass(frozen=True)
class Answer:
    """One request of a drill: what was asked, the status, the headers, the seconds taken."""

    name: str
    status: int
    headers: dict[str, str]
    seconds: float


def degraded_status(name: str) -> int:
    """What a request answers while Redis is cut off: 503 where it needs Redis."""
    return 503 if name in NEEDS_REDIS else EVERY_ANSWER[name]


EVERY_ANSWER = {"advice": 200, "score": 200, "rules": 200, "job-made": 202, "job-read": 200}
NEEDS_REDIS = {"job-made", "job-read"}


def exchange(base: str, job_path: str) -> list[Answer]:
    """Each kind of request once."""
    asked = {
        "advice": (base + "/v1/advice", ADVICE_BODY),
        "score": (base + "/v1/score", SCORE_BODY),
        "rules": (base + "/v1/rules", None),
        "job-made": (base + "/v1/jobs", review_job(1)),
        "job-read": (base + job_path, None),
    }
    answers = []
    for name, (url, body) in asked.items():
        status, _, headers, taken = request(url, body)
        answers.append(Answer(name, status, headers, taken))
    return answers


def until_all_answer(base: str, job_path: str, limit_s: float = 60) -> float:
    """Seconds until every kind of request answers as before the cut."""
    start = time.monotonic()
    while True:
        answers = exchange(base, job_path)
        if all(answer.status == EVERY_ANSWER[answer.name] for answer in answers):
            return time.monotonic() - start
        assert time.monotonic() - start < limit_s, answers
        time.sleep(0.2)
