"""POST /v1/deal: a new hand dealt from a seed, every hand visible."""

from __future__ import annotations

import http
import secrets
from typing import Any

from service.api.convert import rules_of
from service.api.examples import EXAMPLE_SEED, Lazy, preset_examples
from service.api.fields import MAX_SEED
from service.api.json_body import BodyBlueprint
from service.api.problems import (
    INVALID_RULES,
    INVALID_RULES_TITLE,
    VALIDATION,
    ProblemError,
    errors_by_field,
)
from service.api.schemas import DealRequestSchema, DealResponseSchema
from service.engine import codec
from service.engine.errors import RulesError
from service.engine.message import Message
from service.engine.rules import Rules
from service.engine.state import State, deal, legal_moves

blp = BodyBlueprint("deal", __name__, url_prefix="/v1", description="Dealing a new hand.")

TOO_LARGE = http.HTTPStatus(413).name


def dealt(rules: Rules, seed: int | str, dealer: int) -> State:
    """The dealt hand; a 422 when the re-deal rule voids shuffle after shuffle."""
    try:
        return deal(rules, seed, dealer)
    except RulesError as error:
        errors = errors_by_field(error.problems, "rules")
        raise ProblemError(
            422, error.message, errors, INVALID_RULES, INVALID_RULES_TITLE
        ) from error


def answer(body: dict[str, Any], seed: int | str) -> dict[str, Any]:
    """The dealt state, its seed, and the legal moves of the first player."""
    rules = rules_of(body["rules"])
    dealer = body["dealer"]
    if dealer >= rules.players:
        raise ProblemError(
            422,
            Message("dealer must be a seat 0..{last}", last=rules.players - 1),
            {
                "dealer": [
                    Message(
                        "must be a seat 0..{last}, not {dealer}",
                        last=rules.players - 1,
                        dealer=dealer,
                    )
                ]
            },
            VALIDATION,
        )
    state = dealt(rules, seed, dealer)
    return {
        "seed": seed,
        "state": codec.state_to_dict(state),
        "moves": [codec.legal_move_dict(state, m) for m in legal_moves(state)],
    }


EXAMPLE = {"rules": "scopa", "seed": EXAMPLE_SEED, "dealer": 0}


@blp.route("/deal", methods=["POST"])
@blp.doc(operationId="dealHand")
@blp.arguments(
    DealRequestSchema,
    examples=preset_examples(lambda name: {"rules": name, "seed": EXAMPLE_SEED, "dealer": 0}),
)
@blp.response(
    200,
    DealResponseSchema,
    example=Lazy(lambda: answer(EXAMPLE, EXAMPLE_SEED)),
    as_built=True,
)
@blp.alt_response(413, response=TOO_LARGE)
def post_deal(body: dict[str, Any]) -> dict[str, Any]:
    """Deal a new hand: the full initial state, for a client that referees a game.

    The same rules, seed and dealer always deal the same cards. Without a seed the service
    picks one and returns it. The state carries its rules: send it back as it is to
    /v1/moves and /v1/play.
    """
    seed = body["seed"] if "seed" in body else secrets.randbelow(MAX_SEED + 1)
    return answer(body, seed)
