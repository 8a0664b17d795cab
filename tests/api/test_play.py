"""POST /v1/play."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from service.engine import codec
from service.engine.presets import make_rules
from service.engine.state import State, apply, deal, is_sweep, legal_moves
from tests.api.problem_asserts import assert_problem

VALIDATION = "urn:scopa:problem:validation"
INVALID_STATE = "urn:scopa:problem:invalid-state"
ILLEGAL_MOVE = "urn:scopa:problem:illegal-move"


def dealt(seed: int = 42) -> State:
    """A dealt two-player Scopa hand."""
    return deal(make_rules("scopa"), seed)


def sweep_position() -> State:
    """The first state, playing first legal moves from seed 0 on, where a move sweeps."""
    for seed in range(100):
        state = dealt(seed)
        while not state.finished:
            if any(is_sweep(state, m) for m in legal_moves(state)):
                return state
            state, _ = apply(state, legal_moves(state)[0])
    raise AssertionError("no sweep found")


def play(client: FlaskClient, state: dict[str, Any], move: dict[str, Any]) -> Any:
    """The response to playing a move on a state."""
    return client.post("/v1/play", json={"state": state, "move": move})


def test_a_move_gives_the_engines_next_state_and_events(client: FlaskClient) -> None:
    state = dealt()
    move = legal_moves(state)[0]
    body = play(client, codec.state_to_dict(state), codec.move_to_dict(move)).get_json()
    after, events = apply(state, move)
    assert body["state"] == codec.state_to_dict(after)
    assert body["events"] == [codec.event_to_dict(e) for e in events]
    assert "score" not in body


def test_a_sweep_scores_a_scopa_and_a_move_may_carry_its_sweep_flag(client: FlaskClient) -> None:
    state = sweep_position()
    move = next(m for m in legal_moves(state) if is_sweep(state, m))
    body = play(client, codec.state_to_dict(state), codec.legal_move_dict(state, move)).get_json()
    kinds = [e["kind"] for e in body["events"]]
    assert kinds[:2] == ["capture", "scopa"]
    side = state.rules.side_of(state.to_move)
    assert body["state"]["scope"][side] == state.scope[side] + 1


def test_the_last_move_brings_the_score_equal_to_v1_score(client: FlaskClient) -> None:
    state = codec.state_to_dict(dealt(5))
    body: dict[str, Any] = {}
    while not state["finished"]:
        move = client.post("/v1/moves", json={"state": state}).get_json()["moves"][0]
        body = play(client, state, move).get_json()
        state = body["state"]
    assert body["events"][-1]["kind"] == "hand_end"
    piles = [
        {"cards": cards, "scope": scope}
        for cards, scope in zip(state["piles"], state["scope"], strict=True)
    ]
    scored = client.post("/v1/score", json={"rules": "scopa", "piles": piles}).get_json()
    assert body["score"] == {"sides": scored["sides"], "totals": scored["totals"]}
    assert len(body["score"]["sides"]) == 2


def test_an_illegal_move_is_named_with_the_legal_moves(client: FlaskClient) -> None:
    state = dealt()
    not_held = state.hands[0] & -state.hands[0]
    card = codec.codes(not_held)[0]
    response = play(client, codec.state_to_dict(state), {"card": card.lower(), "capture": []})
    body = assert_problem(response, 422, ILLEGAL_MOVE)
    assert body["detail"].startswith(f"illegal move {card}:")
    assert "does not hold" in body["errors"]["move"][0]
    assert body["legal_moves"] == [codec.legal_move_dict(state, m) for m in legal_moves(state)]


def test_a_capture_that_is_not_legal_is_an_illegal_move(client: FlaskClient) -> None:
    state = dealt()
    held = codec.codes(state.hands[state.to_move])[0]
    table = codec.codes(state.table)
    body = assert_problem(
        play(client, codec.state_to_dict(state), {"card": held, "capture": table}),
        422,
        ILLEGAL_MOVE,
    )
    assert held in body["detail"]


def test_a_move_with_a_bad_code_or_a_doubled_card(client: FlaskClient) -> None:
    state = codec.state_to_dict(dealt())
    body = assert_problem(play(client, state, {"card": "0D"}), 422, VALIDATION)
    assert list(body["errors"]) == ["move.card"]
    body = assert_problem(
        play(client, state, {"card": "7D", "capture": ["3S", "3s"]}), 422, INVALID_STATE
    )
    assert list(body["errors"]) == ["move.capture[1]"]


def test_an_inconsistent_state_is_refused_before_the_move(client: FlaskClient) -> None:
    state = codec.state_to_dict(dealt())
    state["to_move"] = 0
    state["scope"] = [1, 0]
    body = assert_problem(play(client, state, {"card": "7D"}), 422, INVALID_STATE)
    assert {"state.to_move", "state.scope[0]"} <= set(body["errors"])


def test_state_and_move_are_required(client: FlaskClient) -> None:
    body = assert_problem(client.post("/v1/play", json={"rules": "scopa"}), 422, VALIDATION)
    assert set(body["errors"]) == {"state", "move"}
