"""The request of POST /v1/jobs as its schema loads it: the kind of job, its body as sent (what
the job keeps for its workers), and that body loaded (its records counted, each loaded when
first read)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from service.api.fair_play.request import FairPlayRequest
from service.api.insights.request import InsightsRequest
from service.api.jobs.model import JobKind
from service.api.review.request import BatchReviewRequest

# What a job of each kind runs: a batch review's request, an insights or a fair-play request.
JobBody = BatchReviewRequest | InsightsRequest | FairPlayRequest
# The field of each kind's body that holds its records.
ENTRIES = {JobKind.REVIEW: "reviews", JobKind.INSIGHTS: "hands", JobKind.FAIR_PLAY: "hands"}


def records_of(body: JobBody) -> int:
    """How many records a job's body holds: a batch's reviews, or the player's hands."""
    return len(body.reviews) if isinstance(body, BatchReviewRequest) else len(body.hands)


@dataclass(frozen=True, slots=True)
class JobRequest:
    """A new job: its kind, its body as sent, that body loaded, and the URL its end is posted
    to (None: no webhook)."""

    kind: JobKind
    sent: Mapping[str, Any]
    body: JobBody
    callback: str | None = None

    @property
    def records(self) -> int:
        """How many records the job runs."""
        return records_of(self.body)
