"""Streams and jobs, typed with the generated models: POST /v1/review/batch read line by line as
the server writes it, and a job submitted, waited for and its results downloaded.

Written by hand (scripts/gen_clients.py keeps it across `make clients`). The generated
``review_hands`` reads a batch's answer whole; ``review_batch`` yields each line, a
``BatchReviewLine``, as soon as the server writes it:

    with Client(base_url="http://127.0.0.1:8000", timeout=60.0) as client:
        for line in review_batch(client, BatchReviewRequest(reviews=[ReviewRequest(record)])):
            ...  # line.type_: "review", "problem", then "summary" last

The client's read timeout should be longer than the server's keep-alive interval (10 s).

A job runs on the server's workers: ``submit_job`` takes a ``JobRequest`` and gives the ``Job``,
``wait_for_job`` polls it until it ends, ``job_lines`` yields its results as ``JobDownloadLine``:

    job = submit_job(client, JobRequest(review=BatchReviewRequest(reviews=[...])))
    wait_for_job(client, job.id)
    for line in job_lines(client, job.id):
        ...  # "review" and "problem" lines in record order, then "summary" last

An answer other than the one asked for raises ``ProblemError`` (its status and its ``Problem``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator
from typing import Any

import httpx

from .client import AuthenticatedClient, Client
from .models.batch_review_line import BatchReviewLine
from .models.batch_review_request import BatchReviewRequest
from .models.job import Job
from .models.job_download_line import JobDownloadLine
from .models.job_request import JobRequest
from .models.job_state import JobState
from .models.problem import Problem

BATCH_PATH = "/v1/review/batch"
JOBS_PATH = "/v1/jobs"
JOB_ENDED: frozenset[JobState] = frozenset({"done", "cancelled", "failed"})


class ProblemError(Exception):
    """An answer other than the one asked for: its status and its RFC 9457 problem (None when
    its body is not one, such as a proxy's error page)."""

    def __init__(self, status: int, problem: Problem | None, text: str = "") -> None:
        detail = (problem.detail or problem.title) if problem is not None else text[:300]
        super().__init__(f"HTTP {status}: {detail}" if detail else f"HTTP {status}")
        self.status = status
        self.problem = problem


class StreamCutShortError(Exception):
    """A stream that ended before its summary line, or in the middle of a line."""


def iter_ndjson(chunks: Iterable[bytes | str]) -> Iterator[dict[str, Any]]:
    """Each JSON object of an NDJSON stream read in raw chunks, such as ``iter_bytes()``'s."""
    # Chunks of any size: a line may span several; newlines are kept, so lines stripped of
    # theirs (httpx's iter_lines) would run together.
    pending = b""
    for chunk in chunks:
        pending += chunk.encode() if isinstance(chunk, str) else chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            if line.strip():
                yield _object(line)
    if pending.strip():
        raise StreamCutShortError(f"the stream ended in the middle of a line: {pending[:80]!r}")


def _object(line: bytes) -> dict[str, Any]:
    value = json.loads(line)
    if not isinstance(value, dict):
        raise ValueError(f"an NDJSON line is not a JSON object: {line[:80]!r}")
    return value


def review_batch(
    client: AuthenticatedClient | Client,
    body: BatchReviewRequest,
    *,
    keepalives: bool = False,
) -> Iterator[BatchReviewLine]:
    """POST /v1/review/batch and yield each line as it arrives (keep-alives only if asked)."""
    http = client.get_httpx_client()
    with http.stream("POST", BATCH_PATH, json=body.to_dict()) as response:
        _raise_unless(response, 200)
        summary = False
        for value in iter_ndjson(response.iter_bytes()):
            line = BatchReviewLine.from_dict(value)
            summary = summary or line.type_ == "summary"
            if line.type_ != "keepalive" or keepalives:
                yield line
    if not summary:
        raise StreamCutShortError("the batch's stream ended without its summary line")


def submit_job(client: AuthenticatedClient | Client, body: JobRequest) -> Job:
    """POST /v1/jobs: the new job (its 202)."""
    response = client.get_httpx_client().post(JOBS_PATH, json=body.to_dict())
    _raise_unless(response, 202)
    return Job.from_dict(response.json())


def get_job(client: AuthenticatedClient | Client, job_id: str) -> Job:
    """GET a job: its state, progress and (an insights job, once done) its answer."""
    response = client.get_httpx_client().get(f"{JOBS_PATH}/{job_id}")
    _raise_unless(response, 200)
    return Job.from_dict(response.json())


def wait_for_job(
    client: AuthenticatedClient | Client,
    job_id: str,
    *,
    poll_s: float = 1.0,
    timeout_s: float | None = None,
) -> Job:
    """The job once it has ended (done, cancelled or failed), polled every ``poll_s``;
    TimeoutError after ``timeout_s``."""
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    while True:
        job = get_job(client, job_id)
        if job.state in JOB_ENDED:
            return job
        if deadline is not None and time.monotonic() >= deadline:
            raise TimeoutError(f"job {job_id} is still {job.state} after {timeout_s} s")
        time.sleep(poll_s)


def job_lines(client: AuthenticatedClient | Client, job_id: str) -> Iterator[JobDownloadLine]:
    """A job's result lines as they download, the summary last."""
    path = f"{JOBS_PATH}/{job_id}/download"
    with client.get_httpx_client().stream("GET", path) as response:
        _raise_unless(response, 200)
        summary = False
        for value in iter_ndjson(response.iter_bytes()):
            line = JobDownloadLine.from_dict(value)
            summary = summary or line.type_ == "summary"
            yield line
    if not summary:
        raise StreamCutShortError("the job's download ended without its summary line")


def _raise_unless(response: httpx.Response, status: int) -> None:
    """ProblemError for an answer of another status than the one asked for."""
    if response.status_code != status:
        text = response.read().decode("utf-8", errors="replace")
        raise ProblemError(response.status_code, parse_problem(text), text)


def parse_problem(text: str) -> Problem | None:
    """The problem a body holds, else None (not JSON, or not a problem this client knows)."""
    try:
        value = json.loads(text)
        return Problem.from_dict(value) if isinstance(value, dict) else None
    except (ValueError, KeyError, TypeError):
        return None
