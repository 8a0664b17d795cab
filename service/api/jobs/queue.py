"""The job queue: Dramatiq, one task per record.

With Redis (``SCOPA_JOBS_REDIS_URL``, else ``REDIS_URL``) the web processes only send tasks to
Dramatiq's Redis broker and any number of ``scopa-worker`` processes, on any machines, take
them. A task is acknowledged after its record's line is kept; a worker that dies (SIGKILL, a
lost machine) stops its heartbeat, and after ``SCOPA_JOB_HEARTBEAT_TIMEOUT_MS`` the broker's
maintenance, run by the live workers, puts its unacknowledged tasks back on the queue.

A task a live worker lost (a Redis failover) is sent again once its job has made no progress
for ``SCOPA_JOB_STALL_S`` with no task waiting (``Jobs.resend_stalled``).

Without Redis, each web process keeps Dramatiq's in-memory broker and runs a worker thread of
its own, started with its first job; jobs are kept in an SQLite file that every process of the
instance reads (``SCOPA_JOBS_DIR``, else the app's instance folder). Such tasks live in the
process's memory: each process notes in the file that it is alive (every ``BEAT_S``), and a
live one adopts the jobs of a process not seen for ``STALE_S`` (a restart, a worker gunicorn
replaced), sending again the tasks of their records without a line.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import os
import threading
import time
import uuid
from collections.abc import Iterable
from pathlib import Path

import dramatiq
import redis
from dramatiq.brokers.redis import RedisBroker
from dramatiq.brokers.stub import StubBroker
from dramatiq.common import dq_name
from flask import Flask

from service.api.jobs import metrics
from service.api.jobs.model import HookState, JobState, NewJob
from service.api.jobs.runner import STORE_ERRORS, STORE_PATIENCE_S, RecordRunner, patiently
from service.api.jobs.store import JobStore, RedisJobStore, SqliteJobStore
from service.api.jobs.webhooks import WebhookSender
from service.cache import client_options
from service.config import Settings
from service.redis_address import connect

log = logging.getLogger(__name__)

QUEUE_NAME = "scopa-jobs"
NAMESPACE = "dramatiq"
# The Redis list of the queue's waiting tasks (the broker's layout; KEDA reads it too).
QUEUE_KEY = f"{NAMESPACE}:{QUEUE_NAME}"
# The list of its delayed tasks (retries waiting for their backoff) not yet taken by a worker.
DELAY_QUEUE_KEY = f"{NAMESPACE}:{dq_name(QUEUE_NAME)}"
RECORD_ACTOR = "scopa_job_record"
FAILED_ACTOR = "scopa_job_record_failed"
# Dispatches out of a million that run the broker's maintenance (requeueing a dead worker's
# tasks): every one, so that a dead worker's record waits only its heartbeat timeout and the next
# fetch of the queue (one in ten left it waiting 20 s past a 1 s timeout in a drill). Each costs a
# range read of the heartbeats; a dead worker's cleanup, once, a KEYS of its acks.
MAINTENANCE_CHANCE = 1_000_000
# How long a new job's tasks may wait for the broker before the POST gives up (503).
SEND_PATIENCE_S = 5.0
# Backoff between a record's retries, in ms.
MIN_BACKOFF_MS, MAX_BACKOFF_MS = 1000, 30_000
JOBS_EXTENSION = "scopa.jobs"
# The webhook of a job whose POST failed, as its job document says.
UNSENT_HOOK = "not sent: the job's POST was answered 503"
SQLITE_NAME = "scopa-jobs-v2.sqlite3"
# Embedded: how often a process notes that it is alive, and after how long without a note its
# jobs go to another process.
BEAT_S, STALE_S = 5.0, 30.0
# With Redis: how often a worker looks for jobs that made no progress (SCOPA_JOB_STALL_S).
STALL_CHECK_S = 5.0
# Without SCOPA_JOBS_DIR, the jobs' SQLite file lives in this folder of the app's instance
# folder (Flask's ``instance_path``: ``instance/`` beside a checkout's ``service/``), so two
# checkouts on one machine never share their jobs.
JOBS_FOLDER = "jobs"


def jobs_redis_url(settings: Settings) -> str | None:
    """The Redis of the jobs: their own, else the cache's; None: embedded."""
    return settings.jobs_redis_url or settings.redis_url


