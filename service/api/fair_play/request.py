"""The request of POST /v1/fair-play as its schema loads it: hands of one player (and of the
other seat of a pair), each loaded on its own."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.shapes.values import Entries
from service.engine.record import HandRecord


@dataclass(frozen=True, slots=True)
class FairPlayHand:
    """One hand: its record, the player's seat and the pair's other seat (None: found by name,
    or no pair)."""

    record: HandRecord
    seat: int | None
    pair_seat: int | None


@dataclass(frozen=True, slots=True)
class FairPlayRequest:
    """Hands of one player (each loaded on its own), the player's name, and the name of the
    pair's other player (None: the pair seat as each hand gives it, or no pair)."""

    hands: Entries[FairPlayHand]
    player: str | None
    pair: str | None
