"""Webhooks on the real parts, on loopback: gunicorn, two scopa-worker processes and Redis. A
job's end is delivered by a worker, signed, tried again after the receiver fails; and a worker
killed with SIGKILL in the middle of a delivery leaves it to the other once its claim runs out:
the receiver gets the event again, with the same id."""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest
from standardwebhooks.webhooks import Webhook

from scripts.local_gunicorn import running_gunicorn
from service.webhooks.signing import new_secret
from tests.api.test_jobs import review_body
from tests.integration.job_workers import Worker, running_workers, wait_for, worker_env
from tests.integration.redis_server import RedisServer
from tests.integration.test_jobs_durability import made
from tests.webhooks.receiver import Receiver

pytestmark = pytest.mark.integration

SECRET = new_secret()
TIMEOUT_MS = 3000
# A claim's lease: three timeouts and 30 s (service.api.jobs.webhooks).
LEASE_S = 3 * TIMEOUT_MS / 1000 + 30


def hooks_env(redis: RedisServer) -> dict[str, str]:
    return worker_env(
        redis.url,
        SCOPA_WEBHOOK_SECRET=SECRET,
        SCOPA_WEBHOOK_ALLOW_HTTP="true",
        SCOPA_WEBHOOK_ALLOWED_NETWORKS="127.0.0.0/8",
        SCOPA_WEBHOOK_FIRST_RETRY_MS="200",
        SCOPA_WEBHOOK_TIMEOUT_MS=str(TIMEOUT_MS),
    )


def attempting(workers: list[Worker], job_id: str, limit_s: float = 30.0) -> Worker:
    """The worker whose log says it started an attempt of the job's webhook."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        for worker in workers:
            if f"webhook of job {job_id}: attempt" in worker.log_path.read_text(encoding="utf-8"):
                return worker
        time.sleep(0.05)
    raise AssertionError("no worker started the webhook's attempt")


def test_a_worker_delivers_a_job_s_end_signed_after_the_receiver_failed(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    env = hooks_env(redis_server)
    with (
        Receiver([503, 200]) as receiver,
        running_gunicorn(workers=1, threads=4, env=env) as port,
        running_workers(2, env, tmp_path) as workers,
    ):
        job = made(port, {"review": review_body(2), "callback_url": receiver.url})
        ended = wait_for(port, job["links"]["self"])
        posts = receiver.wait_for(2)
        deadline = time.monotonic() + 10
        while wait_for(port, job["links"]["self"])["webhook"]["state"] != "delivered":
            assert time.monotonic() < deadline
            time.sleep(0.1)
        logs = "".join(worker.log_path.read_text(encoding="utf-8") for worker in workers)
    assert [post.status for post in posts] == [503, 200]
    for post in posts:
        assert Webhook(SECRET).verify(post.body, post.headers)["data"]["id"] == job["id"]
    assert ended["state"] == "done"
    assert f"webhook of job {job['id']} delivered" in logs
    assert f"webhook of job {job['id']} not delivered (HTTP 503)" in logs


@pytest.mark.timeout(300)
def test_a_delivery_whose_worker_died_is_made_by_another_once_its_claim_runs_out(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    env = hooks_env(redis_server)
    with (
        Receiver([200], delay_first_s=10.0) as receiver,
        running_gunicorn(workers=1, threads=4, env=env) as port,
        running_workers(2, env, tmp_path) as workers,
    ):
        job = made(port, {"review": review_body(1), "callback_url": receiver.url})
        receiver.wait_for(1)
        victim = attempting(list(workers), job["id"])
        killed = time.monotonic()
        victim.process.send_signal(signal.SIGKILL)
        victim.process.wait()
        posts = receiver.wait_for(2, limit_s=LEASE_S + 30)
        waited = time.monotonic() - killed
        survivor = next(worker for worker in workers if worker is not victim)
        survivor_log = survivor.log_path.read_text(encoding="utf-8")
    print(f"[drill] webhook sent again {waited:.1f} s after its sender was killed")
    assert {post.headers["webhook-id"] for post in posts} == {f"job-{job['id']}-done"}
    assert Webhook(SECRET).verify(posts[1].body, posts[1].headers)["type"] == "job.done"
    assert f"webhook of job {job['id']} delivered" in survivor_log
    assert waited <= LEASE_S + 5
