"""API v1: one module of views per group of endpoints, each routed by its declaration."""

from __future__ import annotations

import marshmallow as ma

from service.api.http.json import Blueprint
from service.api.schemas.insights import PlayerHandSchema
from service.api.v1 import (
    advice,
    bot,
    deal,
    health,
    insights,
    jobs,
    ledger,
    moves,
    names,
    play,
    problems,
    records,
    review,
    rules,
    score,
)

# A new group of endpoints is one more entry here.
BLUEPRINTS: tuple[Blueprint, ...] = (
    health.blp,
    problems.blp,
    rules.blp,
    names.blp,
    deal.blp,
    moves.blp,
    play.blp,
    score.blp,
    ledger.blp,
    advice.blp,
    bot.blp,
    records.blp,
    review.blp,
    insights.blp,
    jobs.blp,
)

# Schemas the spec names by reference only (the items of a list loaded one by one).
REFERENCED_SCHEMAS: tuple[tuple[str, type[ma.Schema]], ...] = (("PlayerHand", PlayerHandSchema),)
