"""POST /v1/deal (a new hand dealt from a seed, every hand visible), /v1/moves (the legal
moves of a state, or of a hand on a table) and /v1/play (a move applied to a state): their
declarations, blueprints and views."""

from __future__ import annotations

from flask import Response

from service.api.examples import (
    EXAMPLE_SEED,
    Lazy,
    dealt_state,
    first_move_json,
    loaded,
    preset_examples,
    state_json,
)
from service.api.game.answer import deal_answer, moves_answer, play_answer
from service.api.game.request import DealRequest, MovesRequest, PlayRequest
from service.api.game.schemas import (
    DealRequestSchema,
    DealResponseSchema,
    MovesRequestSchema,
    MovesResponseSchema,
    PlayRequestSchema,
    PlayResponseSchema,
)
from service.api.http.json import Blueprint, json_answer
from service.api.http.operations import ONE_UNIT, Operation, route

DEAL_HAND = Operation("dealHand", ONE_UNIT, "POST", "/v1/deal", request=DealRequestSchema)
LIST_MOVES = Operation("listMoves", ONE_UNIT, "POST", "/v1/moves", request=MovesRequestSchema)
PLAY_MOVE = Operation("playMove", ONE_UNIT, "POST", "/v1/play", request=PlayRequestSchema)

deal_blp = Blueprint("deal", __name__, url_prefix="/v1", description="Dealing a new hand.")

DEAL_EXAMPLE = {"rules": "scopa", "seed": EXAMPLE_SEED, "dealer": 0}


@route(
    deal_blp,
    DEAL_HAND,
    examples=preset_examples(lambda name: {"rules": name, "seed": EXAMPLE_SEED, "dealer": 0}),
)
@deal_blp.response(
    200,
    DealResponseSchema,
    example=Lazy(lambda: deal_answer(loaded(DealRequestSchema, DEAL_EXAMPLE))),
)
def post_deal(request: DealRequest) -> Response:
    """Deal a new hand: the full initial state, for a client that referees a game.

    The same rules, seed and dealer always deal the same cards. Without a seed the service
    picks one and returns it. The state carries its rules: send it back as it is to
    /v1/moves and /v1/play.
    """
    return json_answer(deal_answer(request))


moves_blp = Blueprint("moves", __name__, url_prefix="/v1", description="Legal moves.")

LIGHT_EXAMPLE = {"rules": "scopa", "hand": ["7D", "3c", "10B"], "table": ["3S", "4S", "7C"]}


@route(
    moves_blp,
    LIST_MOVES,
    examples=preset_examples(
        lambda name: {"state": state_json(dealt_state(name))},
        {"light": {"summary": "a hand on a table", "value": LIGHT_EXAMPLE}},
    ),
)
@moves_blp.response(
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


play_blp = Blueprint("play", __name__, url_prefix="/v1", description="Playing a move.")

PLAY_EXAMPLE = Lazy(
    lambda: {"state": state_json(dealt_state()), "move": first_move_json(dealt_state())}
)


@route(play_blp, PLAY_MOVE, example=PLAY_EXAMPLE)
@play_blp.response(
    200,
    PlayResponseSchema,
    example=Lazy(lambda: play_answer(loaded(PlayRequestSchema, PLAY_EXAMPLE.value()))),
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
