"""POST /v1/record, /v1/replay and /v1/view."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine import codec
from service.engine.presets import PRESETS, make_rules
from service.engine.record import RECORD_FORMAT
from service.engine.state import State, apply, deal, legal_moves
from service.engine.view import view_of
from tests.api.problem_asserts import assert_problem

VALIDATION = "urn:scopa:problem:validation"
INVALID_STATE = "urn:scopa:problem:invalid-state"
INVALID_RULES = "urn:scopa:problem:invalid-rules"
ILLEGAL_MOVE = "urn:scopa:problem:illegal-move"


def random_hand(preset: str, seed: int, stop: int | None = None) -> State:
    """A hand of random legal moves of any kind, to its end or ``stop`` moves."""
    state = deal(make_rules(preset), seed)
    rng = random.Random(seed)
    while not state.finished and (stop is None or len(state.history) < stop):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    return state


def record_json(client: FlaskClient, state: State, **extra: Any) -> dict[str, Any]:
    """The record of a state, through the API."""
    response = client.post("/v1/record", json={"state": codec.state_to_dict(state), **extra})
    assert response.status_code == 200, response.get_data(as_text=True)
    record: dict[str, Any] = response.get_json()["record"]
    return record


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_round_trips_through_the_api(client: FlaskClient, preset: str) -> None:
    for stop in (None, 7):
        state = random_hand(preset, 3, stop)
        record = record_json(client, state)
        assert record["format"] == RECORD_FORMAT
        assert record["version"] == 1
        assert len(record["moves"]) == len(state.history)
        response = client.post("/v1/replay", json={"record": record})
        assert response.status_code == 200, response.get_data(as_text=True)
        body = response.get_json()
        assert body["states"][-1] == codec.state_to_dict(state)
        assert len(body["states"]) == len(record["moves"]) + 1
        assert len(body["events"]) == len(record["moves"])
        assert ("score" in body) == state.finished


def test_a_hand_played_through_play_exports_and_replays(client: FlaskClient) -> None:
    answer = client.post("/v1/deal", json={"rules": "scopone_scientifico", "seed": 9}).get_json()
    state, moves = answer["state"], answer["moves"]
    seen = [state]
    while not state["finished"]:
        played = client.post("/v1/play", json={"state": state, "move": moves[-1]}).get_json()
        state = played["state"]
        seen.append(state)
        if not state["finished"]:
            moves = client.post("/v1/moves", json={"state": state}).get_json()["moves"]
    meta = {"players": ["Ann", "Bruno", "Carla", "Dino"], "date": "2026-11-22", "hand": 1}
    record = client.post("/v1/record", json={"state": state, "meta": meta}).get_json()["record"]
    assert record["meta"] == meta
    replayed = client.post("/v1/replay", json={"record": record}).get_json()
    assert replayed["states"] == seen
    assert sum(replayed["score"]["totals"]) >= 0
    # Mid-hand too: the record of the tenth state stops there.
    mid = client.post("/v1/record", json={"state": seen[10]}).get_json()["record"]
    assert client.post("/v1/replay", json={"record": mid}).get_json()["states"] == seen[:11]


def test_a_match_in_the_state_goes_into_the_record(client: FlaskClient) -> None:
    state = codec.state_to_dict(random_hand("scopa", 5))
    state |= {"match_scores": [9, 10], "match_target": 11}
    record = client.post("/v1/record", json={"state": state}).get_json()["record"]
    assert record["match"] == {"scores": [9, 10], "target": 11}
    body = client.post("/v1/replay", json={"record": record}).get_json()
    assert body["states"][-1] == state
    assert body["match"]["finished"] is (max(body["match"]["scores"]) >= 11)


def test_a_state_without_its_history_cannot_give_a_record(client: FlaskClient) -> None:
    state = codec.state_to_dict(random_hand("scopa", 5, stop=6))
    state["history"] = []
    body = assert_problem(client.post("/v1/record", json={"state": state}), 422, INVALID_STATE)
    assert list(body["errors"]) == ["state.history"]
    assert "whole history" in body["detail"]


def test_a_declaration_round_the_history_does_not_give_gives_no_record(
    client: FlaskClient,
) -> None:
    # A dealt bazzica hand whose declaration round is said closed got a record that replays to
    # a state with the round open (found by the mutation fuzz).
    state = codec.state_to_dict(deal(make_rules("bazzica"), 5))
    assert state.pop("declaration_round") is True
    body = assert_problem(client.post("/v1/record", json={"state": state}), 422, INVALID_STATE)
    assert list(body["errors"]) == ["state.declaration_round"]


def test_an_invalid_state_is_refused_as_by_play(client: FlaskClient) -> None:
    state = codec.state_to_dict(random_hand("scopa", 5, stop=6))
    state["hands"][0] = [*state["hands"][0], state["table"][0]]
    body = assert_problem(client.post("/v1/record", json={"state": state}), 422, INVALID_STATE)
    assert all(field.startswith("state.") for field in body["errors"])


# ---- bad records -----------------------------------------------------------------------------


@pytest.fixture
def record(client: FlaskClient) -> dict[str, Any]:
    """The record of a hand of 2-player scopa, six moves in."""
    return record_json(client, random_hand("scopa", 11, stop=6))


def replay(client: FlaskClient, record: dict[str, Any]) -> Any:
    return client.post("/v1/replay", json={"record": record})


def test_every_problem_of_a_deal_is_listed(client: FlaskClient, record: dict[str, Any]) -> None:
    deal_json = record["deal"]
    doubled = deal_json["hands"][0][0]
    deal_json["stock"][0] = doubled  # a card in two places, another missing
    deal_json["table"] = deal_json["table"][:3]  # the table one card short, that card missing
    body = assert_problem(replay(client, record), 422, INVALID_STATE)
    assert {"record.deal.stock[0]", "record.deal.table", "record.deal"} <= set(body["errors"])
    assert "states" not in body


def test_an_illegal_move_names_its_index_and_the_legal_moves(
    client: FlaskClient, record: dict[str, Any]
) -> None:
    moves = record["moves"]
    moves[3] = {**moves[3], "seat": moves[2]["seat"]}
    body = assert_problem(replay(client, record), 422, ILLEGAL_MOVE)
    assert list(body["errors"]) == ["record.moves[3]"]
    assert body["move_index"] == 3
    assert "is not to move" in body["errors"]["record.moves[3]"][0]
    before = random_hand("scopa", 11, stop=3)
    assert body["legal_moves"] == [codec.legal_move_dict(before, m) for m in legal_moves(before)]


def test_a_card_not_held_is_an_illegal_move(client: FlaskClient, record: dict[str, Any]) -> None:
    seat = record["moves"][0]["seat"]
    other = record["deal"]["hands"][1 - seat][0]
    record["moves"][0] = {"seat": seat, "card": other, "capture": []}
    body = assert_problem(replay(client, record), 422, ILLEGAL_MOVE)
    assert body["errors"] == {"record.moves[0]": [f"seat {seat} does not hold that card"]}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"version": 2}, "record.version"),
        ({"format": "pgn"}, "record.format"),
        ({"dealer": 9}, "record.dealer"),
        ({"deal": None}, "record.deal"),
        ({"moves": [{"seat": 0, "card": "11D"}]}, "record.moves[0].card"),
        ({"meta": {"round": {"deep": 1}}}, "record.meta.round.value"),
        ({"meta": {f"k{i}": i for i in range(17)}}, "record.meta"),
        ({"meta": {"": 1}}, "record.meta.key"),
        ({"extra": 1}, "record.extra"),
    ],
)
def test_malformed_records_name_the_field(
    client: FlaskClient, record: dict[str, Any], change: dict[str, Any], field: str
) -> None:
    body = assert_problem(replay(client, {**record, **change}), 422, VALIDATION)
    assert field in body["errors"], body["errors"]


def test_bad_rules_in_a_record(client: FlaskClient, record: dict[str, Any]) -> None:
    record["rules"] = {"preset": "scopa", "teams": True}
    body = assert_problem(replay(client, record), 422, INVALID_RULES)
    assert list(body["errors"]) == ["record.rules.teams"]


def test_a_capture_listed_twice_in_a_move(client: FlaskClient, record: dict[str, Any]) -> None:
    move = record["moves"][0]
    record["moves"][0] = {**move, "capture": [move["card"], move["card"]]}
    body = assert_problem(replay(client, record), 422, INVALID_STATE)
    assert "record.moves[0].capture[1]" in body["errors"]


# ---- POST /v1/view ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["scopa", "scopone_scientifico", "chkobba", "bazzica"])
def test_a_view_is_the_engines_view_and_advice_takes_it(client: FlaskClient, preset: str) -> None:
    state = random_hand(preset, 4, stop=5)
    for seat in range(state.rules.players):
        response = client.post("/v1/view", json={"state": codec.state_to_dict(state), "seat": seat})
        assert response.status_code == 200, response.get_data(as_text=True)
        view = response.get_json()["view"]
        expected = codec.view_to_dict(view_of(state, seat))
        expected.pop("unseen")
        assert view == expected
        hidden = {c for s, hand in enumerate(state.hands) if s != seat for c in codec.codes(hand)}
        assert not hidden & set(view["hand"])
        assert "stock" not in view
    advice = client.post(
        "/v1/advice",
        json={
            "view": client.post(
                "/v1/view", json={"state": codec.state_to_dict(state), "seat": state.to_move}
            ).get_json()["view"],
            "budget": {"iterations": 4},
        },
    )
    assert advice.status_code == 200, advice.get_data(as_text=True)


def test_a_view_of_a_seat_outside_the_table(client: FlaskClient) -> None:
    state = codec.state_to_dict(deal(make_rules("scopa"), 1))
    body = assert_problem(client.post("/v1/view", json={"state": state, "seat": 2}), 422)
    assert list(body["errors"]) == ["seat"]
    body = assert_problem(client.post("/v1/view", json={"state": state, "seat": 9}), 422)
    assert list(body["errors"]) == ["seat"]
