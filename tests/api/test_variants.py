"""Every preset's features through /v1/deal, /v1/moves and /v1/play: kinds, new state fields,
large captures, declarations in the score, claims and their match outcome."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine import codec
from service.engine.cards import Suit, card
from service.engine.moves import MoveKind
from service.engine.outcome import score_state, settle
from service.engine.presets import PRESETS, make_rules
from service.engine.state import State, apply, deal, legal_moves
from tests.api.problem_asserts import assert_problem

ILLEGAL_MOVE = "urn:scopa:problem:illegal-move"
SETTEBELLO = card(7, Suit.D)


def post_play(client: FlaskClient, state: dict[str, Any], move: dict[str, Any]) -> Any:
    """The body of a successful /v1/play."""
    response = client.post("/v1/play", json={"state": state, "move": move})
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_json()


def score_json(state: State) -> dict[str, Any]:
    """The score /v1/play must return for a finished state."""
    score = score_state(state)
    return {"sides": codec.hand_score_to_dict(score), "totals": list(score.totals)}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_to_its_end_through_the_api(client: FlaskClient, preset: str) -> None:
    """Dealt, listed and played by the API exactly as by the engine, every move's kind kept."""
    rules = make_rules(preset, claims=False)
    body = client.post("/v1/deal", json={"rules": rules.options(), "seed": 5}).get_json()
    state = deal(rules, 5)
    assert body["state"] == codec.state_to_dict(state)
    rng = random.Random(preset)
    while not state.finished:
        listed = client.post("/v1/moves", json={"state": body["state"]}).get_json()["moves"]
        assert listed == [codec.legal_move_dict(state, m) for m in legal_moves(state)]
        move = rng.choice(legal_moves(state))
        state, events = apply(state, move)
        body = post_play(client, body["state"], codec.move_to_dict(move))
        assert body["state"] == codec.state_to_dict(state)
        assert body["events"] == [codec.event_to_dict(e) for e in events]
    assert body["score"] == score_json(state)
    assert "match" not in body


def test_chkobba_deal_gives_the_cut_card_and_the_cutters_keep_and_table(
    client: FlaskClient,
) -> None:
    body = client.post("/v1/deal", json={"rules": "chkobba", "seed": 1}).get_json()
    state = deal(make_rules("chkobba"), 1)
    assert state.cut_card is not None
    drawn = codec.code(state.cut_card)
    assert body["state"]["cut_card"] == drawn
    assert [(m["kind"], m["card"]) for m in body["moves"]] == [("keep", drawn), ("table", drawn)]
    moves = client.post("/v1/moves", json={"state": body["state"]})
    assert moves.status_code == 200
    assert moves.get_json()["moves"] == body["moves"]
    kept = post_play(client, body["state"], body["moves"][0])
    assert "cut_card" not in kept["state"]
    cutter = state.to_move
    assert drawn in kept["state"]["hands"][cutter]
    assert kept["state"]["history"] == [
        {"seat": cutter, "card": drawn, "capture": [], "kind": "keep"}
    ]
    tabled = post_play(client, body["state"], body["moves"][1])
    assert drawn in tabled["state"]["table"]


def test_a_chkobba_play_without_the_cutters_choice_is_illegal(client: FlaskClient) -> None:
    body = client.post("/v1/deal", json={"rules": "chkobba", "seed": 1}).get_json()
    plain = {"card": body["state"]["cut_card"], "capture": []}
    response = client.post("/v1/play", json={"state": body["state"], "move": plain})
    problem = assert_problem(response, 422, ILLEGAL_MOVE)
    assert [m["kind"] for m in problem["legal_moves"]] == ["keep", "table"]


def big_capture_position() -> State:
    """An Asso pigliatutto position where the ace takes five or more table cards."""
    for seed in range(200):
        state = deal(make_rules("asso_pigliatutto"), seed)
        while not state.finished:
            moves = legal_moves(state)
            if any(m.capture.bit_count() >= 5 for m in moves):
                return state
            lays = [m for m in moves if not m.capture]
            state, _ = apply(state, (lays or moves)[0])
    raise AssertionError("no capture of five cards found")


def test_an_ace_takes_five_or_more_cards_and_the_history_keeps_them(
    client: FlaskClient,
) -> None:
    state = big_capture_position()
    move = max(legal_moves(state), key=lambda m: m.capture.bit_count())
    body = post_play(client, codec.state_to_dict(state), codec.move_to_dict(move))
    after, _ = apply(state, move)
    assert body["state"] == codec.state_to_dict(after)
    assert len(body["state"]["history"][-1]["capture"]) >= 5
    again = client.post("/v1/moves", json={"state": body["state"]})
    assert again.status_code == 200


def test_a_capture_list_longer_than_the_pack_is_refused(client: FlaskClient) -> None:
    state = codec.state_to_dict(deal(make_rules("scopa"), 1))
    move = {"card": "1D", "capture": ["2D"] * 41}
    response = client.post("/v1/play", json={"state": state, "move": move})
    body = assert_problem(response, 422)
    assert "move.capture" in body["errors"]


