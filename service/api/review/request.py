"""The requests of POST /v1/review and /v1/review/batch as their schemas load them."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.shapes.values import Entries, MatchInput, Seed
from service.engine.moves import MoveKind
from service.engine.record import HandRecord
from service.search import Budget

# The move kinds that play a card (an absent kind is a play): the decisions a review searches.
CARD_PLAYS = frozenset({MoveKind.PLAY, MoveKind.PASS})


def card_plays(record: HandRecord, seats: tuple[int, ...] | None) -> int:
    """The card plays of a record made by these seats (every seat's when None), forced ones
    included: which are forced is known only once the record is replayed."""
    return sum(
        1
        for play in record.moves
        if play.move.kind in CARD_PLAYS and (seats is None or play.seat in seats)
    )


@dataclass(frozen=True, slots=True)
class ReviewRequest:
    """A record to review: the seats (None: every seat), the budget, seed and match."""

    record: HandRecord
    seats: tuple[int, ...] | None
    budget: Budget | None
    match: MatchInput | None
    seed: Seed | None

    @property
    def searches(self) -> int:
        """The searches the review asks for: the card plays of the seats it reviews."""
        return card_plays(self.record, self.seats)


@dataclass(frozen=True, slots=True)
class BatchReviewRequest:
    """Many review requests, each loaded on its own (one that does not load is its line's
    problem)."""

    reviews: Entries[ReviewRequest]

    @property
    def searches(self) -> int:
        """The searches of every review that loads."""
        return sum(r.searches for r in self.reviews if isinstance(r, ReviewRequest))
