"""The requests of POST /v1/insights and /v1/drills as their schemas load them."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.review.request import card_plays
from service.api.shapes.values import Entries, MatchInput, Seed
from service.engine.record import HandRecord
from service.search import Budget

# A drill's re-search, unless the request asks for another budget.
DRILL_BUDGET = Budget(iterations=10_000)


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand of a player: its record and the player's seat (None: found by name)."""

    record: HandRecord
    seat: int | None

    @property
    def searches(self) -> int:
        """The searches its review asks for: the player's card plays (every seat's when the
        seat is found by name, later)."""
        return card_plays(self.record, None if self.seat is None else (self.seat,))


def hands_searches(hands: Entries[PlayerHand]) -> int:
    """The searches of every hand that loads."""
    return sum(h.searches for h in hands if isinstance(h, PlayerHand))


@dataclass(frozen=True, slots=True)
class InsightsRequest:
    """Hands of one player (each loaded on its own), the player's name, and the review's
    budget, seed and match."""

    hands: Entries[PlayerHand]
    player: str | None
    budget: Budget | None
    seed: Seed | None
    match: MatchInput | None = None

    @property
    def searches(self) -> int:
        """The searches of every hand that loads."""
        return hands_searches(self.hands)


@dataclass(frozen=True, slots=True)
class DrillsRequest:
    """Hands of one player (each loaded on its own), the player's name, the review's budget
    and seed, and the re-searches' budget."""

    hands: Entries[PlayerHand]
    player: str | None
    budget: Budget | None
    seed: Seed | None
    drill_budget: Budget | None

    @property
    def searches(self) -> int:
        """The searches of every hand that loads (the re-searches are not counted)."""
        return hands_searches(self.hands)
