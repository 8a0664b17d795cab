"""POST /v1/play: apply a move to a full state."""

from __future__ import annotations

import http
from typing import Any

from service.api.convert import effective_rules, illegal_move, invalid_state, move_of, state_of
from service.api.examples import Lazy, dealt_state, first_move_json, state_json
from service.api.json_body import BodyBlueprint
from service.api.schemas import PlayRequestSchema, PlayResponseSchema
from service.engine import codec
from service.engine.errors import IllegalMoveError, InvalidStateError
from service.engine.outcome import score_state, settle
from service.engine.state import State, apply

blp = BodyBlueprint("play", __name__, url_prefix="/v1", description="Playing a move.")

TOO_LARGE = http.HTTPStatus(413).name


def answer(body: dict[str, Any]) -> dict[str, Any]:
    """The next state and its events, with the hand's score when the hand ends."""
    rules = effective_rules(body)
    state = state_of(rules, body["state"])
    move = move_of(body["move"])
    try:
        after, events = apply(state, move)
    except IllegalMoveError as error:
        raise illegal_move(state, error) from error
    return {
        "state": codec.state_to_dict(after),
        "events": [codec.event_to_dict(e) for e in events],
        **hand_end(after, "state"),
    }


def hand_end(state: State, field: str) -> dict[str, Any]:
    """The hand's ``score`` once it is finished, and its ``match`` when there is one to report
    (a claim, or a match context); nothing while it goes on. A match that cannot be settled is
    a 422 naming ``field``."""
    if not state.finished:
        return {}
    score = score_state(state)
    end: dict[str, Any] = {
        "score": {"sides": codec.hand_score_to_dict(score), "totals": list(score.totals)}
    }
    if state.claimed_by is not None or state.match_scores or state.match_target is not None:
        try:
            end["match"] = codec.match_to_dict(settle(state))
        except InvalidStateError as error:
            raise invalid_state(error.problems, field) from error
    return end


EXAMPLE = Lazy(lambda: {"state": state_json(dealt_state()), "move": first_move_json(dealt_state())})


@blp.route("/play", methods=["POST"])
@blp.doc(operationId="playMove")
@blp.arguments(PlayRequestSchema, example=EXAMPLE)
@blp.response(200, PlayResponseSchema, example=Lazy(lambda: answer(EXAMPLE.value())), as_built=True)
@blp.alt_response(413, response=TOO_LARGE)
def post_play(body: dict[str, Any]) -> dict[str, Any]:
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
    return answer(body)
