"""POST /v1/moves: the legal moves of a full state, or of a hand on a table."""

from __future__ import annotations

from flask import Response

from service.api.endpoints import LIST_MOVES, route
from service.api.examples import Lazy, dealt_state, loaded, preset_examples, state_json
from service.api.http.json import Blueprint, json_answer
from service.api.requests import MovesRequest
from service.api.schemas.game import MovesRequestSchema, MovesResponseSchema
from service.api.usecases.hand import moves_answer

blp = Blueprint("moves", __name__, url_prefix="/v1", description="Legal moves.")

LIGHT_EXAMPLE = {"rules": "scopa", "hand": ["7D", "3c", "10B"], "table": ["3S", "4S", "7C"]}


@route(blp, LIST_MOVES)
@blp.arguments(
    MovesRequestSchema(),
    examples=preset_examples(
        lambda name: {"state": state_json(dealt_state(name))},
        {"light": {"summary": "a hand on a table", "value": LIGHT_EXAMPLE}},
    ),
)
@blp.response(
    200,
    MovesResponseSchema,
    example=Lazy(lambda: moves_answer(loaded(MovesRequestSchema, LIGHT_EXAMPLE))),
)
def post_moves(request: MovesRequest) -> Response:
    """The legal moves of the player to move.

    Either `{state}` (a full state; its `rules`, or a top-level `rules` equal to them) or the
    light form `{rules, hand, table}` for hints. In the light form `sweep` assumes the card is
    not the last of the hand (the last card scores no scopa unless `last_card_scopa`).

    Each move carries its `kind` when it is not an ordinary play, as /v1/play expects it back:
    `keep` / `table` (the Chkobba cutter's choice, the only moves while `state.cut_card` is
    set), `declare` (the whole hand shown) and `decline` (no card; nothing declared), the
    only moves while `state.declaration_round` is open, `pass` (an ace put in the pile) and
    `claim` (no card, listed last). The light form lists card plays only.
    """
    return json_answer(moves_answer(request))
