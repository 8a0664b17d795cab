"""Where jobs, their requests and their results are kept: Redis (shared by every process and
machine) or, without Redis, an SQLite file (shared by the processes of one machine).

Every write is idempotent, so a task run twice changes nothing: a record's result is kept only
if it has none (the first one written stays), and a job ends once (the first of done,
cancelled or failed stays). A job's data expire together at ``expires``: made with the
retention and the longest a job may run, set to the retention once it ends.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Protocol, cast

import redis

from service.api.jobs.model import Hook, HookState, Job, JobKind, JobState, NewJob

log = logging.getLogger(__name__)

PREFIX = "scopa:job:"
ACTIVE_PREFIX = "scopa:jobs:active:"
# Each owner's jobs by the time they were made (a sorted set, pruned of expired ones).
OWNED_PREFIX = "scopa:jobs:of:"
# The jobs not ended by the time of their last progress (made, or a line kept): a sorted set.
PROGRESS_KEY = "scopa:jobs:progress"
# The jobs whose webhook is due, by the time it is due (a sorted set).
HOOKS_DUE_KEY = "scopa:webhooks:due"
# Claims the due webhooks: each is due again after a lease. KEYS: due; ARGV: now, lease end, most.
CLAIM_HOOKS = """
local ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, ARGV[3])
for _, id in ipairs(ids) do
    redis.call('ZADD', KEYS[1], ARGV[2], id)
end
return ids
"""
# Set by the worker that sends a stalled job's tasks again (expiring): one worker a stall.
RESEND_SUFFIX = ":resend"
# A record's result kept unless it has one, and then only counted a problem; both sets expire
# with the job; a new line is the job's progress (if it is still watched). KEYS: results,
# problems, progress; ARGV: index, line, problem (0/1), expiry (epoch s), now, job id.
KEEP_RESULT = """
local added = redis.call('HSETNX', KEYS[1], ARGV[1], ARGV[2])
if added == 1 and ARGV[3] == '1' then
    redis.call('SADD', KEYS[2], ARGV[1])
    redis.call('EXPIREAT', KEYS[2], ARGV[4])
end
if added == 1 then
    redis.call('ZADD', KEYS[3], 'XX', ARGV[5], ARGV[6])
end
redis.call('EXPIREAT', KEYS[1], ARGV[4])
return redis.call('HLEN', KEYS[1])
"""
# The fields a job's hash is made with (``create``, one transaction).
REQUIRED_FIELDS = frozenset({"owner", "kind", "total", "created", "expires"})
# Written before a WAIT, so that the WAIT covers every write made before it, whichever pooled
# connection made them: a replica holding this write holds everything written earlier.
BARRIER_KEY = "scopa:jobs:replicated"


class ReplicaLagError(redis.ConnectionError):
    """Fewer replicas than required acknowledged the job's writes in time (a store error: the
    caller tries again while it is patient)."""


class JobStore(Protocol):
    """What the API and the workers need of a store."""

    def create(self, job: NewJob) -> None:
        """Keep a new job and its request."""

    def get(self, job_id: str) -> Job | None:
        """The job, or None when there is none (or it expired)."""

    def request_of(self, job_id: str) -> bytes | None:
        """The job's request body as it was made."""

    def mark_started(self, job_id: str, now: float) -> None:
        """Note when the job's first record was taken (the first note stays)."""

    def add_result(self, job_id: str, index: int, line: bytes, problem: bool) -> int:
        """Keep a record's result unless it has one; the count of records with a result."""

    def results(self, job_id: str, indices: Iterable[int]) -> dict[int, bytes]:
        """The results kept for those records."""

    def end(self, job_id: str, state: JobState, now: float, expires: float) -> bool:
        """End the job in ``state`` unless it has ended; whether this call ended it."""

    def set_final(self, job_id: str, final: bytes) -> None:
        """Keep the job's final result unless it has one."""

    def delete(self, job_id: str) -> None:
        """Remove the job and everything of it."""

    def due_hooks(self, now: float, lease_s: float, most: int) -> list[str]:
        """Claim up to ``most`` jobs whose webhook is due: each is due again ``lease_s`` later
        unless its attempt is noted first (a sender that died leaves it to another)."""

    def hook_tried(
        self, job_id: str, state: HookState, attempts: int, last: str, due: float | None
    ) -> None:
        """Note a webhook's attempt: where it now stands, and when it is due again (None:
        never)."""

    def active_of(self, owner: str) -> int:
        """How many of the owner's jobs have not ended."""

    def jobs_of(self, owner: str, offset: int, limit: int) -> list[Job]:
        """The owner's jobs not expired, newest first, from ``offset``, at most ``limit``."""

    def replicated(self) -> None:
        """Return once the writes made so far are safe from the loss of the primary."""

    def close(self) -> None:
        """Close the store's connections."""


