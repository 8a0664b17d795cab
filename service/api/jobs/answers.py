"""What the job endpoints answer: a new job checked and kept, a job's state and progress, its
results by page or as NDJSON, and its cancellation."""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from typing import Any

import orjson

from service.api.http.problems import (
    QUOTA_EXCEEDED,
    QUOTA_EXCEEDED_TITLE,
    VALIDATION,
    ProblemError,
    field_message,
)
from service.api.http.tracing import current_traceparent
from service.api.jobs.document import JOBS_PATH, job_document
from service.api.jobs.model import ENDED, Job, JobState, NewJob, new_job_id
from service.api.jobs.queue import Jobs
from service.api.jobs.request import ENTRIES, JobRequest
from service.api.review.lines import PROBLEM, REVIEW, SUMMARY
from service.engine.message import Message

# A client over its jobs in progress may retry after this many seconds.
ACTIVE_RETRY_S = 30
# Records read from the store at a time for a download.
PAGE_MAX = 1000


def new_job(request: JobRequest, owner: str, config: Mapping[str, Any]) -> NewJob:
    """A job of the request's kind, keeping its body as sent, within the records limit."""
    kind = request.kind
    entries = ENTRIES[kind]
    count, most, field = request.records, config["JOB_MAX_RECORDS"], f"{kind.value}.{entries}"
    if count > most:
        reason = Message(
            "{count} records, over this server's limit of {most} a job", count=count, most=most
        )
        raise ProblemError(422, field_message(field, reason), {field: [reason]}, VALIDATION)
    now = time.time()
    return NewJob(
        id=new_job_id(),
        owner=owner,
        kind=kind,
        total=count,
        request=orjson.dumps(request.sent),
        created=now,
        expires=now + config["JOB_MAX_RUN_S"] + config["JOB_RETENTION_S"],
        callback=request.callback,
        trace=current_traceparent(),
    )


def check_signing(request: JobRequest, secret: str | None) -> None:
    """A 422 naming ``callback_url`` when the job's webhook would have no secret to sign it."""
    if request.callback is None or secret is not None:
        return
    field = "callback_url"
    reason = Message(
        "this server has no secret to sign your webhooks: its operator sets "
        "SCOPA_WEBHOOK_SECRET, or a webhook_secret for your API key"
    )
    raise ProblemError(422, field_message(field, reason), {field: [reason]}, VALIDATION)


def check_room(jobs: Jobs, owner: str, key: str | None, config: Mapping[str, Any]) -> None:
    """A 429 naming the quota when the owner has JOB_MAX_ACTIVE jobs not ended."""
    most = config["JOB_MAX_ACTIVE"]
    if jobs.store.active_of(owner) < most:
        return
    raise ProblemError(
        429,
        Message(
            "{most} jobs are not ended yet, the most at a time; retry when one has ended",
            most=most,
        ),
        type_=QUOTA_EXCEEDED,
        title=QUOTA_EXCEEDED_TITLE,
        headers={"Retry-After": str(ACTIVE_RETRY_S)},
        quota={"key": key, "name": "active_jobs", "limit": most},
    )


def owned_job(jobs: Jobs, job_id: str, owner: str) -> Job:
    """The owner's job; a 404 when there is none, or it is another key's."""
    job = jobs.reader.get(job_id)
    if job is None or job.owner != owner:
        raise ProblemError(
            404,
            Message("no job {job_id}: it never was, has expired or is not yours", job_id=job_id),
        )
    return job


def jobs_page(jobs: Jobs, owner: str, offset: int, limit: int) -> dict[str, Any]:
    """A page of the owner's jobs, newest first."""
    found = jobs.reader.jobs_of(owner, offset, limit)
    after = offset + limit
    return {
        "jobs": [job_document(job) for job in found],
        "offset": offset,
        "limit": limit,
        "next": f"{JOBS_PATH}?offset={after}&limit={limit}" if len(found) == limit else None,
    }


def results_page(jobs: Jobs, job: Job, offset: int, limit: int) -> dict[str, Any]:
    """The lines of records ``offset`` .. ``offset + limit - 1`` that have one, in order."""
    indices = range(offset, min(job.total, offset + limit))
    found = jobs.reader.results(job.id, indices)
    after = offset + limit
    return {
        "id": job.id,
        "state": job.state.value,
        "records": job.total,
        "offset": offset,
        "limit": limit,
        "items": [orjson.loads(found[i]) for i in indices if i in found],
        "next": f"{JOBS_PATH}/{job.id}/results?offset={after}&limit={limit}"
        if after < job.total
        else None,
    }


def summary_line(job: Job, reviewed: int, problems: int) -> dict[str, Any]:
    """The last line of a job's download: the job, its state and its lines by type."""
    return {
        "type": SUMMARY,
        "id": job.id,
        "state": job.state.value,
        "records": job.total,
        "reviewed": reviewed,
        "problems": problems,
    }


def download_lines(jobs: Jobs, job: Job) -> Iterator[dict[str, Any]]:
    """Every kept line in record order (read page by page), then the summary line."""
    counts = {REVIEW: 0, PROBLEM: 0}
    for start in range(0, job.total, PAGE_MAX):
        found = jobs.reader.results(job.id, range(start, min(job.total, start + PAGE_MAX)))
        for index in sorted(found):
            line = orjson.loads(found[index])
            counts[PROBLEM if line["type"] == PROBLEM else REVIEW] += 1
            yield line
    yield summary_line(job, counts[REVIEW], counts[PROBLEM])


def cancel(jobs: Jobs, job: Job, retention_s: int) -> Job | None:
    """Cancel a job not ended (its records not yet run are skipped) and give it as it now
    is; remove an ended one and its results (None)."""
    if job.state in ENDED:
        jobs.store.delete(job.id)
        return None
    now = time.time()
    jobs.store.end(job.id, JobState.CANCELLED, now, now + retention_s)
    return jobs.store.get(job.id)
