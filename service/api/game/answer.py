"""The answers of /v1/deal, /v1/moves and /v1/play: a deal, the legal moves, a move played,
and the hand's end; the engine's refusals as 422 problems."""

from __future__ import annotations

import secrets
from typing import Any

from service.api.game.request import DealRequest, MovesRequest, PlayRequest
from service.api.http.refused import illegal_move, invalid_rules, invalid_state
from service.engine import codec
from service.engine.cards import Cards
from service.engine.errors import IllegalMoveError, InvalidStateError, RulesError
from service.engine.moves import Move, hand_moves, move_sweeps
from service.engine.outcome import score_state, settle
from service.engine.rules import Rules
from service.engine.state import State, apply, deal, legal_moves

MAX_SEED = 2**63 - 1


def dealt(rules: Rules, seed: int | str, dealer: int) -> State:
    """The dealt hand; a 422 when the re-deal rule voids shuffle after shuffle."""
    try:
        return deal(rules, seed, dealer)
    except RulesError as error:
        raise invalid_rules(error, "rules") from error


def deal_answer(request: DealRequest) -> dict[str, Any]:
    """The dealt state, its seed (drawn when none was asked for), and the first legal moves."""
    seed = secrets.randbelow(MAX_SEED + 1) if request.seed is None else request.seed
    state = dealt(request.rules, seed, request.dealer)
    return {
        "seed": seed,
        "state": codec.state_to_dict(state),
        "moves": [codec.legal_move_dict(state, m) for m in legal_moves(state)],
    }


def moves_answer(request: MovesRequest) -> dict[str, Any]:
    """The legal moves, each with whether it sweeps."""
    state = request.state
    if state is not None:
        return {"moves": [codec.legal_move_dict(state, m) for m in legal_moves(state)]}
    rules, table = request.rules, request.table
    moves = hand_moves(rules, request.hand, table)
    return {"moves": [light_move_dict(rules, m, table) for m in moves]}


def play_answer(request: PlayRequest) -> dict[str, Any]:
    """The next state and its events, with the hand's score when the hand ends."""
    state = request.state
    try:
        after, events = apply(state, request.move)
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


def light_move_dict(rules: Rules, move: Move, table: Cards) -> dict[str, Any]:
    """A move of the light form with its sweep flag, as if it were not the hand's last card."""
    return codec.move_to_dict(move, move_sweeps(rules, move, table, last_play=False))
