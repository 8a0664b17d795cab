"""The request of POST /v1/bot as its schema loads it."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.shapes.values import MatchInput, Seed
from service.search import Decision
from service.search.levels import Level


@dataclass(frozen=True, slots=True)
class BotRequest:
    """A bot's decision at a level, with the match and seed asked for."""

    decision: Decision
    level: Level
    match: MatchInput | None
    seed: Seed | None
