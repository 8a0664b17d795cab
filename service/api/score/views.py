"""POST /v1/score (the piles or tallies of a finished hand scored, and optionally the match)
and POST /v1/match (a match ledger, scored hand by hand to its end): their declarations,
blueprints and views."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.api.examples import Lazy, finished_state, loaded, piles_json, preset_examples
from service.api.http.json import Blueprint, json_answer
from service.api.http.operations import BY_PARTS, ONE_UNIT, Operation, route
from service.api.score.answer import ledger_answer, score_answer
from service.api.score.request import LedgerRequest, ScoreRequest
from service.api.score.schemas import (
    LedgerRequestSchema,
    LedgerResponseSchema,
    ScoreRequestSchema,
    ScoreResponseSchema,
)


def ledger_hands(request: LedgerRequest) -> int:
    """One unit for each hand of the ledger."""
    return len(request.hands)


SCORE_HAND = Operation("scoreHand", ONE_UNIT, "POST", "/v1/score", request=ScoreRequestSchema)
KEEP_LEDGER = Operation(
    "keepLedger", BY_PARTS, "POST", "/v1/match", request=LedgerRequestSchema, units=ledger_hands
)

blp = Blueprint("score", __name__, url_prefix="/v1", description="Scoring a hand and a match.")


def example_request() -> dict[str, Any]:
    """The piles of the example hand played to its end, with a match around it."""
    return {"rules": "scopa", **piles_json(finished_state()), "match": {"scores": [6, 9]}}


EXAMPLE = Lazy(example_request)


@route(
    blp,
    SCORE_HAND,
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


ledger_blp = Blueprint("ledger", __name__, url_prefix="/v1", description="A match ledger.")


def ledger_example() -> dict[str, Any]:
    """Two hands of scopa: one tallied as counted at the table, one from its piles."""
    return {
        "rules": "scopa",
        "hands": [
            {
                "dealer": 0,
                "tallies": [
                    {
                        "cards": 23,
                        "coins": 6,
                        "settebello": True,
                        "prime": ["7D", "7C", "6S", "1B"],
                        "scope": 2,
                    },
                    {
                        "cards": 17,
                        "coins": 4,
                        "settebello": False,
                        "prime": ["6D", "6C", "7S", "7B"],
                        "scope": 1,
                    },
                ],
            },
            {"dealer": 1, **piles_json(finished_state())},
        ],
    }


LEDGER_EXAMPLE = Lazy(ledger_example)


@route(
    ledger_blp,
    KEEP_LEDGER,
    examples={"tallies and piles": {"summary": "two hands of scopa", "value": LEDGER_EXAMPLE}},
)
@ledger_blp.response(
    200,
    LedgerResponseSchema,
    example=Lazy(lambda: ledger_answer(loaded(LedgerRequestSchema, LEDGER_EXAMPLE.value()))),
)
def post_match(request: LedgerRequest) -> Response:
    """Score a match hand by hand: each hand's points, the running totals, and who won.

    `hands` are the match's hands in order, each given as every side's `piles` or every side's
    `tallies` (as in /v1/score), with the seat that dealt it. The match ends as the rules say:
    the target reached by one side ahead of every other (equal leaders play on), an outright
    win (cappotto, napoleone, the whole suit in scalette), a 7-0 lead (`cappotto_7_0`), a claim,
    and a double game is marked (`double_game`). A hand that cannot be scored, a tally that
    leaves a category undecided, a dealer out of turn, or a hand after the match ended is a 422
    naming the hand by its index (`hands[3].tallies[0].coins`), every problem at once.
    """
    return json_answer(ledger_answer(request))
