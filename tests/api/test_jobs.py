"""/v1/jobs without Redis: jobs kept in an SQLite file and run by the web process's own
Dramatiq worker thread (the embedded mode)."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from service.api.app import create_app
from service.api.examples import finished_record, short_record
from service.api.http.api_keys import digest_of, new_key
from service.api.jobs import runner
from service.api.jobs.answers import new_job
from service.api.jobs.model import JobKind
from service.api.jobs.queue import SQLITE_NAME, Jobs, jobs_of
from service.api.jobs.runner import line_bytes
from service.api.jobs.schemas import JobRequestSchema
from service.config import load_settings
from tests.api.problem_asserts import assert_problem

SMALL = {"iterations": 12}
QUOTA_EXCEEDED = "urn:scopa:problem:quota-exceeded"
VALIDATION = "urn:scopa:problem:validation"


def make_app(tmp_path: Path, **config: Any) -> Flask:
    """An app whose jobs live in the test's own directory."""
    return create_app({"TESTING": True, "JOBS_DIR": str(tmp_path), **config})


@pytest.fixture
def jobs_app(tmp_path: Path) -> Flask:
    return make_app(tmp_path)


@pytest.fixture
def jobs_client(jobs_app: Flask) -> FlaskClient:
    return jobs_app.test_client()


def keyed_client(tmp_path: Path) -> tuple[FlaskClient, str, str]:
    """A client of an app with API keys on, and two keys it knows (alpha's, beta's)."""
    first, second = new_key(), new_key()
    keys = tmp_path / "keys.json"
    entries = [
        {"name": "alpha", "sha256": digest_of(first)},
        {"name": "beta", "sha256": digest_of(second)},
    ]
    keys.write_text(json.dumps({"keys": entries}), encoding="utf-8")
    return make_app(tmp_path, API_KEYS_FILE=str(keys)).test_client(), first, second


def test_without_a_jobs_dir_the_jobs_live_in_the_instance_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SCOPA_JOBS_DIR", raising=False)
    settings = load_settings({"TESTING": True})
    assert settings.jobs_dir is None
    first, second = (
        Flask("one", instance_path=str(tmp_path / "one")),
        Flask("two", instance_path=str(tmp_path / "two")),
    )
    stores = [Jobs(app, settings).embedded for app in (first, second)]
    paths = [Path(store.path) for store in stores if store is not None]
    assert paths == [
        tmp_path / "one" / "jobs" / SQLITE_NAME,
        tmp_path / "two" / "jobs" / SQLITE_NAME,
    ]
    assert all(path.is_file() for path in paths)


def review_body(count: int = 2, budget: dict[str, int] = SMALL) -> dict[str, Any]:
    return {
        "reviews": [
            {"record": short_record(), "budget": budget, "seed": seed} for seed in range(count)
        ]
    }


def wait_ended(client: FlaskClient, location: str, limit_s: float = 60.0, **kw: Any) -> Any:
    """The job once it has ended."""
    deadline = time.monotonic() + limit_s
    while True:
        job = client.get(location, **kw).get_json()
        if job["state"] in {"done", "cancelled", "failed"}:
            return job
        assert time.monotonic() < deadline, job
        time.sleep(0.05)


def made(response: TestResponse) -> dict[str, Any]:
    assert response.status_code == 202, response.get_data(as_text=True)
    job: dict[str, Any] = response.get_json()
    assert response.headers["Location"] == job["links"]["self"] == f"/v1/jobs/{job['id']}"
    return job


def test_a_review_job_gives_each_record_the_line_the_batch_stream_gives(
    jobs_client: FlaskClient,
) -> None:
    body = review_body(3)
    body["reviews"].append({"record": {"rules": "scopa"}})  # a bad record: its own problem
    job = made(jobs_client.post("/v1/jobs", json={"review": body}))
    assert job["state"] in {"queued", "running"}
    assert job["records"] == 4 and job["kind"] == "review"
    ended = wait_ended(jobs_client, job["links"]["self"])
    assert ended["state"] == "done"
    assert (ended["done"], ended["problems"], ended["progress"]) == (4, 1, 1.0)
    assert ended["finished"] is not None and ended["eta_s"] is None and ended["result"] is None
    page = jobs_client.get(job["links"]["results"]).get_json()
    stream = jobs_client.post("/v1/review/batch", json=body).get_data()
    expected = [json.loads(line) for line in stream.splitlines()]
    # A job's problem names no request (its lines are the same on every run).
    del expected[3]["problem"]["instance"]
    assert page["items"] == expected[:4]
    assert [item["type"] for item in page["items"]] == ["review"] * 3 + ["problem"]
    assert page["items"][3]["problem"]["type"] == VALIDATION
    assert page["next"] is None


