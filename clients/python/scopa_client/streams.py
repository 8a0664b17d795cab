"""Streamed answers read line by line as they arrive: POST /v1/review/batch's NDJSON, and a
job's results downloaded as NDJSON.

Written by hand (scripts/gen_clients.py keeps it across `make clients`). The generated
``review_hands`` call reads a batch's answer whole; ``review_batch`` yields each line as a dict
as soon as the server writes it:

    with Client(base_url="http://127.0.0.1:8000", timeout=60.0) as client:
        for line in review_batch(client, {"reviews": [{"record": record}]}):
            ...  # line["type"]: "review", "problem", then "summary" last

The client's read timeout should be longer than the server's keep-alive interval (10 s).

A job (the generated ``create_job``, or ``submit_job`` here with a plain dict) runs on the
server's workers; ``wait_for_job`` polls it until it ends and ``job_lines`` reads its results:

    job = submit_job(client, {"review": {"reviews": [{"record": record}]}})
    wait_for_job(client, job["id"])
    for line in job_lines(client, job["id"]):
        ...  # "review" and "problem" lines in record order, then "summary" last
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from .client import AuthenticatedClient, Client
from .models.batch_review_request import BatchReviewRequest

BATCH_PATH = "/v1/review/batch"
JOBS_PATH = "/v1/jobs"
KEEPALIVE, SUMMARY = "keepalive", "summary"
JOB_ENDED = frozenset({"done", "cancelled", "failed"})


class ProblemError(Exception):
    """An answer other than a 200: its status and its RFC 9457 problem (None if it had none)."""

    def __init__(self, status: int, problem: dict[str, Any] | None, text: str = "") -> None:
        detail = (problem or {}).get("detail") or (problem or {}).get("title") or text[:300]
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
    client: Client | AuthenticatedClient,
    body: BatchReviewRequest | Mapping[str, Any],
    *,
    keepalives: bool = False,
) -> Iterator[dict[str, Any]]:
    """POST /v1/review/batch and yield each line as it arrives (keep-alives only if asked)."""
    payload = body.to_dict() if isinstance(body, BatchReviewRequest) else dict(body)
    with client.get_httpx_client().stream("POST", BATCH_PATH, json=payload) as response:
        if response.status_code != 200:
            text = response.read().decode("utf-8", errors="replace")
            raise ProblemError(response.status_code, _problem(text), text)
        summary = False
        for line in iter_ndjson(response.iter_bytes()):
            summary = summary or line.get("type") == SUMMARY
            if line.get("type") != KEEPALIVE or keepalives:
                yield line
    if not summary:
        raise StreamCutShortError("the batch's stream ended without its summary line")


def submit_job(client: Client | AuthenticatedClient, body: Mapping[str, Any]) -> dict[str, Any]:
    """POST /v1/jobs: the new job (202), or its ProblemError."""
    response = client.get_httpx_client().post(JOBS_PATH, json=dict(body))
    if response.status_code != 202:
        raise ProblemError(response.status_code, _problem(response.text), response.text)
    job: dict[str, Any] = response.json()
    return job


def get_job(client: Client | AuthenticatedClient, job_id: str) -> dict[str, Any]:
    """GET a job: its state, progress and (once done) its answer."""
    response = client.get_httpx_client().get(f"{JOBS_PATH}/{job_id}")
    if response.status_code != 200:
        raise ProblemError(response.status_code, _problem(response.text), response.text)
    job: dict[str, Any] = response.json()
    return job


def wait_for_job(
    client: Client | AuthenticatedClient,
    job_id: str,
    *,
    poll_s: float = 1.0,
    timeout_s: float | None = None,
) -> dict[str, Any]:
    """The job once it has ended (done, cancelled or failed), polled every ``poll_s``;
    TimeoutError after ``timeout_s``."""
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    while True:
        job = get_job(client, job_id)
        if job["state"] in JOB_ENDED:
            return job
        if deadline is not None and time.monotonic() >= deadline:
            raise TimeoutError(f"job {job_id} is still {job['state']} after {timeout_s} s")
        time.sleep(poll_s)


def job_lines(client: Client | AuthenticatedClient, job_id: str) -> Iterator[dict[str, Any]]:
    """A job's result lines as they download, the summary last."""
    path = f"{JOBS_PATH}/{job_id}/download"
    with client.get_httpx_client().stream("GET", path) as response:
        if response.status_code != 200:
            text = response.read().decode("utf-8", errors="replace")
            raise ProblemError(response.status_code, _problem(text), text)
        summary = False
        for line in iter_ndjson(response.iter_bytes()):
            summary = summary or line.get("type") == SUMMARY
            yield line
    if not summary:
        raise StreamCutShortError("the job's download ended without its summary line")


def _problem(text: str) -> dict[str, Any] | None:
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None
