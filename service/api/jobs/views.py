"""/v1/jobs: batch reviews and insights run on the job workers, read back when done; their
declarations, blueprint and views."""

from __future__ import annotations

import functools
import logging
import sqlite3
from collections.abc import Callable
from typing import Any

import orjson
import redis
from flask import Response, current_app, g

from service.api.examples import Lazy, short_record
from service.api.http.api_keys import webhook_secret_of
from service.api.http.json import NDJSON_TYPE, Blueprint, json_answer, ndjson_answer
from service.api.http.operations import BY_PARTS, JOB_LIMIT, ONE_UNIT, Operation, route
from service.api.http.problems import ProblemError
from service.api.jobs.answers import (
    cancel,
    check_room,
    check_signing,
    download_lines,
    jobs_page,
    new_job,
    owned_job,
    results_page,
)
from service.api.jobs.document import job_document, job_links
from service.api.jobs.queue import jobs_of
from service.api.jobs.request import JobRequest
from service.api.jobs.schemas import (
    JobDownloadLineSchema,
    JobListSchema,
    JobRequestSchema,
    JobResultsSchema,
    JobSchema,
    JobsQuerySchema,
    ResultsQuerySchema,
)
from service.api.review.views import BATCH_ANSWER
from service.engine.message import Message


def job_records(request: JobRequest) -> int:
    """One unit for each record of the job."""
    return request.records


CREATE_JOB = Operation(
    "createJob",
    BY_PARTS,
    "POST",
    "/v1/jobs",
    request=JobRequestSchema,
    units=job_records,
    body_limit=JOB_LIMIT,
    queued=True,
    unavailable=True,
)
LIST_JOBS = Operation("listJobs", ONE_UNIT, "GET", "/v1/jobs", unavailable=True)
GET_JOB = Operation("getJob", ONE_UNIT, "GET", "/v1/jobs/{job_id}", unavailable=True)
JOB_RESULTS = Operation(
    "getJobResults", ONE_UNIT, "GET", "/v1/jobs/{job_id}/results", unavailable=True
)
DOWNLOAD_JOB = Operation(
    "downloadJobResults", ONE_UNIT, "GET", "/v1/jobs/{job_id}/download", unavailable=True
)
CANCEL_JOB = Operation("cancelJob", ONE_UNIT, "DELETE", "/v1/jobs/{job_id}", unavailable=True)

blp = Blueprint("jobs", __name__, url_prefix="/v1", description="Jobs.")
log = logging.getLogger(__name__)
# Seconds a client should wait before retrying when the jobs' store cannot be reached.
STORE_RETRY_S = 5

EXAMPLE = Lazy(
    lambda: {
        "review": {
            "reviews": [
                {"record": short_record(), "budget": {"iterations": 8}, "seed": 7},
                {"record": short_record(), "seats": [1], "budget": {"iterations": 8}, "seed": 8},
            ]
        }
    }
)


def example_job() -> dict[str, Any]:
    """The example job once done (its id and times fixed: the spec is the same every time)."""
    job_id = "Vb3kQ9yLr2TtX0cW8mHn4A"
    return {
        "id": job_id,
        "kind": "review",
        "state": "done",
        "records": 2,
        "done": 2,
        "problems": 0,
        "progress": 1.0,
        "eta_s": None,
        "created": "2026-11-26T10:00:00.000+00:00",
        "started": "2026-11-26T10:00:00.120+00:00",
        "finished": "2026-11-26T10:00:02.480+00:00",
        "expires": "2026-12-03T10:00:02.480+00:00",
        "result": None,
        "webhook": None,
        "links": job_links(job_id),
    }


def example_lines() -> list[dict[str, Any]]:
    """The example job's lines: those of the example batch review."""
    return [orjson.loads(line) for line in BATCH_ANSWER.value().splitlines()[:-1]]


def example_page() -> dict[str, Any]:
    """The example job's one page of results."""
    job = example_job()
    return {
        "id": job["id"],
        "state": "done",
        "records": 2,
        "offset": 0,
        "limit": 100,
        "items": example_lines(),
        "next": None,
    }


def example_download() -> str:
    """The example job's download."""
    summary = {"type": "summary", "id": example_job()["id"], "state": "done", "records": 2}
    lines = [*example_lines(), {**summary, "reviewed": 2, "problems": 0}]
    return "".join(orjson.dumps(x, option=orjson.OPT_SORT_KEYS).decode() + "\n" for x in lines)


def store_reachable(view: Callable[..., Response]) -> Callable[..., Response]:
    """A view whose store or queue errors are a 503 with Retry-After (nothing was changed)."""

    @functools.wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Response:
        try:
            return view(*args, **kwargs)
        except (redis.RedisError, sqlite3.Error) as error:
            log.warning("the jobs' store or queue is unreachable: %s", error)
            raise ProblemError(
                503,
                Message("the jobs' store is unreachable; retry in a few seconds"),
                headers={"Retry-After": str(STORE_RETRY_S)},
            ) from error

    return guarded