def _float(value: bytes | str | None) -> float | None:
    return None if value is None else float(value)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _bytes(value: bytes | str) -> bytes:
    return value.encode() if isinstance(value, str) else value


def _redis_hook(fields: dict[str, bytes]) -> Hook | None:
    callback = fields.get("callback")
    if callback is None:
        return None
    last = fields.get("hook_last")
    return Hook(
        url=_text(callback),
        state=HookState(_text(fields.get("hook_state", b"waiting"))),
        attempts=int(fields.get("hook_attempts", 0)),
        last=None if last is None else _text(last),
    )


class RedisJobStore:
    """Jobs in Redis: a hash per job, its request, a hash of results by record index, a set of
    the indices that are problems, and a set per owner of the jobs not ended."""

    def __init__(self, client: redis.Redis, replica_acks: int = 0, wait_ms: int = 1000) -> None:
        self.client = client
        self.keep_result = client.register_script(KEEP_RESULT)
        self.claim_hooks = client.register_script(CLAIM_HOOKS)
        self.replica_acks = replica_acks
        self.wait_ms = wait_ms

    def replicated(self) -> None:
        """With ``replica_acks``: WAIT until that many replicas hold every write made so far;
        ReplicaLagError when fewer do within ``wait_ms``."""
        if not self.replica_acks:
            return
        pipe = self.client.pipeline(transaction=False)
        pipe.incr(BARRIER_KEY)
        pipe.wait(self.replica_acks, self.wait_ms)
        _, acknowledged = pipe.execute()
        if int(acknowledged) < self.replica_acks:
            raise ReplicaLagError(
                f"{acknowledged} of {self.replica_acks} replicas acknowledged within "
                f"{self.wait_ms} ms"
            )

    @staticmethod
    def keys(job_id: str) -> tuple[str, str, str, str]:
        """The job's hash, request, results and problems keys."""
        base = PREFIX + job_id
        return base, base + ":request", base + ":results", base + ":problems"

    def create(self, job: NewJob) -> None:
        """Keep a new job and its request, expiring at ``expires``."""
        meta, request, _, _ = self.keys(job.id)
        pipe = self.client.pipeline(transaction=True)
        pipe.hset(
            meta,
            mapping={
                "owner": job.owner,
                "kind": job.kind.value,
                "total": job.total,
                "created": repr(job.created),
                "expires": repr(job.expires),
            },
        )
        if job.callback is not None:
            pipe.hset(
                meta, mapping={"callback": job.callback, "hook_state": HookState.WAITING.value}
            )
        if job.trace is not None:
            pipe.hset(meta, "trace", job.trace)
        pipe.set(request, job.request)
        pipe.expireat(meta, int(job.expires) + 1)
        pipe.expireat(request, int(job.expires) + 1)
        pipe.sadd(ACTIVE_PREFIX + job.owner, job.id)
        pipe.zadd(PROGRESS_KEY, {job.id: job.created})
        owned = OWNED_PREFIX + job.owner
        pipe.zadd(owned, {job.id: job.created})
        # Made before any job still kept could have been: expired.
        pipe.zremrangebyscore(owned, "-inf", job.created - (job.expires - job.created))
        pipe.expireat(owned, int(job.expires) + 1)
        pipe.execute()

    def get(self, job_id: str) -> Job | None:
        """The job with its counts, or None."""
        meta, _, results, problems = self.keys(job_id)
        pipe = self.client.pipeline(transaction=True)
        pipe.hgetall(meta)
        pipe.hlen(results)
        pipe.scard(problems)
        fields, done, problem_count = pipe.execute()
        if not fields:
            return None
        text = {_text(k): v for k, v in fields.items()}
        missing = REQUIRED_FIELDS - text.keys()
        if missing:
            # Part of a job whose store lost the rest (``create`` writes them in one go).
            log.warning("job %s lacks %s in the store: taken as gone", job_id, sorted(missing))
            return None
        ended = text.get("ended")
        final = text.get("final")
        return Job(
            id=job_id,
            owner=_text(text["owner"]),
            kind=JobKind(_text(text["kind"])),
            total=int(text["total"]),
            created=float(text["created"]),
            expires=float(text["expires"]),
            started=_float(text.get("started")),
            finished=_float(text.get("finished")),
            ended=None if ended is None else JobState(_text(ended)),
            done=int(done),
            problems=int(problem_count),
            final=None if final is None else _bytes(final),
            hook=_redis_hook(text),
            trace=None if "trace" not in text else _text(text["trace"]),
        )

    def request_of(self, job_id: str) -> bytes | None:
        """The job's request body."""
        found = self.client.get(self.keys(job_id)[1])
        return None if found is None else _bytes(found)

    def mark_started(self, job_id: str, now: float) -> None:
        """The first start stays."""
        self.client.hsetnx(self.keys(job_id)[0], "started", repr(now))

    def add_result(self, job_id: str, index: int, line: bytes, problem: bool) -> int:
        """The first result of a record stays, counted a problem only then; the results and
        problems expire with the job."""
        meta, _, results, problems = self.keys(job_id)
        expires = self.client.hget(meta, "expires")
        if expires is None:  # the job expired or was deleted meanwhile
            return 0
        at = int(float(expires)) + 1
        count = self.keep_result(
            keys=[results, problems, PROGRESS_KEY],
            args=[index, line, int(problem), at, time.time(), job_id],
        )
        return int(count)

    def results(self, job_id: str, indices: Iterable[int]) -> dict[int, bytes]:
        """The kept results among ``indices``."""
        wanted = list(indices)
        if not wanted:
            return {}
        found = self.client.hmget(self.keys(job_id)[2], [str(i) for i in wanted])
        return {i: _bytes(line) for i, line in zip(wanted, found, strict=True) if line is not None}

    def end(self, job_id: str, state: JobState, now: float, expires: float) -> bool:
        """The first end stays; the job's data then expire at ``expires``."""
        meta, request, results, problems = self.keys(job_id)
        owner, callback = self.client.hmget(meta, ["owner", "callback"])
        if owner is None or not self.client.hsetnx(meta, "ended", state.value):
            return False
        pipe = self.client.pipeline(transaction=True)
        pipe.hset(meta, mapping={"finished": repr(now), "expires": repr(expires)})
        if callback is not None:
            pipe.hset(meta, "hook_state", HookState.SENDING.value)
            pipe.zadd(HOOKS_DUE_KEY, {job_id: now})
        for key in (meta, request, results, problems):
            pipe.expireat(key, int(expires) + 1)
        pipe.srem(ACTIVE_PREFIX + _text(owner), job_id)
        pipe.zrem(PROGRESS_KEY, job_id)
        pipe.execute()
        return True

    def set_final(self, job_id: str, final: bytes) -> None:
        """The first final result stays."""
        self.client.hsetnx(self.keys(job_id)[0], "final", final)

    def delete(self, job_id: str) -> None:
        """Remove every key of the job."""
        meta = self.keys(job_id)[0]
        owner = self.client.hget(meta, "owner")
        if owner is not None:
            self.client.srem(ACTIVE_PREFIX + _text(owner), job_id)
            self.client.zrem(OWNED_PREFIX + _text(owner), job_id)
        self.client.zrem(PROGRESS_KEY, job_id)
        self.client.zrem(HOOKS_DUE_KEY, job_id)
        self.client.delete(*self.keys(job_id))

    def due_hooks(self, now: float, lease_s: float, most: int) -> list[str]:
        """Claim the due webhooks (one script: no two senders claim one)."""
        found = self.claim_hooks(keys=[HOOKS_DUE_KEY], args=[now, now + lease_s, most])
        return [_text(job_id) for job_id in found]

    def hook_tried(
        self, job_id: str, state: HookState, attempts: int, last: str, due: float | None
    ) -> None:
        """Note the attempt on the job (if it is still kept) and when it is due again."""
        meta = self.keys(job_id)[0]
        pipe = self.client.pipeline(transaction=True)
        if self.client.exists(meta):
            pipe.hset(
                meta,
                mapping={"hook_state": state.value, "hook_attempts": attempts, "hook_last": last},
            )
        if due is None:
            pipe.zrem(HOOKS_DUE_KEY, job_id)
        else:
            pipe.zadd(HOOKS_DUE_KEY, {job_id: due})
        pipe.execute()

    def active_of(self, owner: str) -> int:
        """The owner's jobs not ended (an expired job's id is dropped from the set here)."""
        ids = [_text(i) for i in self.client.smembers(ACTIVE_PREFIX + owner)]
        pipe = self.client.pipeline(transaction=False)
        for job_id in ids:
            pipe.exists(self.keys(job_id)[0])
        gone = [job_id for job_id, there in zip(ids, pipe.execute(), strict=True) if not there]
        if gone:
            self.client.srem(ACTIVE_PREFIX + owner, *gone)
        return len(ids) - len(gone)

    def jobs_of(self, owner: str, offset: int, limit: int) -> list[Job]:
        """The owner's jobs, newest first; the ids of expired ones in the page are dropped from
        the set and the page read again, so that pages never skip a job."""
        owned = OWNED_PREFIX + owner
        while True:
            # Without scores, the members alone (redis-py types every form of the answer).
            page = cast("list[bytes]", self.client.zrevrange(owned, offset, offset + limit - 1))
            ids = [_text(i) for i in page]
            jobs = [(job_id, self.get(job_id)) for job_id in ids]
            gone = [job_id for job_id, job in jobs if job is None]
            if not gone:
                return [job for _, job in jobs if job is not None]
            self.client.zrem(owned, *gone)

    def kept_indices(self, job_id: str) -> set[int]:
        """The records of a job that have their line."""
        return {int(index) for index in self.client.hkeys(self.keys(job_id)[2])}

    def stalled(self, before: float) -> list[str]:
        """The jobs not ended whose last progress (made, or a line kept) came before
        ``before``."""
        found = cast("list[bytes]", self.client.zrangebyscore(PROGRESS_KEY, "-inf", before))
        return [_text(job_id) for job_id in found]

    def claim_resend(self, job_id: str, seconds: float) -> bool:
        """Whether this caller is the one to send a stalled job's tasks again (the first to
        ask within ``seconds``); its progress is reset to now, so the next stall is counted
        from here."""
        claimed = self.client.set(
            PREFIX + job_id + RESEND_SUFFIX, 1, nx=True, px=max(1, int(seconds * 1000))
        )
        if claimed:
            self.client.zadd(PROGRESS_KEY, {job_id: time.time()}, xx=True)
        return bool(claimed)

    def forget_progress(self, job_id: str) -> None:
        """Stop watching the progress of a job that ended or is gone."""
        self.client.zrem(PROGRESS_KEY, job_id)

    def close(self) -> None:
        """Close the connection pool."""
        self.client.close()


