"""The resources of the API, each a package of its own (``service/api/<resource>/``): their
blueprints in the order the spec lists them, and every operation they declare.

A new resource is one more package and one more entry here.
"""

from __future__ import annotations

import marshmallow as ma

from service.api.advice import views as advice
from service.api.bot import views as bot
from service.api.fair_play import views as fair_play
from service.api.fair_play.schemas import FairPlayEvidenceSchema, FairPlayHandSchema
from service.api.game import views as game
from service.api.health import views as health
from service.api.http.json import Blueprint
from service.api.http.operations import Operation
from service.api.insights import views as insights
from service.api.insights.schemas import PlayerHandSchema
from service.api.jobs import views as jobs
from service.api.names import views as names
from service.api.problems import views as problems
from service.api.records import views as records
from service.api.review import views as review
from service.api.rules import views as rules
from service.api.score import views as score

BLUEPRINTS: tuple[Blueprint, ...] = (
    health.blp,
    problems.blp,
    rules.blp,
    names.blp,
    game.deal_blp,
    game.moves_blp,
    game.play_blp,
    score.blp,
    score.ledger_blp,
    advice.blp,
    bot.blp,
    records.blp,
    review.blp,
    insights.blp,
    fair_play.blp,
    jobs.blp,
)

# Every operation, in the order the docs' table lists them.
OPERATIONS: tuple[Operation, ...] = (
    health.GET_HEALTH,
    health.GET_READINESS,
    problems.LIST_PROBLEM_TYPES,
    rules.GET_RULES,
    names.GET_NAMES,
    game.DEAL_HAND,
    game.LIST_MOVES,
    game.PLAY_MOVE,
    score.SCORE_HAND,
    score.KEEP_LEDGER,
    rules.GET_TALLY_FIELDS,
    advice.ADVISE_MOVE,
    bot.LIST_BOT_LEVELS,
    bot.PLAY_BOT_MOVE,
    records.RECORD_HAND,
    records.REPLAY_RECORD,
    records.VIEW_OF_SEAT,
    review.REVIEW_HAND,
    review.REVIEW_BATCH,
    insights.PLAYER_INSIGHTS,
    insights.MAKE_DRILLS,
    fair_play.JUDGE_FAIR_PLAY,
    jobs.CREATE_JOB,
    jobs.LIST_JOBS,
    jobs.GET_JOB,
    jobs.JOB_RESULTS,
    jobs.DOWNLOAD_JOB,
    jobs.CANCEL_JOB,
)

# Schemas the spec names by reference only (the items of a list loaded one by one).
REFERENCED_SCHEMAS: tuple[tuple[str, type[ma.Schema]], ...] = (
    ("PlayerHand", PlayerHandSchema),
    ("FairPlayHand", FairPlayHandSchema),
    ("FairPlayEvidence", FairPlayEvidenceSchema),
)