def declaring_bazzica() -> State:
    """A Bazzica deal whose first player may declare."""
    for seed in range(100):
        state = deal(make_rules("bazzica"), seed)
        if legal_moves(state)[0].kind is MoveKind.DECLARE:
            return state
    raise AssertionError("no declaration found")


def test_a_bazzica_declaration_is_played_and_scored_at_the_end(client: FlaskClient) -> None:
    state = declaring_bazzica()
    declare = legal_moves(state)[0]
    body = post_play(client, codec.state_to_dict(state), codec.move_to_dict(declare))
    assert [e["kind"] for e in body["events"]] == ["declare"]
    seat = state.to_move
    assert body["state"]["declarations"] == [
        {"seat": seat, "deal": 1, "cards": codec.codes(declare.shown)}
    ]
    assert body["state"]["history"][-1]["kind"] == "declare"
    assert body["state"]["declaration_round"] is True  # the dealer acts next
    state, _ = apply(state, declare)
    while not state.finished:
        # Every other chance to declare is declined, in the round after each deal.
        move = (
            legal_moves(state)[-1]
            if state.declaration_round
            else next(m for m in legal_moves(state) if m.plays_card)
        )
        state, _ = apply(state, move)
        body = post_play(client, body["state"], codec.move_to_dict(move))
        if move.kind is MoveKind.DECLINE:
            assert body["events"] == [
                {"kind": "decline", "seat": move_seat(body), "side": move_seat(body), "cards": []}
            ]
    assert body["score"] == score_json(state)
    side = body["score"]["sides"][state.rules.side_of(seat)]
    assert side["declarations"][0]["cards"] == codec.codes(declare.shown)
    assert side["points"]["declarations"] == side["declarations"][0]["points"] > 0


def move_seat(body: dict[str, Any]) -> int:
    """The seat of the last move of a /v1/play answer's history."""
    seat: int = body["state"]["history"][-1]["seat"]
    return seat


def claims_state(seed: int = 4, **context: Any) -> State:
    """A Scopa hand with claims, dealt, with a match context."""
    return replace(deal(make_rules("scopa", claims=True), seed), **context)


def mover_holds_settebello(state: State) -> bool:
    """Whether the side to move has the settebello in its pile, the hand still on."""
    pile = state.piles[state.rules.side_of(state.to_move)]
    return bool(pile >> SETTEBELLO & 1) and not state.finished


def settebello_claim_position(**context: Any) -> State:
    """A position (first card plays from some seed) where the side to move holds the 7D."""
    for seed in range(50):
        state = claims_state(seed, **context)
        while not state.finished:
            if mover_holds_settebello(state):
                return state
            state, _ = apply(state, next(m for m in legal_moves(state) if m.plays_card))
    raise AssertionError("no claim position found")


def test_a_wrong_claim_loses_the_match(client: FlaskClient) -> None:
    state = claims_state(match_scores=(3, 5), match_target=11)
    claim = {"kind": "claim", "capture": []}
    body = post_play(client, codec.state_to_dict(state), claim)
    claimer = state.rules.side_of(state.to_move)
    assert [e["kind"] for e in body["events"]] == ["wrong_claim", "hand_end"]
    assert body["state"]["claimed_by"] == state.to_move
    assert body["state"]["finished"] is True
    assert body["match"]["reason"] == "wrong_claim"
    assert body["match"]["loser"] == claimer
    assert body["match"]["winner"] == 1 - claimer
    assert body["match"]["scores"] == [3, 5]
    after, _ = apply(state, legal_moves(state)[-1])
    assert body["match"] == codec.match_to_dict(settle(after))


def test_a_correct_claim_wins_the_match(client: FlaskClient) -> None:
    state = settebello_claim_position(match_scores=(10, 10), match_target=11)
    body = post_play(client, codec.state_to_dict(state), {"kind": "claim"})
    side = state.rules.side_of(state.to_move)
    assert body["events"][0]["kind"] == "claim"
    assert body["match"]["reason"] == "claim"
    assert body["match"]["winner"] == side
    assert body["match"]["finished"] is True
    assert body["match"]["scores"][side] >= 11


def test_a_hand_with_match_scores_ends_with_the_match_after_it(client: FlaskClient) -> None:
    state = replace(deal(make_rules("scopa"), 4), match_scores=(2, 7))
    body = {"state": codec.state_to_dict(state)}
    assert body["state"]["match_scores"] == [2, 7]
    while not state.finished:
        move = legal_moves(state)[0]
        state, _ = apply(state, move)
        body = post_play(client, body["state"], codec.move_to_dict(move))
    assert body["match"] == codec.match_to_dict(settle(state))
    totals = score_state(state).totals
    assert body["match"]["scores"] == [before + t for before, t in zip((2, 7), totals, strict=True)]
