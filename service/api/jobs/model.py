"""What a job is: its kind, its state, and what its store holds of it."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from enum import StrEnum


class JobKind(StrEnum):
    """What a job does: a batch review, a player's insights, or a player's fair-play report."""

    REVIEW = "review"
    INSIGHTS = "insights"
    FAIR_PLAY = "fair_play"


class JobState(StrEnum):
    """Where a job stands."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    CANCELLED = "cancelled"
    FAILED = "failed"


ENDED = frozenset({JobState.DONE, JobState.CANCELLED, JobState.FAILED})


class HookState(StrEnum):
    """Where a job's webhook stands."""

    WAITING = "waiting"  # the job has not ended
    SENDING = "sending"  # due, or failed and to be tried again
    DELIVERED = "delivered"
    ABANDONED = "abandoned"  # its time for retries spent, or refused for good


@dataclass(frozen=True, slots=True)
class Hook:
    """A job's webhook: where it goes, where it stands, its attempts and the last one's
    outcome in words (None before the first)."""

    url: str
    state: HookState
    attempts: int
    last: str | None


def new_job_id() -> str:
    """A job id no one can guess (128 random bits, URL-safe)."""
    return secrets.token_urlsafe(16)


@dataclass(frozen=True, slots=True)
class NewJob:
    """A job as it is made: its id, owner (the API key's name, empty without keys), kind,
    records, request body (JSON bytes), times (seconds since the epoch), the URL its end is
    posted to (None: no webhook) and the W3C traceparent of the request that made it."""

    id: str
    owner: str
    kind: JobKind
    total: int
    request: bytes
    created: float
    expires: float
    callback: str | None = None
    trace: str | None = None


@dataclass(frozen=True, slots=True)
class Job:
    """A job as its store holds it: what it was made with, when it started and ended, how it
    ended (None while it has not), its records done and the problems among them, its final
    result (an insights job's, once done), its webhook (None: none) and the traceparent of the
    request that made it."""

    id: str
    owner: str
    kind: JobKind
    total: int
    created: float
    expires: float
    started: float | None
    finished: float | None
    ended: JobState | None
    done: int
    problems: int
    final: bytes | None
    hook: Hook | None = None
    trace: str | None = None

    @property
    def state(self) -> JobState:
        """Queued until a record is taken, running until it ends."""
        if self.ended is not None:
            return self.ended
        return JobState.QUEUED if self.started is None else JobState.RUNNING
