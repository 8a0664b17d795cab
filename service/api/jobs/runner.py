"""A job's records run one task each: reviewed, kept once, and the job ended after its last.

A task does nothing for a job that has ended (cancelled) or expired, nor for a record that has
its result: a task run twice (redelivered after its worker died) changes nothing. A record
refused because its worker was busy is retried later; one whose task failed every retry is a
500 problem line of its own, so the job still ends. A worker decodes and loads a job's body once
(``RecordRunner.body_of``), whatever number of its records it runs.
"""

from __future__ import annotations

import logging
import math
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import orjson
import redis
from flask import Flask

from service.api.http.api_keys import charge_key
from service.api.http.metrics import searches_of_request
from service.api.http.problems import problem_body
from service.api.http.searches import app_advice
from service.api.http.tracing import span_under
from service.api.jobs import metrics
from service.api.jobs.model import Job, JobState
from service.api.jobs.records import final_result, job_body, record_line
from service.api.jobs.request import JobBody
from service.api.jobs.store import JobStore
from service.api.review.lines import PROBLEM, problem_line
from service.engine.message import Message

log = logging.getLogger(__name__)
T = TypeVar("T")


# How long a task waits for its store to come back (a Redis restart) before it fails: a task
# that failed could not be retried either, since the queue lives in the same Redis.
STORE_PATIENCE_S = 120.0
STORE_ERRORS = (redis.ConnectionError, redis.TimeoutError, sqlite3.OperationalError)
# The jobs whose bodies a worker keeps decoded (its records come in any order, mostly together).
BODIES_KEPT = 8


def patiently(call: Callable[[], T], patience_s: float = STORE_PATIENCE_S) -> T:
    """The call's result, retried while its store cannot be reached, up to ``patience_s``."""
    deadline = time.monotonic() + patience_s
    wait = 0.1
    while True:
        try:
            return call()
        except STORE_ERRORS as error:
            if time.monotonic() + wait > deadline:
                raise
            log.warning("the jobs' store is unreachable (%s); retrying in %.1f s", error, wait)
            time.sleep(wait)
            wait = min(wait * 2, 5.0)


class RecordDeferredError(Exception):
    """A record that could not run now (its worker was busy): the queue retries it."""


def line_bytes(line: Mapping[str, Any]) -> bytes:
    """A result line as kept and sent: JSON with sorted keys (the same bytes every time)."""
    return orjson.dumps(line, option=orjson.OPT_SORT_KEYS)


class RecordRunner:
    """Runs the records of the jobs in a store with an app's settings, cache and searches."""

    def __init__(self, app: Flask, store: JobStore, retention_s: int) -> None:
        self.app = app
        self.store = store
        self.retention_s = retention_s
        self.lock = threading.Lock()
        self.bodies: OrderedDict[str, JobBody] = OrderedDict()

    def run(self, job_id: str, index: int) -> None:
        """Review one record of a job and keep its line (the task of a record); the task is
        acknowledged only once the store holds what it wrote safe (``JobStore.replicated``)."""
        self.review(job_id, index)
        patiently(self.store.replicated)

    def review(self, job_id: str, index: int) -> None:
        """Review one record of a job and keep its line, unless the job ended or it has one."""
        store = self.store
        job = patiently(lambda: store.get(job_id))
        if job is None or job.ended is not None:
            return
        if patiently(lambda: store.results(job_id, [index])):
            self.finish_if_done(job_id)
            return
        body = self.body_of(job)
        if body is None:
            return
        patiently(lambda: store.mark_started(job_id, time.time()))
        fields = {"job": job_id, "record": index}
        log.info("record %d of job %s taken", index, job_id, extra=fields)
        start = time.perf_counter()
        # A span under the request that made the job, whichever worker runs it and when.
        attributes = {"scopa.job.id": job_id, "scopa.job.record": index}
        with span_under(job.trace, "job record", **attributes) as recording:
            with self.app.app_context():
                line = record_line(body, index, self.app.config, app_advice(self.app))
                spent_ms = searches_of_request().ms
            if recording is not None:
                recording.set_attribute("scopa.job.outcome", line["type"])
            if line["type"] == PROBLEM and line["problem"].get("status") == 503:
                metrics.record_deferred()
                raise RecordDeferredError(f"record {index} of job {job_id}: the worker was busy")
            self.keep(job_id, index, line)
        charge_key(self.app, job.owner, math.ceil(spent_ms))
        elapsed = time.perf_counter() - start
        metrics.record_task(job.kind.value, line["type"], elapsed)
        log.info(
            "record %d of job %s kept",
            index,
            job_id,
            extra={**fields, "outcome": line["type"], "duration_ms": round(elapsed * 1000, 3)},
        )

    def body_of(self, job: Job) -> JobBody | None:
        """A job's body decoded and loaded once in this process, whatever number of its records
        it runs (the last few jobs' are kept); None when the store has none."""
        with self.lock:
            found = self.bodies.get(job.id)
            if found is not None:
                self.bodies.move_to_end(job.id)
                return found
        request = patiently(lambda: self.store.request_of(job.id))
        if request is None:
            return None
        body = job_body(job.kind, request)
        with self.lock:
            self.bodies[job.id] = body
            while len(self.bodies) > BODIES_KEPT:
                self.bodies.popitem(last=False)
        return body

    def give_up(self, message: Mapping[str, Any], exception: Mapping[str, Any]) -> None:
        """A record whose task failed every retry: a 500 problem line (the failure callback)."""
        job_id, index = message["args"]
        job = patiently(lambda: self.store.get(job_id))
        log.error(
            "record %s of job %s failed every retry: %s", index, job_id, exception.get("type")
        )
        metrics.record_failure()
        if job is None or job.ended is not None:
            return
        problem = problem_body(
            500, Message("the record could not be reviewed: its task failed every retry")
        )
        self.keep(job_id, index, problem_line(index, problem))
        patiently(self.store.replicated)

    def keep(self, job_id: str, index: int, line: Mapping[str, Any]) -> None:
        """Keep a record's line (the first kept stays) and end the job after its last."""
        kept, problem = line_bytes(line), line["type"] == PROBLEM
        total = patiently(lambda: self.store.add_result(job_id, index, kept, problem))
        if total:
            self.finish_if_done(job_id)

    def finish_if_done(self, job_id: str) -> None:
        """End a job whose every record has its line, with its final answer (insights)."""
        store = self.store
        job = patiently(lambda: store.get(job_id))
        if job is None or job.ended is not None or job.done < job.total:
            return
        with span_under(job.trace, "job end", **{"scopa.job.id": job_id}):
            self.end(job, now=time.time())

    def end(self, job: Job, now: float) -> None:
        """Draw a done job's final answer (insights, fair play) and end it."""
        store, job_id = self.store, job.id
        state = JobState.DONE
        try:
            body = self.body_of(job)
            if body is None:
                return
            kept = patiently(lambda: store.results(job_id, range(job.total)))
            lines = {i: orjson.loads(v) for i, v in kept.items()}
            with self.app.app_context():
                final = final_result(body, lines, self.app.config)
            if final is not None:
                answer = line_bytes(final)
                patiently(lambda: store.set_final(job_id, answer))
        except STORE_ERRORS:
            raise  # the store is gone for good: the task fails and is retried
        except Exception:  # the job must end: failed, with its lines kept
            log.exception("job %s could not be finished", job_id)
            state = JobState.FAILED
        if patiently(lambda: store.end(job_id, state, now, now + self.retention_s)):
            metrics.record_job_end(job.kind.value, state.value)
