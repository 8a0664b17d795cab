"""A job as the API shows it: its state, progress, times, answer, webhook and links."""

from __future__ import annotations

import datetime
import time
from typing import Any

import orjson

from service.api.jobs.model import Hook, Job

JOBS_PATH = "/v1/jobs"


def iso(moment: float | None) -> str | None:
    """A time as ISO 8601 in UTC."""
    if moment is None:
        return None
    return datetime.datetime.fromtimestamp(moment, datetime.UTC).isoformat(timespec="milliseconds")


def eta_s(job: Job, now: float) -> float | None:
    """Seconds left at the job's pace so far (None before a record is done, or once ended)."""
    if job.ended is not None or job.started is None or job.done == 0:
        return None
    per_record = max(now - job.started, 0.0) / job.done
    return round(per_record * (job.total - job.done), 1)


def job_links(job_id: str) -> dict[str, str]:
    """Where the job, its results and their download are."""
    path = f"{JOBS_PATH}/{job_id}"
    return {"self": path, "results": f"{path}/results", "download": f"{path}/download"}


def job_document(job: Job) -> dict[str, Any]:
    """A job's state, progress and (once done) final answer."""
    return {
        "id": job.id,
        "kind": job.kind.value,
        "state": job.state.value,
        "records": job.total,
        "done": job.done,
        "problems": job.problems,
        "progress": round(job.done / job.total, 4),
        "eta_s": eta_s(job, time.time()),
        "created": iso(job.created),
        "started": iso(job.started),
        "finished": iso(job.finished),
        "expires": iso(job.expires),
        "result": None if job.final is None else orjson.loads(job.final),
        "webhook": None if job.hook is None else hook_document(job.hook),
        "links": job_links(job.id),
    }


def hook_document(hook: Hook) -> dict[str, Any]:
    """Where a job's webhook goes and stands."""
    state = hook.state.value
    return {"url": hook.url, "state": state, "attempts": hook.attempts, "last": hook.last}
