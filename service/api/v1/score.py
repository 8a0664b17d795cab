"""POST /v1/score: score the piles of a finished hand, and optionally the match."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.api.endpoints import SCORE_HAND, route
from service.api.examples import Lazy, finished_state, loaded, piles_json, preset_examples
from service.api.http.json import Blueprint, json_answer
from service.api.requests import ScoreRequest
from service.api.schemas.score import ScoreRequestSchema, ScoreResponseSchema
from service.api.usecases.scorekeeping import score_answer

blp = Blueprint("score", __name__, url_prefix="/v1", description="Scoring a hand and a match.")


def example_request() -> dict[str, Any]:
    """The piles of the example hand played to its end, with a match around it."""
    return {"rules": "scopa", **piles_json(finished_state()), "match": {"scores": [6, 9]}}


EXAMPLE = Lazy(example_request)


@route(blp, SCORE_HAND)
@blp.arguments(
    ScoreRequestSchema(),
    examples=preset_examples(
        lambda name: {"rules": name, **piles_json(finished_state(name))},
        {"match": {"summary": "a scopa hand with the match so far", "value": EXAMPLE}},
    ),
)
@blp.response(
    200,
    ScoreResponseSchema,
    example=Lazy(lambda: score_answer(loaded(ScoreRequestSchema, EXAMPLE.value()))),
)
def post_score(request: ScoreRequest) -> Response:
    """Score a finished hand from every side's pile and scope count, or every side's tally.

    The piles (and `leftover`, table cards nobody took) must be disjoint and cover the pack;
    otherwise the 422 problem names the missing and doubled cards. With `match` the answer
    carries the new match totals and the winner, if the match is over.

    `tallies` instead of `piles`: each side's counted facts, the fields of GET
    /v1/rules/tally (`null` for a side not counted, a fact left out where not counted).
    Tallies that count everything get the answer the piles would give (`napola_run` is null
    under rules without napola); tallies that cannot all be true are a 422 naming every
    miscount (`tallies[1].coins`); a partial tally gets the points it decides, the categories
    it does not in `undecided` (and each side's), `total` null until all are decided, and no
    `match` while any is undecided. A claim (`claimed_by`) from tallies needs every side's
    whole tally and, in `leftover`, every card not yet taken when the claim stopped the hand.

    `declarations` lists the hands declared in the hand (`seat`, `deal` from 1, the three
    `cards` shown); each must be a valid declaration of the rules' kind, from a seat of the
    table in a deal of three cards, once a seat and deal, and no card may be shown twice
    (422 naming e.g. `declarations[1].cards`). They are compared deal by deal and scored
    exactly as /v1/play scores them, with the same breakdown. `claimed_by` (claims, with
    `match`) says that seat's claim ended the hand: the piles are those of the hand as it
    stopped (they need not cover the pack) and `match` is the claim's verdict as /v1/play
    gives it (`reason` claim, or wrong_claim with the claimer as `loser`).
    """
    return json_answer(score_answer(request))