class Jobs:
    """An app's jobs: their store, the store the API reads them from (with Redis, a client of
    short timeouts), the broker their record tasks go to, and (embedded) the worker thread
    that runs them."""

    def __init__(self, app: Flask, settings: Settings) -> None:
        url = jobs_redis_url(settings)
        self.embedded: SqliteJobStore | None = None
        self.shared: RedisJobStore | None = None
        self.client: redis.Redis | None = None
        self.stall_s = settings.job_stall_s
        self.runner_id = uuid.uuid4().hex
        if url is None:
            folder = settings.jobs_dir or os.path.join(app.instance_path, JOBS_FOLDER)
            self.embedded = SqliteJobStore(sqlite_path(folder))
            self.store: JobStore = self.embedded
            self.reader: JobStore = self.embedded
            self.broker: dramatiq.Broker = StubBroker()
        else:
            self.client = connect(
                url, socket_connect_timeout=2.0, socket_timeout=10.0, health_check_interval=30
            )
            self.store = self.shared = RedisJobStore(
                self.client, settings.jobs_replica_acks, settings.jobs_replica_wait_ms
            )
            # The API's reads wait less than the writes, and are not retried: a silent store is
            # a quick 503.
            read_s = settings.jobs_read_timeout_ms / 1000
            self.reader = RedisJobStore(
                connect(url, **client_options(read_s, read_s)),
                settings.jobs_replica_acks,
                settings.jobs_replica_wait_ms,
            )
            self.broker = RedisBroker(  # type: ignore[no-untyped-call]
                client=self.client,
                namespace=NAMESPACE,
                heartbeat_timeout=settings.job_heartbeat_timeout_ms,
                maintenance_chance=MAINTENANCE_CHANCE,
            )
        self.runner = RecordRunner(app, self.store, settings.job_retention_s)
        # A record's search is capped by REVIEW_MAX_TOTAL_MS, and a task waits for a lost store
        # up to STORE_PATIENCE_S (before its review, and after it); the time limit only stops a
        # task stuck past all of these.
        patience_ms = int(STORE_PATIENCE_S * 1000)
        time_limit = settings.review_max_total_ms + 2 * patience_ms + 60_000
        self.record = dramatiq.actor(
            broker=self.broker,
            actor_name=RECORD_ACTOR,
            queue_name=QUEUE_NAME,
            max_retries=settings.job_task_retries,
            min_backoff=MIN_BACKOFF_MS,
            max_backoff=MAX_BACKOFF_MS,
            time_limit=time_limit,
            on_failure=FAILED_ACTOR,
        )(self.runner.run)
        dramatiq.actor(
            broker=self.broker,
            actor_name=FAILED_ACTOR,
            queue_name=QUEUE_NAME,
            max_retries=settings.job_task_retries,
            min_backoff=MIN_BACKOFF_MS,
            max_backoff=MAX_BACKOFF_MS,
        )(self.runner.give_up)
        self.sender = WebhookSender(app, self.store, settings)
        self.worker: dramatiq.Worker | None = None
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.watcher: threading.Thread | None = None

    def submit(self, job: NewJob) -> None:
        """Keep a new job and send a task for each of its records."""
        self.store.create(job)
        if self.embedded is not None:
            self.embedded.beat(self.runner_id, time.time())
            self.embedded.run_by(job.id, self.runner_id)
            self.start_worker(threads=1)
        try:
            self.send(job.id, range(job.total), patience_s=SEND_PATIENCE_S)
            patiently(self.store.replicated, SEND_PATIENCE_S)
        except STORE_ERRORS:
            # Some tasks may be missing: the job could never end. It ends failed now if the
            # store allows (it then counts against no quota), and the client is told 503.
            now = time.time()
            retention = self.runner.retention_s
            with contextlib.suppress(*STORE_ERRORS):
                patiently(
                    lambda: self.store.end(job.id, JobState.FAILED, now, now + retention), 2.0
                )
                # Its client never got its id: no webhook tells of it.
                if job.callback is not None:
                    self.store.hook_tried(job.id, HookState.ABANDONED, 0, UNSENT_HOOK, None)
            raise
        metrics.record_job_made(job.kind.value)

    def watch(self) -> None:
        """Keep watch in a thread, started once: embedded, note now and then that this process
        is alive and adopt the jobs of a process not seen for a while; with Redis (a worker),
        send again the tasks of stalled jobs. The webhooks' sender starts with it."""
        self.sender.start()
        with self.lock:
            if self.watcher is not None:
                return
            self.watcher = threading.Thread(
                target=self.keep_watch, name="scopa-jobs-watch", daemon=True
            )
            self.watcher.start()

    def keep_watch(self) -> None:
        """The watcher's loop, until the worker stops."""
        while not self.stopping.is_set():
            try:
                if self.embedded is not None:
                    self.adopt_orphans()
                else:
                    self.resend_stalled()
            except STORE_ERRORS as error:  # an outage: the next look may find the store again
                log.warning("the jobs' store could not be read for the watch: %s", error)
            except Exception:  # the watch goes on: the next look may find the store again
                log.exception("could not look for the jobs of stopped processes or lost tasks")
            self.stopping.wait(BEAT_S if self.embedded is not None else STALL_CHECK_S)

    def resend_stalled(self, now: float | None = None) -> dict[str, list[int]]:
        """With Redis: send again the tasks of the records without a line of each job that
        made no progress for ``stall_s`` while no task waits in the queue; the jobs and the
        records sent. One worker does it per stall (``claim_resend``).

        A live worker can lose tasks: Dramatiq's Redis consumer moves the tasks it fetches to
        the worker's own set, and on a lost connection (a failover) drops those it had not yet
        started, or a fetch's answer never arrives; the broker puts them back only once the
        worker's heartbeat stops. A task sent twice writes one line (the first kept stays).
        """
        store = self.shared
        if store is None or self.depth() or store.client.llen(DELAY_QUEUE_KEY):
            return {}
        now = time.time() if now is None else now
        sent: dict[str, list[int]] = {}
        for job_id in store.stalled(now - self.stall_s):
            if not store.claim_resend(job_id, self.stall_s):
                continue
            job = store.get(job_id)
            if job is None or job.ended is not None:
                store.forget_progress(job_id)
                continue
            kept = store.kept_indices(job_id)
            missing = [index for index in range(job.total) if index not in kept]
            log.warning(
                "job %s made no progress for %d s with no task waiting: %d records sent again",
                job_id,
                self.stall_s,
                len(missing),
                extra={"job": job_id},
            )
            self.send(job_id, missing)
            metrics.record_resent(len(missing))
            if not missing:
                self.runner.finish_if_done(job_id)
            sent[job_id] = missing
        return sent

    def adopt_orphans(self, stale_s: float = STALE_S) -> dict[str, list[int]]:
        """Note this process alive, then take over the jobs of processes not seen for
        ``stale_s`` and send their records without a line again (embedded only)."""
        if self.embedded is None:
            return {}
        now = time.time()
        self.embedded.beat(self.runner_id, now)
        adopted = self.embedded.adopt(self.runner_id, now, stale_s)
        for job_id, indices in adopted.items():
            log.warning(
                "job %s adopted from a stopped process: %d records sent again",
                job_id,
                len(indices),
                extra={"job": job_id},
            )
            self.start_worker(threads=1)
            self.send(job_id, indices)
            if not indices:
                self.runner.finish_if_done(job_id)
        return adopted

    def send(self, job_id: str, indices: Iterable[int], patience_s: float = 0.0) -> None:
        """Send one task per record, each retried while the broker cannot be reached, up to
        ``patience_s``."""
        for index in indices:
            patiently(lambda: self.record.send(job_id, index), patience_s)  # noqa: B023

    def start_worker(self, threads: int) -> dramatiq.Worker:
        """Run this process's worker on the queue (once), stopped when the process exits;
        embedded, its watch too."""
        with self.lock:
            started = self.worker
            if started is None:
                started = self.worker = dramatiq.Worker(self.broker, worker_threads=threads)
                started.start()
                atexit.register(self.stop_worker)
        self.watch()
        return started

    def stop_worker(self, timeout_ms: int = 30_000) -> None:
        """Stop this process's worker, watch and webhooks: the tasks it holds finish first,
        within the timeout."""
        self.stopping.set()
        self.sender.stop()
        with self.lock:
            if self.worker is not None:
                self.worker.stop(timeout=timeout_ms)
                self.worker = None

    def depth(self) -> int | None:
        """The record tasks waiting in the Redis queue (None: embedded, no shared queue)."""
        if self.client is None:
            return None
        length: int = self.client.llen(QUEUE_KEY)
        return length

    def close(self) -> None:
        """Stop the worker and close the connections."""
        self.stop_worker()
        self.broker.close()
        self.store.close()
        if self.reader is not self.store:
            self.reader.close()


def sqlite_path(directory: str) -> str:
    """The jobs' SQLite file in the directory (made when missing)."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    return os.fspath(folder / SQLITE_NAME)


def install_jobs(app: Flask, settings: Settings) -> None:
    """The app's jobs: their store, queue and (embedded) worker. A served embedded app
    watches for the jobs of stopped processes from the start (a test app from its first
    job)."""
    jobs = Jobs(app, settings)
    app.extensions[JOBS_EXTENSION] = jobs
    if jobs.embedded is not None and not app.testing:
        jobs.watch()


def jobs_of(app: Flask) -> Jobs:
    """The jobs of an app."""
    jobs: Jobs = app.extensions[JOBS_EXTENSION]
    return jobs