def test_a_job_s_body_is_decoded_once_by_a_worker_whatever_its_records(
    jobs_client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    decoded: list[JobKind] = []
    real = runner.job_body

    def counting(kind: JobKind, request: bytes) -> Any:
        decoded.append(kind)
        return real(kind, request)

    monkeypatch.setattr(runner, "job_body", counting)
    job = made(jobs_client.post("/v1/jobs", json={"review": review_body(4)}))
    assert wait_ended(jobs_client, job["links"]["self"])["done"] == 4
    assert decoded == [JobKind.REVIEW]


def test_an_insights_job_answers_what_insights_answers(jobs_client: FlaskClient) -> None:
    body = {
        "hands": [
            {"record": finished_record(), "seat": 0},
            {"record": short_record(), "seat": 1},
            {"record": short_record()},  # no seat and no player: a problem
        ],
        "budget": SMALL,
    }
    job = made(jobs_client.post("/v1/jobs", json={"insights": body}))
    ended = wait_ended(jobs_client, job["links"]["self"])
    assert ended["state"] == "done"
    direct = jobs_client.post("/v1/insights", json=body).get_json()
    del direct["problems"][0]["problem"]["instance"]
    assert ended["result"] == direct
    assert direct["hands"] == 2 and [p["index"] for p in direct["problems"]] == [2]
    items = jobs_client.get(job["links"]["results"]).get_json()["items"]
    assert [(i["type"], i.get("seat")) for i in items] == [
        ("review", 0),
        ("review", 1),
        ("problem", None),
    ]


def test_results_come_by_page_and_as_ndjson(jobs_client: FlaskClient) -> None:
    job = made(jobs_client.post("/v1/jobs", json={"review": review_body(5)}))
    wait_ended(jobs_client, job["links"]["self"])
    first = jobs_client.get(f"{job['links']['results']}?limit=2").get_json()
    assert [i["index"] for i in first["items"]] == [0, 1]
    assert first["next"] == f"/v1/jobs/{job['id']}/results?offset=2&limit=2"
    last = jobs_client.get(f"{job['links']['results']}?offset=4&limit=2").get_json()
    assert [i["index"] for i in last["items"]] == [4] and last["next"] is None
    download = jobs_client.get(job["links"]["download"])
    assert download.status_code == 200 and download.mimetype == "application/x-ndjson"
    lines = download.get_data().splitlines()
    assert len(lines) == 6
    assert [json.loads(x)["index"] for x in lines[:5]] == [0, 1, 2, 3, 4]
    summary = json.loads(lines[-1])
    assert summary == {
        "type": "summary",
        "id": job["id"],
        "state": "done",
        "records": 5,
        "reviewed": 5,
        "problems": 0,
    }
    bad = jobs_client.get(f"{job['links']['results']}?limit=0")
    assert_problem(bad, 422, VALIDATION)


def test_cancelling_skips_the_records_not_run_and_a_second_delete_removes_the_job(
    jobs_client: FlaskClient,
) -> None:
    job = made(jobs_client.post("/v1/jobs", json={"review": review_body(40, {"iterations": 400})}))
    cancelled = jobs_client.delete(job["links"]["self"])
    assert cancelled.status_code == 200
    assert cancelled.get_json()["state"] == "cancelled"
    time.sleep(1.0)
    after = jobs_client.get(job["links"]["self"]).get_json()
    assert after["state"] == "cancelled" and after["done"] < 40
    assert jobs_client.delete(job["links"]["self"]).status_code == 204
    gone = jobs_client.get(job["links"]["self"])
    assert_problem(gone, 404, "about:blank")


def test_a_job_must_be_one_kind_and_within_the_records_limit(tmp_path: Path) -> None:
    client = make_app(tmp_path, JOB_MAX_RECORDS=2).test_client()
    neither = client.post("/v1/jobs", json={})
    assert_problem(neither, 422, VALIDATION)
    both = client.post("/v1/jobs", json={"review": review_body(1), "insights": {"hands": [{}]}})
    assert_problem(both, 422, VALIDATION)
    many = client.post("/v1/jobs", json={"review": review_body(3)})
    assert_problem(many, 422, VALIDATION)
    assert list(many.get_json()["errors"]) == ["review.reviews"]


def test_a_job_body_has_its_own_size_limit(tmp_path: Path) -> None:
    client = make_app(tmp_path, MAX_CONTENT_LENGTH=1000, JOB_MAX_CONTENT_LENGTH=4000).test_client()
    made(client.post("/v1/jobs", json={"review": review_body(1)}))
    response = client.post("/v1/jobs", json={"review": review_body(4)})
    assert_problem(response, 413, "about:blank")
    assert "4000" in response.get_json()["detail"]


def test_jobs_not_ended_are_limited_with_a_429_naming_the_quota(tmp_path: Path) -> None:
    client = make_app(tmp_path, JOB_MAX_ACTIVE=1).test_client()
    slow = {"review": review_body(30, {"iterations": 400})}
    first = made(client.post("/v1/jobs", json=slow))
    refused = client.post("/v1/jobs", json=slow)
    assert_problem(refused, 429, QUOTA_EXCEEDED)
    assert refused.headers["Retry-After"] == "30"
    assert refused.get_json()["quota"] == {"key": None, "name": "active_jobs", "limit": 1}
    client.delete(first["links"]["self"])
    made(client.post("/v1/jobs", json={"review": review_body(1)}))


def test_an_unknown_job_is_a_404(jobs_client: FlaskClient) -> None:
    for path in ("/v1/jobs/nope", "/v1/jobs/nope/results", "/v1/jobs/nope/download"):
        assert_problem(jobs_client.get(path), 404, "about:blank")
    assert_problem(jobs_client.delete("/v1/jobs/nope"), 404, "about:blank")


def test_a_record_run_twice_changes_nothing(jobs_app: Flask) -> None:
    client = jobs_app.test_client()
    job = made(client.post("/v1/jobs", json={"review": review_body(2)}))
    wait_ended(client, job["links"]["self"])
    jobs = jobs_of(jobs_app)
    before = jobs.store.results(job["id"], range(2))
    state = jobs.store.get(job["id"])
    jobs.runner.run(job["id"], 0)  # redelivered after its job ended: nothing to do
    jobs.runner.keep(job["id"], 1, {"type": "problem", "index": 1, "problem": {}})
    assert jobs.store.results(job["id"], range(2)) == before
    assert jobs.store.get(job["id"]) == state
    assert orjson.loads(before[0])["type"] == "review"
    assert line_bytes(orjson.loads(before[0])) == before[0]


def test_jobs_belong_to_the_key_that_made_them(tmp_path: Path) -> None:
    client, first, second = keyed_client(tmp_path)
    assert_problem(
        client.post("/v1/jobs", json={"review": review_body(1)}),
        401,
        "urn:scopa:problem:unauthorized",
    )
    mine = {"Authorization": f"Bearer {first}"}
    theirs = {"X-API-Key": second}
    job = made(client.post("/v1/jobs", json={"review": review_body(1)}, headers=mine))
    wait_ended(client, job["links"]["self"], headers=mine)
    for path in (job["links"]["self"], job["links"]["results"], job["links"]["download"]):
        refused = client.get(path, headers=theirs)
        assert_problem(refused, 404, "about:blank")
        assert first not in refused.get_data(as_text=True)
        assert client.get(path, headers=mine).status_code == 200
    assert_problem(client.delete(job["links"]["self"], headers=theirs), 404, "about:blank")
    assert_problem(client.get(job["links"]["self"]), 401, "urn:scopa:problem:unauthorized")


def test_an_unreachable_job_store_is_a_503_that_changes_nothing(tmp_path: Path) -> None:
    client = make_app(tmp_path, JOBS_REDIS_URL="redis://127.0.0.1:1/0").test_client()
    response = client.post("/v1/jobs", json={"review": review_body(1)})
    assert_problem(response, 503, "about:blank")
    assert response.headers["Retry-After"] == "5"
    assert_problem(client.get("/v1/jobs/any"), 503, "about:blank")


def test_a_key_lists_its_own_jobs_newest_first_by_page(tmp_path: Path) -> None:
    client, first, second = keyed_client(tmp_path)
    mine = {"Authorization": f"Bearer {first}"}
    made_ids = [
        made(client.post("/v1/jobs", json={"review": review_body(1)}, headers=mine))["id"]
        for _ in range(3)
    ]
    theirs = made(
        client.post("/v1/jobs", json={"review": review_body(1)}, headers={"X-API-Key": second})
    )
    page = client.get("/v1/jobs?limit=2", headers=mine).get_json()
    assert [job["id"] for job in page["jobs"]] == made_ids[::-1][:2]
    assert page["next"] == "/v1/jobs?offset=2&limit=2"
    rest = client.get(page["next"], headers=mine).get_json()
    assert [job["id"] for job in rest["jobs"]] == made_ids[:1] and rest["next"] is None
    listed = client.get("/v1/jobs", headers={"X-API-Key": second}).get_json()
    assert [job["id"] for job in listed["jobs"]] == [theirs["id"]]
    wait_ended(client, f"/v1/jobs/{made_ids[1]}", headers=mine)
    assert client.delete(f"/v1/jobs/{made_ids[1]}", headers=mine).status_code in {200, 204}
    client.delete(f"/v1/jobs/{made_ids[1]}", headers=mine)
    left = client.get("/v1/jobs", headers=mine).get_json()
    assert [job["id"] for job in left["jobs"]] == [made_ids[2], made_ids[0]]
    assert_problem(client.get("/v1/jobs?limit=101", headers=mine), 422, VALIDATION)


def test_the_jobs_of_a_stopped_process_are_adopted_by_a_live_one(tmp_path: Path) -> None:
    # Two processes of one machine without Redis share the jobs' SQLite file. The first made a
    # job, reviewed its first record and stopped (its in-memory tasks gone, its last note of
    # being alive a minute old): the second takes the job over and runs the rest.
    stopped, live = make_app(tmp_path), make_app(tmp_path)
    gone = jobs_of(stopped)
    job = new_job(JobRequestSchema().load({"review": review_body(3)}), "", stopped.config)
    gone.store.create(job)
    assert gone.embedded is not None
    gone.embedded.run_by(job.id, gone.runner_id)
    gone.embedded.beat(gone.runner_id, time.time() - 60)
    line = {"type": "problem", "index": 0, "problem": {"status": 500}}
    gone.store.add_result(job.id, 0, line_bytes(line), problem=True)
    taker = jobs_of(live)
    assert taker.adopt_orphans() == {job.id: [1, 2]}
    assert taker.adopt_orphans() == {}  # its own now, and it is alive
    client = live.test_client()
    ended = wait_ended(client, f"/v1/jobs/{job.id}")
    assert (ended["state"], ended["done"], ended["problems"]) == ("done", 3, 1)
    items = client.get(f"/v1/jobs/{job.id}/results").get_json()["items"]
    assert [item["type"] for item in items] == ["problem", "review", "review"]


def test_a_live_process_keeps_its_jobs(tmp_path: Path) -> None:
    first, second = make_app(tmp_path), make_app(tmp_path)
    job = made(first.test_client().post("/v1/jobs", json={"review": review_body(2)}))
    assert jobs_of(first).adopt_orphans() == {}
    assert jobs_of(second).adopt_orphans() == {}
    wait_ended(second.test_client(), job["links"]["self"])


def test_a_job_whose_tasks_cannot_all_be_sent_is_a_503_and_ends_failed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = make_app(tmp_path)
    jobs = jobs_of(app)
    sent: list[int] = []

    def send_two(job_id: str, index: int) -> None:
        if len(sent) == 2:
            raise sqlite3.OperationalError("database is locked")
        sent.append(index)

    monkeypatch.setattr(jobs.record, "send", send_two)
    monkeypatch.setattr("service.api.jobs.queue.SEND_PATIENCE_S", 0.3)
    client = app.test_client()
    refused = client.post("/v1/jobs", json={"review": review_body(4)})
    assert_problem(refused, 503, "about:blank")
    (job,) = client.get("/v1/jobs").get_json()["jobs"]
    assert (job["state"], job["records"], sent) == ("failed", 4, [0, 1])
    assert jobs.store.active_of("") == 0


def test_a_fair_play_job_answers_what_fair_play_answers(jobs_client: FlaskClient) -> None:
    body = {
        "hands": [
            {"record": finished_record(), "seat": 0},
            {"record": finished_record(), "seat": 1},
            {"record": short_record()},  # no seat and no player: a problem
        ],
    }
    job = made(jobs_client.post("/v1/jobs", json={"fair_play": body}))
    assert job["kind"] == "fair_play"
    ended = wait_ended(jobs_client, job["links"]["self"])
    assert ended["state"] == "done"
    direct = jobs_client.post("/v1/fair-play", json=body).get_json()
    del direct["problems"][0]["problem"]["instance"]
    assert ended["result"] == direct
    assert direct["hands"] == 2 and [p["index"] for p in direct["problems"]] == [2]
    items = jobs_client.get(job["links"]["results"]).get_json()["items"]
    assert [i["type"] for i in items] == ["evidence", "evidence", "problem"]
    assert [i["evidence"]["seat"] for i in items[:2]] == [0, 1]
