"""POST /v1/score: score the piles of a finished hand, and optionally the match."""

from __future__ import annotations

import http
import re
from typing import Any

from flask_smorest import Blueprint

from service.api.convert import invalid_state, rules_of
from service.api.examples import Lazy, finished_state
from service.api.schemas import ScoreRequestSchema, ScoreResponseSchema
from service.engine import codec
from service.engine.cards import codes, parse_card
from service.engine.errors import InvalidStateError, Problem
from service.engine.match import add_hand
from service.engine.scoring import check_piles, score_hand

blp = Blueprint("score", __name__, url_prefix="/v1", description="Scoring a hand and a match.")

TOO_LARGE = http.HTTPStatus(413).name
SCOPE_FIELD = re.compile(r"scope\[(\d+)\]")


def request_field(problem: Problem) -> Problem:
    """An engine problem renamed to the request's field: scope[1] is piles[1].scope."""
    found = SCOPE_FIELD.fullmatch(problem.field)
    if found:
        return Problem(f"piles[{found.group(1)}].scope", problem.reason)
    return problem


def answer(body: dict[str, Any]) -> dict[str, Any]:
    """Every side's breakdown and total, and the match after the hand when one is given."""
    rules = rules_of(body["rules"])
    piles = [[parse_card(c) for c in pile["cards"]] for pile in body["piles"]]
    scope = [pile["scope"] for pile in body["piles"]]
    leftover = [parse_card(c) for c in body["leftover"]]
    try:
        masks, _ = check_piles(rules, piles, scope, leftover)
    except InvalidStateError as error:
        raise invalid_state([request_field(p) for p in error.problems]) from error
    score = score_hand(rules, masks, scope)
    result: dict[str, Any] = {
        "sides": codec.hand_score_to_dict(score),
        "totals": list(score.totals),
    }
    if "match" in body:
        match = body["match"]
        try:
            after = add_hand(rules, match["scores"], score, match.get("target"))
        except InvalidStateError as error:
            raise invalid_state(error.problems) from error
        result["match"] = codec.match_to_dict(after)
    return result


def example_request() -> dict[str, Any]:
    """The piles of the example hand played to its end, with a match around it."""
    state = finished_state()
    piles = [
        {"cards": codes(pile), "scope": scope}
        for pile, scope in zip(state.piles, state.scope, strict=True)
    ]
    return {"rules": "scopa", "piles": piles, "match": {"scores": [6, 9]}}


EXAMPLE = Lazy(example_request)


@blp.route("/score", methods=["POST"])
@blp.arguments(ScoreRequestSchema, example=EXAMPLE)
@blp.response(
    200, ScoreResponseSchema, example=Lazy(lambda: answer(EXAMPLE.value() | {"leftover": []}))
)
@blp.alt_response(413, response=TOO_LARGE)
def post_score(body: dict[str, Any]) -> dict[str, Any]:
    """Score a finished hand from every side's pile and scope count.

    The piles (and `leftover`, table cards nobody took) must be disjoint and cover the pack;
    otherwise the 422 problem names the missing and doubled cards. With `match` the answer
    carries the new match totals and the winner, if the match is over.
    """
    return answer(body)
