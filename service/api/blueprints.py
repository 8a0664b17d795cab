"""Every blueprint of the API, registered in one place."""

from __future__ import annotations

from flask_smorest import Blueprint

from service.api import health
from service.api.v1 import advice, deal, moves, play, rules, score

# A new endpoint group is one more entry here.
BLUEPRINTS: tuple[Blueprint, ...] = (
    health.blp,
    rules.blp,
    deal.blp,
    moves.blp,
    play.blp,
    score.blp,
    advice.blp,
)
