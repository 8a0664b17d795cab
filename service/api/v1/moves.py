"""POST /v1/moves: the legal moves of a full state, or of a hand on a table."""

from __future__ import annotations

import http
from typing import Any

from service.api.convert import cards_of, effective_rules, light_move_dict, rules_of, state_of
from service.api.examples import Lazy, dealt_state, preset_examples, state_json
from service.api.json_body import BodyBlueprint
from service.api.schemas import MovesRequestSchema, MovesResponseSchema
from service.engine import codec
from service.engine.moves import hand_moves
from service.engine.state import legal_moves

blp = BodyBlueprint("moves", __name__, url_prefix="/v1", description="Legal moves.")

TOO_LARGE = http.HTTPStatus(413).name


def answer(body: dict[str, Any]) -> dict[str, Any]:
    """The legal moves, each with whether it sweeps."""
    if "state" in body:
        rules = effective_rules(body)
        state = state_of(rules, body["state"])
        return {"moves": [codec.legal_move_dict(state, m) for m in legal_moves(state)]}
    rules = rules_of(body["rules"])
    cards = cards_of(rules, {"hand": body["hand"], "table": body["table"]})
    moves = hand_moves(rules, cards["hand"], cards["table"])
    return {"moves": [light_move_dict(rules, m, cards["table"]) for m in moves]}


LIGHT_EXAMPLE = {"rules": "scopa", "hand": ["7D", "3c", "10B"], "table": ["3S", "4S", "7C"]}


@blp.route("/moves", methods=["POST"])
@blp.doc(operationId="listMoves")
@blp.arguments(
    MovesRequestSchema,
    examples=preset_examples(
        lambda name: {"state": state_json(dealt_state(name))},
        {"light": {"summary": "a hand on a table", "value": LIGHT_EXAMPLE}},
    ),
)
@blp.response(200, MovesResponseSchema, example=Lazy(lambda: answer(LIGHT_EXAMPLE)), as_built=True)
@blp.alt_response(413, response=TOO_LARGE)
def post_moves(body: dict[str, Any]) -> dict[str, Any]:
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
    return answer(body)
