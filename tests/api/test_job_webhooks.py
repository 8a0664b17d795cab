"""Webhooks of jobs (embedded mode): a job's end POSTed signed to its callback_url, tried again
after a receiver's failures, refused for addresses this server does not call, at the POST and
again at delivery."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client import REGISTRY
from standardwebhooks.webhooks import Webhook

from service.api.http.api_keys import digest_of, new_key
from service.api.jobs.model import HookState, JobKind, JobState, NewJob
from service.api.jobs.queue import jobs_of
from service.api.jobs.webhooks import WebhookSender
from service.config import load_settings
from service.webhooks.signing import new_secret
from tests.api.problem_asserts import assert_problem
from tests.api.test_jobs import made, make_app, review_body, wait_ended
from tests.webhooks.receiver import Receiver

SECRET = new_secret()
# Loopback receivers, plain HTTP, retries a tenth of a second apart.
LOOPBACK = {
    "WEBHOOK_SECRET": SECRET,
    "WEBHOOK_ALLOW_HTTP": True,
    "WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
    "WEBHOOK_FIRST_RETRY_MS": 100,
}


def hooked_app(tmp_path: Path, **config: Any) -> Flask:
    return make_app(tmp_path, **{**LOOPBACK, **config})


def wait_hook(client: FlaskClient, location: str, state: str, limit_s: float = 30.0) -> Any:
    """The job once its webhook is in ``state``."""
    deadline = time.monotonic() + limit_s
    while True:
        job = client.get(location).get_json()
        if job["webhook"]["state"] == state:
            return job
        assert time.monotonic() < deadline, job
        time.sleep(0.05)


def attempts(outcome: str) -> float:
    return REGISTRY.get_sample_value("scopa_webhook_attempts_total", {"outcome": outcome}) or 0.0


def test_a_job_s_end_is_posted_signed_and_tried_again_after_the_receiver_fails(
    tmp_path: Path,
) -> None:
    client = hooked_app(tmp_path).test_client()
    failed_before = attempts("rejected")
    with Receiver([500, 503, 200]) as receiver:
        job = made(
            client.post("/v1/jobs", json={"review": review_body(2), "callback_url": receiver.url})
        )
        assert job["webhook"] == {
            "url": receiver.url,
            "state": "waiting",
            "attempts": 0,
            "last": None,
        }
        ended = wait_ended(client, job["links"]["self"])
        delivered = wait_hook(client, job["links"]["self"], "delivered")
        posts = receiver.wait_for(3)
    assert delivered["webhook"] == {
        "url": receiver.url,
        "state": "delivered",
        "attempts": 3,
        "last": "HTTP 200",
    }
    assert [post.status for post in posts] == [500, 503, 200]
    # One id for every attempt (the receiver drops a second delivery), each signed afresh.
    assert {post.headers["webhook-id"] for post in posts} == {f"job-{job['id']}-done"}
    for post in posts:
        event = Webhook(SECRET).verify(post.body, post.headers)
        assert post.headers["content-type"] == "application/json"
        assert post.headers["user-agent"] == "scopa-webhooks/1"
    assert event["type"] == "job.done"
    assert event["timestamp"] == ended["finished"]
    expected = {k: v for k, v in ended.items() if k != "webhook"}
    assert event["data"] == expected
    assert attempts("rejected") - failed_before == 2


def test_the_answer_of_a_key_s_job_is_signed_with_the_key_s_own_secret(tmp_path: Path) -> None:
    key, own = new_key(), new_secret()
    keys = tmp_path / "keys.json"
    entry = {"name": "acme", "sha256": digest_of(key), "webhook_secret": own}
    keys.write_text(json.dumps({"keys": [entry]}), encoding="utf-8")
    client = hooked_app(tmp_path, API_KEYS_FILE=str(keys)).test_client()
    headers = {"Authorization": f"Bearer {key}"}
    with Receiver([200]) as receiver:
        body = {"review": review_body(1), "callback_url": receiver.url}
        job = made(client.post("/v1/jobs", json=body, headers=headers))
        (post,) = receiver.wait_for(1)
    assert Webhook(own).verify(post.body, post.headers)["data"]["id"] == job["id"]


def test_a_cancelled_job_s_end_is_posted_too(tmp_path: Path) -> None:
    client = hooked_app(tmp_path).test_client()
    with Receiver([200]) as receiver:
        body = {"review": review_body(40, {"iterations": 400}), "callback_url": receiver.url}
        job = made(client.post("/v1/jobs", json=body))
        assert client.delete(job["links"]["self"]).get_json()["state"] == "cancelled"
        (post,) = receiver.wait_for(1)
    event = Webhook(SECRET).verify(post.body, post.headers)
    assert (event["type"], event["data"]["state"]) == ("job.cancelled", "cancelled")


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("https://127.0.0.1/hook", "non-public"),
        ("https://10.0.0.7/hook", "non-public"),
        ("https://169.254.169.254/latest", "non-public"),
        ("http://93.184.216.34/hook", "plain HTTP"),
        ("https://user:pw@93.184.216.34/hook", "user or password"),
        ("https://scopa-no-such-host.invalid/hook", "does not resolve"),
    ],
)
def test_a_callback_this_server_will_not_call_is_a_422_naming_it(
    tmp_path: Path, url: str, reason: str
) -> None:
    client = make_app(tmp_path, WEBHOOK_SECRET=SECRET).test_client()
    answer = client.post("/v1/jobs", json={"review": review_body(1), "callback_url": url})
    assert_problem(answer, 422)
    problem = answer.get_json()
    assert list(problem["errors"]) == ["callback_url"]
    assert reason in problem["errors"]["callback_url"][0]
    assert client.get("/v1/jobs").get_json()["jobs"] == []


def test_a_callback_without_a_secret_to_sign_it_is_a_422(tmp_path: Path) -> None:
    client = make_app(tmp_path, WEBHOOK_ALLOW_HTTP=True).test_client()
    body = {"review": review_body(1), "callback_url": "https://93.184.216.34/hook"}
    answer = client.post("/v1/jobs", json=body)
    assert_problem(answer, 422)
    assert "SCOPA_WEBHOOK_SECRET" in answer.get_json()["errors"]["callback_url"][0]
    assert client.get("/v1/jobs").get_json()["jobs"] == []


def test_an_address_refused_at_delivery_is_never_called(tmp_path: Path) -> None:
    """A host that resolved to a public address when its job was posted, and to a private
    one now (DNS rebinding), is checked again: nothing is sent, and the webhook is abandoned."""
    app = make_app(tmp_path, WEBHOOK_SECRET=SECRET, WEBHOOK_ALLOW_HTTP=True)
    store = jobs_of(app).store
    sender = WebhookSender(app, store, load_settings(app.config))
    with Receiver([200]) as receiver:
        now = time.time()
        store.create(NewJob("rebound", "", JobKind.REVIEW, 1, b"{}", now, now + 600, receiver.url))
        store.end("rebound", JobState.DONE, now, now + 600)
        (attempt,) = sender.send_due().values()
        time.sleep(0.2)
        assert receiver.received == []
    assert attempt is not None and not attempt.retry and "non-public" in (attempt.error or "")
    job = store.get("rebound")
    assert job is not None and job.hook is not None
    assert (job.hook.state, job.hook.attempts) == (HookState.ABANDONED, 1)
    assert sender.send_due(now + 10_000) == {}
    sender.stop()


def test_a_receiver_that_fails_past_the_retry_window_is_abandoned(tmp_path: Path) -> None:
    client = hooked_app(tmp_path, WEBHOOK_RETRY_S=2).test_client()
    with Receiver([500]) as receiver:
        job = made(
            client.post("/v1/jobs", json={"review": review_body(1), "callback_url": receiver.url})
        )
        abandoned = wait_hook(client, job["links"]["self"], "abandoned")
        count = len(receiver.received)
    assert abandoned["webhook"]["attempts"] == count >= 2
    assert abandoned["webhook"]["last"] == "HTTP 500"


def test_a_receiver_that_answers_410_gone_is_not_tried_again(tmp_path: Path) -> None:
    client = hooked_app(tmp_path).test_client()
    with Receiver([410]) as receiver:
        job = made(
            client.post("/v1/jobs", json={"review": review_body(1), "callback_url": receiver.url})
        )
        abandoned = wait_hook(client, job["links"]["self"], "abandoned")
        time.sleep(0.5)
        assert len(receiver.received) == 1
    assert abandoned["webhook"]["last"] == "HTTP 410"


def test_a_job_whose_post_failed_sends_no_webhook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its client was answered 503 and never got its id: no receiver hears of it."""
    app = hooked_app(tmp_path)
    jobs = jobs_of(app)

    def refuse(job_id: str, index: int) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(jobs.record, "send", refuse)
    monkeypatch.setattr("service.api.jobs.queue.SEND_PATIENCE_S", 0.2)
    client = app.test_client()
    with Receiver([200]) as receiver:
        body = {"review": review_body(1), "callback_url": receiver.url}
        assert client.post("/v1/jobs", json=body).status_code == 503
        (job,) = client.get("/v1/jobs").get_json()["jobs"]
        assert jobs.sender.send_due(time.time() + 1) == {}
        time.sleep(1.5)
        assert receiver.received == []
    assert job["state"] == "failed"
    assert job["webhook"]["state"] == "abandoned"
    assert job["webhook"]["last"] == "not sent: the job's POST was answered 503"