SCHEMA = """
CREATE TABLE IF NOT EXISTS jobs (
    id TEXT PRIMARY KEY, owner TEXT NOT NULL, kind TEXT NOT NULL, total INTEGER NOT NULL,
    request BLOB NOT NULL, created REAL NOT NULL, expires REAL NOT NULL,
    started REAL, finished REAL, ended TEXT, final BLOB, runner TEXT
);
CREATE TABLE IF NOT EXISTS results (
    job_id TEXT NOT NULL, idx INTEGER NOT NULL, line BLOB NOT NULL, problem INTEGER NOT NULL,
    PRIMARY KEY (job_id, idx)
);
CREATE INDEX IF NOT EXISTS jobs_owner ON jobs (owner, ended);
CREATE TABLE IF NOT EXISTS runners (id TEXT PRIMARY KEY, seen REAL NOT NULL);
"""
# Columns added since the file's first layout, added to an older file when it is opened.
ADDED_COLUMNS = {
    "callback": "TEXT",
    "hook_state": "TEXT",
    "hook_attempts": "INTEGER NOT NULL DEFAULT 0",
    "hook_last": "TEXT",
    "hook_due": "REAL",
    "trace": "TEXT",
}


class SqliteJobStore:
    """Jobs in an SQLite file: every process of one machine reads and writes the same jobs.
    Expired jobs are removed when a job is made.

    Each job names its runner, the process whose in-memory queue holds its tasks; runners note
    when they were last seen (``beat``), and a live runner adopts the jobs of one that has not
    been seen for a while (``adopt``), to send their records' tasks again."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.local = threading.local()
        with self.connection() as db:
            db.executescript(SCHEMA)
            there = {row[1] for row in db.execute("PRAGMA table_info(jobs)")}
            for column, declared in ADDED_COLUMNS.items():
                if column not in there:
                    db.execute(f"ALTER TABLE jobs ADD COLUMN {column} {declared}")

    @contextmanager
    def connection(self) -> Iterator[sqlite3.Connection]:
        """This thread's connection, in a transaction committed at the end."""
        db: sqlite3.Connection | None = getattr(self.local, "db", None)
        if db is None:
            db = sqlite3.connect(self.path, timeout=10.0)
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA foreign_keys=ON")
            self.local.db = db
        with db:
            yield db

    def create(self, job: NewJob) -> None:
        """Keep a new job; drop the expired ones."""
        with self.connection() as db:
            expired = [
                row[0]
                for row in db.execute("SELECT id FROM jobs WHERE expires < ?", (time.time(),))
            ]
            for job_id in expired:
                db.execute("DELETE FROM results WHERE job_id = ?", (job_id,))
                db.execute("DELETE FROM jobs WHERE id = ?", (job_id,))
            db.execute(
                "INSERT INTO jobs (id, owner, kind, total, request, created, expires, callback, "
                "hook_state, trace) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    job.id,
                    job.owner,
                    job.kind.value,
                    job.total,
                    job.request,
                    job.created,
                    job.expires,
                    job.callback,
                    None if job.callback is None else HookState.WAITING.value,
                    job.trace,
                ),
            )

    def get(self, job_id: str) -> Job | None:
        """The job with its counts, or None (also once expired)."""
        with self.connection() as db:
            row = db.execute(
                "SELECT owner, kind, total, created, expires, started, finished, ended, final, "
                "callback, hook_state, hook_attempts, hook_last, trace FROM jobs "
                "WHERE id = ? AND expires >= ?",
                (job_id, time.time()),
            ).fetchone()
            if row is None:
                return None
            done, problems = db.execute(
                "SELECT COUNT(*), COALESCE(SUM(problem), 0) FROM results WHERE job_id = ?",
                (job_id,),
            ).fetchone()
        owner, kind, total, created, expires, started, finished, ended, final = row[:9]
        callback, hook_state, attempts, last, traceparent = row[9:]
        return Job(
            id=job_id,
            owner=owner,
            kind=JobKind(kind),
            total=total,
            created=created,
            expires=expires,
            started=started,
            finished=finished,
            ended=None if ended is None else JobState(ended),
            done=done,
            problems=problems,
            final=final,
            hook=None
            if callback is None
            else Hook(callback, HookState(hook_state), attempts, last),
            trace=traceparent,
        )

    def request_of(self, job_id: str) -> bytes | None:
        """The job's request body."""
        with self.connection() as db:
            row = db.execute("SELECT request FROM jobs WHERE id = ?", (job_id,)).fetchone()
        return None if row is None else bytes(row[0])

    def mark_started(self, job_id: str, now: float) -> None:
        """The first start stays."""
        with self.connection() as db:
            db.execute(
                "UPDATE jobs SET started = ? WHERE id = ? AND started IS NULL", (now, job_id)
            )

    def add_result(self, job_id: str, index: int, line: bytes, problem: bool) -> int:
        """The first result of a record stays."""
        with self.connection() as db:
            if db.execute("SELECT 1 FROM jobs WHERE id = ?", (job_id,)).fetchone() is None:
                return 0
            db.execute(
                "INSERT OR IGNORE INTO results (job_id, idx, line, problem) VALUES (?, ?, ?, ?)",
                (job_id, index, line, int(problem)),
            )
            count: int = db.execute(
                "SELECT COUNT(*) FROM results WHERE job_id = ?", (job_id,)
            ).fetchone()[0]
        return count

    def results(self, job_id: str, indices: Iterable[int]) -> dict[int, bytes]:
        """The kept results among ``indices``."""
        wanted = sorted(set(indices))
        if not wanted:
            return {}
        with self.connection() as db:
            rows = db.execute(
                "SELECT idx, line FROM results WHERE job_id = ? AND idx BETWEEN ? AND ?",
                (job_id, wanted[0], wanted[-1]),
            ).fetchall()
        keep = set(wanted)
        return {idx: bytes(line) for idx, line in rows if idx in keep}

    def end(self, job_id: str, state: JobState, now: float, expires: float) -> bool:
        """The first end stays."""
        with self.connection() as db:
            changed = db.execute(
                "UPDATE jobs SET ended = ?, finished = ?, expires = ?, "
                "hook_state = CASE WHEN callback IS NULL THEN NULL ELSE ? END, "
                "hook_due = CASE WHEN callback IS NULL THEN NULL ELSE ? END "
                "WHERE id = ? AND ended IS NULL",
                (state.value, now, expires, HookState.SENDING.value, now, job_id),
            ).rowcount
        return bool(changed)

    def set_final(self, job_id: str, final: bytes) -> None:
        """The first final result stays."""
        with self.connection() as db:
            db.execute("UPDATE jobs SET final = ? WHERE id = ? AND final IS NULL", (final, job_id))

    def delete(self, job_id: str) -> None:
        """Remove the job and its results."""
        with self.connection() as db:
            db.execute("DELETE FROM results WHERE job_id = ?", (job_id,))
            db.execute("DELETE FROM jobs WHERE id = ?", (job_id,))

    def due_hooks(self, now: float, lease_s: float, most: int) -> list[str]:
        """Claim the due webhooks (one statement: no two senders claim one)."""
        with self.connection() as db:
            rows = db.execute(
                "UPDATE jobs SET hook_due = ? WHERE id IN (SELECT id FROM jobs "
                "WHERE hook_due <= ? ORDER BY hook_due LIMIT ?) RETURNING id",
                (now + lease_s, now, most),
            ).fetchall()
        return [row[0] for row in rows]

    def hook_tried(
        self, job_id: str, state: HookState, attempts: int, last: str, due: float | None
    ) -> None:
        """Note the attempt and when the webhook is due again."""
        with self.connection() as db:
            db.execute(
                "UPDATE jobs SET hook_state = ?, hook_attempts = ?, hook_last = ?, hook_due = ? "
                "WHERE id = ?",
                (state.value, attempts, last, due, job_id),
            )

    def active_of(self, owner: str) -> int:
        """The owner's jobs not ended and not expired."""
        with self.connection() as db:
            count: int = db.execute(
                "SELECT COUNT(*) FROM jobs WHERE owner = ? AND ended IS NULL AND expires >= ?",
                (owner, time.time()),
            ).fetchone()[0]
        return count

    def jobs_of(self, owner: str, offset: int, limit: int) -> list[Job]:
        """The owner's jobs not expired, newest first."""
        with self.connection() as db:
            ids = [
                row[0]
                for row in db.execute(
                    "SELECT id FROM jobs WHERE owner = ? AND expires >= ? "
                    "ORDER BY created DESC, id LIMIT ? OFFSET ?",
                    (owner, time.time(), limit, offset),
                )
            ]
        return [job for job in (self.get(job_id) for job_id in ids) if job is not None]

    def beat(self, runner: str, now: float) -> None:
        """Note that the runner is alive."""
        with self.connection() as db:
            db.execute("INSERT OR REPLACE INTO runners (id, seen) VALUES (?, ?)", (runner, now))

    def run_by(self, job_id: str, runner: str) -> None:
        """Name the runner whose queue holds the job's tasks."""
        with self.connection() as db:
            db.execute("UPDATE jobs SET runner = ? WHERE id = ?", (runner, job_id))

    def adopt(self, runner: str, now: float, stale_s: float) -> dict[str, list[int]]:
        """Take over the jobs not ended whose runner has not been seen for ``stale_s``: each
        with its records that have no line yet, to be sent again."""
        with self.connection() as db:
            db.execute("DELETE FROM runners WHERE seen < ?", (now - stale_s,))
            orphans = db.execute(
                "SELECT id, total FROM jobs WHERE ended IS NULL AND expires >= ? "
                "AND (runner IS NULL OR runner NOT IN (SELECT id FROM runners)) ",
                (now,),
            ).fetchall()
            adopted: dict[str, list[int]] = {}
            for job_id, total in orphans:
                taken = db.execute(
                    "UPDATE jobs SET runner = ? WHERE id = ? AND ended IS NULL "
                    "AND (runner IS NULL OR runner NOT IN (SELECT id FROM runners))",
                    (runner, job_id),
                ).rowcount
                if not taken:
                    continue
                done = {
                    row[0]
                    for row in db.execute("SELECT idx FROM results WHERE job_id = ?", (job_id,))
                }
                adopted[job_id] = [i for i in range(total) if i not in done]
        return adopted

    def replicated(self) -> None:
        """Nothing to wait for: the file is the only copy, written before each call returns."""

    def close(self) -> None:
        """Close this thread's connection."""
        db: sqlite3.Connection | None = getattr(self.local, "db", None)
        if db is not None:
            db.close()
            self.local.db = None
