"""POST /v1/score: score the piles of a finished hand, and optionally the match."""

from __future__ import annotations

import http
import re
from typing import Any

from service.api.convert import invalid_state, rules_of
from service.api.examples import Lazy, finished_state, piles_json, preset_examples
from service.api.json_body import BodyBlueprint
from service.api.schemas import ScoreRequestSchema, ScoreResponseSchema
from service.engine import codec
from service.engine.cards import parse_cards
from service.engine.declarations import Declaration, declaration_problems
from service.engine.errors import InvalidStateError, Problem
from service.engine.match import add_hand
from service.engine.outcome import claim_verdict
from service.engine.rules import Rules
from service.engine.scoring import check_piles, score_hand

blp = BodyBlueprint("score", __name__, url_prefix="/v1", description="Scoring a hand and a match.")

TOO_LARGE = http.HTTPStatus(413).name
SCOPE_FIELD = re.compile(r"scope\[(\d+)\]")


def request_field(problem: Problem) -> Problem:
    """An engine problem renamed to the request's field: scope[1] is piles[1].scope."""
    found = SCOPE_FIELD.fullmatch(problem.field)
    if found:
        return Problem(f"piles[{found.group(1)}].scope", problem.reason)
    return problem


def declarations_of(rules: Rules, body: dict[str, Any]) -> tuple[Declaration, ...]:
    """The hand's declarations, each a valid one of its kind, or a 422 naming every bad one."""
    try:
        declarations = codec.declarations_from_list(body["declarations"])
    except InvalidStateError as error:
        raise invalid_state(error.problems) from error
    problems = declaration_problems(rules, declarations, rules.deals)
    claimed = body.get("claimed_by")
    if claimed is not None and not rules.claims:
        problems.append(Problem("claimed_by", "only with claims"))
    elif claimed is not None and claimed >= rules.players:
        problems.append(Problem("claimed_by", f"must be a seat 0..{rules.players - 1}"))
    if problems:
        raise invalid_state(problems)
    return declarations


def answer(body: dict[str, Any]) -> dict[str, Any]:
    """Every side's breakdown and total, and the match after the hand (or its claim's
    verdict) when one is given."""
    rules = rules_of(body["rules"])
    piles = [parse_cards(pile["cards"]) for pile in body["piles"]]
    scope = [pile["scope"] for pile in body["piles"]]
    leftover = parse_cards(body["leftover"])
    declarations = declarations_of(rules, body)
    claimed = body.get("claimed_by")
    try:
        # A hand ended by a claim stopped early: its piles need not cover the pack.
        masks, _ = check_piles(rules, piles, scope, leftover, finished=claimed is None)
    except InvalidStateError as error:
        raise invalid_state([request_field(p) for p in error.problems]) from error
    score = score_hand(rules, masks, scope, declarations)
    result: dict[str, Any] = {
        "sides": codec.hand_score_to_dict(score),
        "totals": list(score.totals),
    }
    if "match" in body:
        match = body["match"]
        try:
            if claimed is None:
                after = add_hand(rules, match["scores"], score, match.get("target"))
            else:
                after = claim_verdict(
                    rules,
                    masks,
                    scope,
                    declarations=declarations,
                    claimed_by=claimed,
                    scores=match["scores"],
                    target=match.get("target"),
                )
        except InvalidStateError as error:
            raise invalid_state(error.problems) from error
        result["match"] = codec.match_to_dict(after)
    return result


def example_request() -> dict[str, Any]:
    """The piles of the example hand played to its end, with a match around it."""
    return {"rules": "scopa", **piles_json(finished_state()), "match": {"scores": [6, 9]}}


EXAMPLE = Lazy(example_request)


@blp.route("/score", methods=["POST"])
@blp.doc(operationId="scoreHand")
@blp.arguments(
    ScoreRequestSchema,
    examples=preset_examples(
        lambda name: {"rules": name, **piles_json(finished_state(name))},
        {"match": {"summary": "a scopa hand with the match so far", "value": EXAMPLE}},
    ),
)
@blp.response(
    200,
    ScoreResponseSchema,
    example=Lazy(lambda: answer(EXAMPLE.value() | {"leftover": [], "declarations": []})),
    as_built=True,
)
@blp.alt_response(413, response=TOO_LARGE)
def post_score(body: dict[str, Any]) -> dict[str, Any]:
    """Score a finished hand from every side's pile and scope count.

    The piles (and `leftover`, table cards nobody took) must be disjoint and cover the pack;
    otherwise the 422 problem names the missing and doubled cards. With `match` the answer
    carries the new match totals and the winner, if the match is over.

    `declarations` lists the hands declared in the hand (`seat`, `deal` from 1, the three
    `cards` shown); each must be a valid declaration of the rules' kind, from a seat of the
    table in a deal of three cards, once a seat and deal, and no card may be shown twice
    (422 naming e.g. `declarations[1].cards`). They are compared deal by deal and scored
    exactly as /v1/play scores them, with the same breakdown. `claimed_by` (claims, with
    `match`) says that seat's claim ended the hand: the piles are those of the hand as it
    stopped (they need not cover the pack) and `match` is the claim's verdict as /v1/play
    gives it (`reason` claim, or wrong_claim with the claimer as `loser`).
    """
    return answer(body)