def owner() -> str:
    """Whose jobs the request sees: its API key's name (every job is the server's without
    keys)."""
    name: str | None = g.get("api_key")
    return name or ""


@route(blp, CREATE_JOB, example=EXAMPLE)
@blp.response(202, JobSchema, example=Lazy(lambda: {**example_job(), "state": "queued"}))
@store_reachable
def post_job(request: JobRequest) -> Response:
    """Make a job: a batch review or a player's insights, run on the job workers.

    The body holds exactly one of `review` (a /v1/review/batch body) or `insights` (a
    /v1/insights body), of up to `JOB_MAX_RECORDS` records (1,000 by default) in a body of up
    to `JOB_MAX_CONTENT_LENGTH` (4 MiB). The answer is 202 with the job (state `queued`) and
    its URL in `Location`; the records are then reviewed by the workers, one task each, in any
    order and on any machine. Each record is reviewed exactly as /v1/review/batch or
    /v1/insights would review it, under /v1/review's cap per record (no batch cap): the same
    seed and iteration budget give byte-identical lines. A record that does not load, replay
    or fit the cap is a `problem` line of its own; the job goes on.

    A job belongs to the API key that made it: another key's requests get 404. An API key
    (or, without keys, the server) may have `JOB_MAX_ACTIVE` jobs (10) not ended at a time:
    one more is a 429 `quota-exceeded` naming `active_jobs`. The searches of a job's records
    count toward its key's search milliseconds a day as they run; a key whose day is spent
    cannot make a job. Rate limit: one unit per record.
    """
    config = current_app.config
    jobs = jobs_of(current_app)
    check_signing(request, webhook_secret_of(current_app, owner()))
    job = new_job(request, owner(), config)
    check_room(jobs, owner(), g.get("api_key"), config)
    jobs.submit(job)
    made = jobs.store.get(job.id)
    assert made is not None
    document = job_document(made)
    return json_answer(document, {"Location": document["links"]["self"]}, status=202)


@route(blp, LIST_JOBS)
@blp.arguments(JobsQuerySchema, location="query")
@blp.response(
    200,
    JobListSchema,
    example=Lazy(lambda: {"jobs": [example_job()], "offset": 0, "limit": 20, "next": None}),
)
@store_reachable
def list_jobs(query: dict[str, int]) -> Response:
    """The caller's jobs not yet expired, newest first, by page: those of its API key (every
    job of the server without keys). `next` is the next page's URL, null when this page is
    not full."""
    return json_answer(jobs_page(jobs_of(current_app), owner(), query["offset"], query["limit"]))


@route(blp, GET_JOB)
@blp.response(200, JobSchema, example=Lazy(example_job))
@store_reachable
def get_job(job_id: str) -> Response:
    """A job: its state, progress and time left, and once done its answer.

    `records`, `done` and `problems` count its records; `eta_s` is the time left at the pace
    so far. An insights job's `result` is the /v1/insights answer once done. A job and its
    results are kept for `JOB_RETENTION_S` (7 days) after it ends, then a 404.
    """
    return json_answer(job_document(owned_job(jobs_of(current_app), job_id, owner())))


@route(blp, JOB_RESULTS)
@blp.arguments(ResultsQuerySchema, location="query")
@blp.response(200, JobResultsSchema, example=Lazy(example_page))
@store_reachable
def get_job_results(query: dict[str, int], job_id: str) -> Response:
    """A page of a job's result lines, in record order: those of records `offset` to
    `offset + limit - 1` that have one (all of them once the job is done). `next` is the next
    page's URL."""
    jobs = jobs_of(current_app)
    job = owned_job(jobs, job_id, owner())
    return json_answer(results_page(jobs, job, query["offset"], query["limit"]))


@route(blp, DOWNLOAD_JOB)
@blp.response(200, JobDownloadLineSchema, content_type=NDJSON_TYPE, example=Lazy(example_download))
@store_reachable
def download_job(job_id: str) -> Response:
    """A job's result lines as NDJSON, in record order (those kept so far), then a `summary`
    line with the job's state and counts."""
    jobs = jobs_of(current_app)
    job = owned_job(jobs, job_id, owner())
    return ndjson_answer(download_lines(jobs, job))


@route(blp, CANCEL_JOB)
@blp.response(200, JobSchema, example=Lazy(lambda: {**example_job(), "state": "cancelled"}))
@blp.alt_response(204, description="The ended job and its results were removed.")
@store_reachable
def delete_job(job_id: str) -> Response:
    """Cancel a job not ended: its records not yet run are skipped (a record under review
    finishes and keeps its line) and the job, now `cancelled`, is answered. An ended job
    (done, cancelled or failed) is removed with its results: 204."""
    jobs = jobs_of(current_app)
    job = owned_job(jobs, job_id, owner())
    left = cancel(jobs, job, current_app.config["JOB_RETENTION_S"])
    if left is None:
        return current_app.response_class(status=204)
    return json_answer(job_document(left))
