"""POST /v1/deal: a new hand dealt from a seed, every hand visible."""

from __future__ import annotations

from flask import Response

from service.api.endpoints import DEAL_HAND, route
from service.api.examples import EXAMPLE_SEED, Lazy, loaded, preset_examples
from service.api.http.json import Blueprint, json_answer
from service.api.requests import DealRequest
from service.api.schemas.game import DealRequestSchema, DealResponseSchema
from service.api.usecases.hand import deal_answer

blp = Blueprint("deal", __name__, url_prefix="/v1", description="Dealing a new hand.")

EXAMPLE = {"rules": "scopa", "seed": EXAMPLE_SEED, "dealer": 0}


@route(blp, DEAL_HAND)
@blp.arguments(
    DealRequestSchema(),
    examples=preset_examples(lambda name: {"rules": name, "seed": EXAMPLE_SEED, "dealer": 0}),
)
@blp.response(
    200, DealResponseSchema, example=Lazy(lambda: deal_answer(loaded(DealRequestSchema, EXAMPLE)))
)
def post_deal(request: DealRequest) -> Response:
    """Deal a new hand: the full initial state, for a client that referees a game.

    The same rules, seed and dealer always deal the same cards. Without a seed the service
    picks one and returns it. The state carries its rules: send it back as it is to
    /v1/moves and /v1/play.
    """
    return json_answer(deal_answer(request))
