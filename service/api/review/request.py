"""The requests of POST /v1/review and /v1/review/batch as their schemas load them."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.shapes.values import MatchInput, Seed
from service.engine.record import HandRecord
from service.search import Budget


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """A record to review: the seats (None: every seat), the budget, seed and match."""

    record: HandRecord
    seats: tuple[int, ...] | None
    budget: Budget | None
    match: MatchInput | None
    seed: Seed | None


@dataclass(frozen=True, slots=True)
class BatchReviewRequest:
    """The bodies of many review requests, each loaded on its own (a bad one is its line's
    problem)."""

    reviews: tuple[object, ...]
