"""The requests of POST /v1/deal, /v1/moves and /v1/play as their schemas load them: engine
values, every check of the request done."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.shapes.values import Seed
from service.engine.cards import Cards
from service.engine.moves import Move
from service.engine.rules import Rules
from service.engine.state import State


@dataclass(frozen=True, slots=True)
class DealRequest:
    """Deal a hand of these rules from a seed (None: the service draws one)."""

    rules: Rules
    seed: Seed | None
    dealer: int


@dataclass(frozen=True, slots=True)
class MovesRequest:
    """The legal moves of a full state, or of a hand on a table (the light form)."""

    rules: Rules
    state: State | None = None
    hand: Cards = 0
    table: Cards = 0


@dataclass(frozen=True, slots=True)
class PlayRequest:
    """A move of the player to move in a full state."""

    state: State
    move: Move
