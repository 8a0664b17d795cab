"""The requests of POST /v1/insights and /v1/drills as their schemas load them."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.shapes.values import MatchInput, Seed
from service.engine.record import HandRecord
from service.search import Budget


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One hand of a player: its record and the player's seat (None: found by name)."""

    record: HandRecord
    seat: int | None


@dataclass(frozen=True, slots=True)
class InsightsRequest:
    """Hands of one player (each body loaded on its own), the player's name, and the review's
    budget, seed and match."""

    hands: tuple[object, ...]
    player: str | None
    budget: Budget | None
    seed: Seed | None
    match: MatchInput | None = None


@dataclass(frozen=True, slots=True)
class DrillsRequest:
    """Hands of one player (each body loaded on its own), the player's name, the review's
    budget and seed, and the re-searches' budget."""

    hands: tuple[object, ...]
    player: str | None
    budget: Budget | None
    seed: Seed | None
    drill_budget: Budget | None
