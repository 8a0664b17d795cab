"""POST /v1/play: apply a move to a full state."""

from __future__ import annotations

from flask import Response

from service.api.endpoints import PLAY_MOVE, route
from service.api.examples import Lazy, dealt_state, first_move_json, loaded, state_json
from service.api.http.json import Blueprint, json_answer
from service.api.requests import PlayRequest
from service.api.schemas.game import PlayRequestSchema, PlayResponseSchema
from service.api.usecases.hand import play_answer

blp = Blueprint("play", __name__, url_prefix="/v1", description="Playing a move.")

EXAMPLE = Lazy(lambda: {"state": state_json(dealt_state()), "move": first_move_json(dealt_state())})


@route(blp, PLAY_MOVE)
@blp.arguments(PlayRequestSchema(), example=EXAMPLE)
@blp.response(
    200,
    PlayResponseSchema,
    example=Lazy(lambda: play_answer(loaded(PlayRequestSchema, EXAMPLE.value()))),
)
def post_play(request: PlayRequest) -> Response:
    """Play the move of the player to move.

    The rules are the state's own `rules` (as /v1/deal returns them) or a top-level `rules`;
    when both are given they must be equal. An illegal move is a 422 problem of type
    `urn:scopa:problem:illegal-move` naming the move and listing `legal_moves`. A move carries
    its `kind` (keep, table, declare, decline, claim, pass; omitted for an ordinary play)
    exactly as /v1/moves lists it. With declarations, each deal of three cards opens a
    declaration round (`state.declaration_round`): every seat in turn from the one after the
    dealer declares or declines, and only then is the deal's first card played. When the hand
    ends the answer carries `score`: every side's breakdown and the hand totals, declarations
    included. When the state carries `match_scores` or
    `match_target`, or a claim ended the hand, it also carries `match`: a claim's verdict
    (`reason` claim: the claimer wins; wrong_claim: the claimer is the `loser`), else the
    match totals with the hand's points added and any winner. After a claim, `score` is the
    piles' points as the hand stopped; the match is decided by the claim alone.
    """
    return json_answer(play_answer(request))
