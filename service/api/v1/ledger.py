"""POST /v1/match: a match ledger, scored hand by hand to its end."""

from __future__ import annotations

from typing import Any

from flask import Response

from service.api.endpoints import KEEP_LEDGER, route
from service.api.examples import Lazy, finished_state, loaded, piles_json
from service.api.http.json import Blueprint, json_answer
from service.api.requests import LedgerRequest
from service.api.schemas.ledger import LedgerRequestSchema, LedgerResponseSchema
from service.api.usecases.scorekeeping import ledger_answer

blp = Blueprint("ledger", __name__, url_prefix="/v1", description="A match ledger.")


def example_request() -> dict[str, Any]:
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


EXAMPLE = Lazy(example_request)


@route(blp, KEEP_LEDGER)
@blp.arguments(
    LedgerRequestSchema(),
    examples={"tallies and piles": {"summary": "two hands of scopa", "value": EXAMPLE}},
)
@blp.response(
    200,
    LedgerResponseSchema,
    example=Lazy(lambda: ledger_answer(loaded(LedgerRequestSchema, EXAMPLE.value()))),
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
