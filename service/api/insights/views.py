"""POST /v1/insights: what many hands of one player say about their play; POST /v1/drills:
positions to practise, made from that player's own mistakes: their declarations, blueprint and
views."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import marshmallow as ma
from flask import Response, current_app

from service.api.examples import Lazy, finished_record, loaded, short_record
from service.api.http.json import Blueprint, json_answer
from service.api.http.operations import BATCH_LIMIT, BY_SEARCHES, Operation, route
from service.api.http.searches import app_advice, uncached_advice
from service.api.insights.answer import drills_answer, insights_answer
from service.api.insights.request import DrillsRequest, InsightsRequest
from service.api.insights.schemas import (
    DrillsRequestSchema,
    DrillsResponseSchema,
    InsightsRequestSchema,
    InsightsResponseSchema,
)
from service.config import DEFAULTS


def hands_searches(request: InsightsRequest | DrillsRequest) -> int:
    """The player's card plays in every hand that loads (every seat's where the seat is found
    by name), as /v1/review counts them; a drill's re-search is not counted."""
    return request.searches


PLAYER_INSIGHTS = Operation(
    "playerInsights",
    BY_SEARCHES,
    "POST",
    "/v1/insights",
    request=InsightsRequestSchema,
    searches=hands_searches,
    body_limit=BATCH_LIMIT,
)
MAKE_DRILLS = Operation(
    "makeDrills",
    BY_SEARCHES,
    "POST",
    "/v1/drills",
    request=DrillsRequestSchema,
    searches=hands_searches,
    localised=True,
    body_limit=BATCH_LIMIT,
)

blp = Blueprint("insights", __name__, url_prefix="/v1", description="Coaching.")


def example_request() -> dict[str, Any]:
    """Two hands of one player, found by seat and by name, with dates."""
    record = short_record()
    named = {**record, "meta": {"players": ["Anna", "Bruno"], "date": "2026-11-02"}}
    dated = {**record, "meta": {"date": "2026-11-01"}}
    return {
        "hands": [{"record": dated, "seat": 0}, {"record": named}],
        "player": "Anna",
        "budget": {"iterations": 8},
    }


EXAMPLE = Lazy(example_request)


def answer_of(schema: type[ma.Schema], example: Lazy, answer: Callable[..., Any]) -> Any:
    """What an endpoint answers an example request, searched without a cache."""
    return answer(loaded(schema, example.value()), DEFAULTS, uncached_advice(DEFAULTS))


def example_answer() -> dict[str, Any]:
    """The example's insights."""
    found: dict[str, Any] = answer_of(InsightsRequestSchema, EXAMPLE, insights_answer)
    return found


@route(blp, PLAYER_INSIGHTS, example=EXAMPLE)
@blp.response(200, InsightsResponseSchema, example=Lazy(example_answer))
def post_insights(request: InsightsRequest) -> Response:
    """Insights over many hands of one player, reviewed on the way.

    Each hand is a record with the player's `seat`, or without it when the request's `player`
    is named in the record's `meta.players`. Every hand is reviewed for that seat as
    /v1/review would review it (through the advice cache: hands reviewed before at the same
    budget and seed cost nothing), by default at the level estimate's budget
    (`{"iterations": 1000}`, seed 0: the same hands give the same insights on any server).

    The answer: accuracy overall and per third of the hand (harmonic means of the decisions'
    accuracies, as in /v1/review); the mean loss per judged decision with its 95% interval
    (hands as clusters); the loss by scoring category (the best moves' breakdown less the
    played moves'); situations counted per hand (sweeps conceded and missed, the settebello
    lost avoidably, sevens given away); labels per 100 decisions; the trend by `meta.date`
    (ISO 8601); each hand's figures; and the estimated playing `level` on the built-in
    levels' scale with each level's probability and a 95% interval, calibrated from hands
    the levels played (two-player scopa and scopone scientifico; other rules use the
    calibration of their player count, and `same_rules` says so). The level needs the
    default budget; with another, `level` is null and `level_note` says why.

    Hands that do not load, replay or name the player are listed in `problems` and left out.
    The hands' decisions to search times the budget may not pass the batch cap
    (`REVIEW_BATCH_MAX_TOTAL_MS`, `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`): a 422
    `budget-too-large` before any search. Rate limit: the searches of every hand, as
    /v1/review counts them. The body may be as large as `BATCH_MAX_CONTENT_LENGTH`.
    """
    return json_answer(insights_answer(request, current_app.config, app_advice(current_app)))


def drills_example() -> dict[str, Any]:
    """The example hand played to its end by first legal moves (mistakes), both seats."""
    return {
        "hands": [{"record": finished_record(), "seat": seat} for seat in (0, 1)],
        "budget": {"iterations": 200},
        "drill_budget": {"iterations": 2000},
    }


DRILLS_EXAMPLE = Lazy(drills_example)


def drills_example_answer() -> dict[str, Any]:
    """The example's drills."""
    found: dict[str, Any] = answer_of(DrillsRequestSchema, DRILLS_EXAMPLE, drills_answer)
    return found


@route(blp, MAKE_DRILLS, example=DRILLS_EXAMPLE)
@blp.response(200, DrillsResponseSchema, example=Lazy(drills_example_answer))
def post_drills(request: DrillsRequest) -> Response:
    """Drills from a player's own mistakes: positions where one move is clearly best.

    The hands are given and reviewed as for /v1/insights (by default at `{"iterations":
    1000}`, seed 0). Every decision the review labelled mistake or blunder (a loss of at
    least 0.3 hand points) is searched again at `drill_budget` (default `{"iterations":
    10000}`, the advice cap) with a seed derived from the request's, through the advice cache,
    and kept as a drill only when one move is clearly best: it beats the second by at least
    0.15 points and by at least 3 paired standard errors (`rule`), and it is not the move the
    player made. Each drill gives the seat's `view` at that moment (only what the seat could
    know, as /v1/view gives it), its legal card plays, the `best` move and the move `played`
    with their values, breakdowns and sweep risks, the margin over the second move and its
    error, and `why`: the breakdown difference, the sweep risks and a sentence in the
    request's language. The same hands and seed give the same drills.

    Hands that do not load, replay or name the player are listed in `problems`. The batch
    cap counts the worst case before any search: every searched decision reviewed at `budget`
    and searched again at `drill_budget` (a 422 `budget-too-large`). Rate limit: the searches
    of every hand, as /v1/review counts them.
    """
    return json_answer(drills_answer(request, current_app.config, app_advice(current_app)))
