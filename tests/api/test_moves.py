"""POST /v1/moves: the full-state form and the light form."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from service.engine import codec
from service.engine.presets import make_rules
from service.engine.state import deal, legal_moves
from tests.api.problem_asserts import assert_problem

VALIDATION = "urn:scopa:problem:validation"
INVALID_RULES = "urn:scopa:problem:invalid-rules"
INVALID_STATE = "urn:scopa:problem:invalid-state"


def dealt(seed: int = 42) -> dict[str, Any]:
    """A dealt Scopa state in JSON form, its rules embedded."""
    return codec.state_to_dict(deal(make_rules("scopa"), seed))


def test_full_state_gives_the_engines_legal_moves(client: FlaskClient) -> None:
    state = deal(make_rules("scopa"), 42)
    body = client.post("/v1/moves", json={"state": codec.state_to_dict(state)}).get_json()
    assert body["moves"] == [codec.legal_move_dict(state, m) for m in legal_moves(state)]


def test_state_without_rules_takes_the_requests_rules_in_lower_case(client: FlaskClient) -> None:
    state = dealt()
    expected = client.post("/v1/moves", json={"state": state}).get_json()
    del state["rules"]
    state["hands"] = [[c.lower() for c in hand] for hand in state["hands"]]
    body = client.post("/v1/moves", json={"rules": "scopa", "state": state}).get_json()
    assert body == expected


def test_light_form_marks_the_sweep(client: FlaskClient) -> None:
    request = {"rules": "scopa", "hand": ["7d", "5B"], "table": ["3s", "4S"]}
    body = client.post("/v1/moves", json=request).get_json()
    assert body["moves"] == [
        {"card": "7D", "capture": ["3S", "4S"], "sweep": True},
        {"card": "5B", "capture": [], "sweep": False},
    ]


def test_light_form_match_beats_sum_and_does_not_sweep(client: FlaskClient) -> None:
    request = {"rules": "scopa", "hand": ["7D"], "table": ["3S", "4S", "7C"]}
    body = client.post("/v1/moves", json=request).get_json()
    assert body["moves"] == [{"card": "7D", "capture": ["7C"], "sweep": False}]


def test_light_form_ace_takes_all_sweeps_only_with_ace_scopa(client: FlaskClient) -> None:
    rules = {"preset": "scopa", "ace_takes_all": True}
    request = {"rules": rules, "hand": ["1D"], "table": ["3S", "4S"]}
    moves = client.post("/v1/moves", json=request).get_json()["moves"]
    assert moves == [{"card": "1D", "capture": ["3S", "4S"], "sweep": False}]
    request["rules"] = {**rules, "ace_scopa": True}
    moves = client.post("/v1/moves", json=request).get_json()["moves"]
    assert moves[0]["sweep"] is True


def test_both_forms_at_once_is_refused(client: FlaskClient) -> None:
    request = {"state": dealt(), "hand": ["7D"], "table": []}
    body = assert_problem(client.post("/v1/moves", json=request), 422, VALIDATION)
    assert list(body["errors"]) == ["state"]


def test_light_form_needs_rules_hand_and_table(client: FlaskClient) -> None:
    body = assert_problem(client.post("/v1/moves", json={"hand": ["7D"]}), 422, VALIDATION)
    assert set(body["errors"]) == {"rules", "table"}


def test_bad_card_code_names_the_field_and_the_value(client: FlaskClient) -> None:
    request = {"rules": "scopa", "hand": ["7D", "11d"], "table": []}
    body = assert_problem(client.post("/v1/moves", json=request), 422, VALIDATION)
    assert list(body["errors"]) == ["hand[1]"]
    assert "11d" in body["errors"]["hand[1]"][0]


def test_light_form_card_in_two_places_or_outside_the_pack(client: FlaskClient) -> None:
    rules = {"preset": "scopa", "pack": "corse36", "initial_table": 0}
    request = {"rules": rules, "hand": ["7D", "2C"], "table": ["7d"]}
    body = assert_problem(client.post("/v1/moves", json=request), 422, INVALID_STATE)
    assert body["errors"] == {
        "hand[1]": ["2C is not in the corse36 pack"],
        "table[0]": ["7D is also in hand[0]"],
    }


def test_inconsistent_state_lists_every_problem_under_state(client: FlaskClient) -> None:
    state = dealt()
    state["hands"][0].append(state["hands"][1].pop())
    state["piles"][0].append(state["table"][0])
    body = assert_problem(client.post("/v1/moves", json={"state": state}), 422, INVALID_STATE)
    assert {"state.hands[0]", "state.hands[1]", "state.piles[0]"} <= set(body["errors"])
    assert "holds 4 cards" in body["errors"]["state.hands[0]"][0]
    assert "also in table" in body["errors"]["state.piles[0]"][0]


def test_state_of_the_wrong_shape_for_its_rules(client: FlaskClient) -> None:
    state = dealt()
    state["piles"] = [[], [], []]
    body = assert_problem(client.post("/v1/moves", json={"state": state}), 422, INVALID_STATE)
    assert body["errors"]["state.piles"] == ["expected 2 piles, one per side"]


def test_rules_that_differ_from_the_states_are_refused(client: FlaskClient) -> None:
    request = {"rules": "re_bello", "state": dealt()}
    body = assert_problem(client.post("/v1/moves", json=request), 422, INVALID_RULES)
    assert list(body["errors"]) == ["rules"]


def test_a_state_needs_rules_somewhere(client: FlaskClient) -> None:
    state = dealt()
    del state["rules"]
    body = assert_problem(client.post("/v1/moves", json={"state": state}), 422, VALIDATION)
    assert list(body["errors"]) == ["rules"]


def test_state_rules_with_a_clash_are_named_under_state_rules(client: FlaskClient) -> None:
    state = dealt()
    state["rules"] = {"preset": "scopa", "teams": True}
    body = assert_problem(client.post("/v1/moves", json={"state": state}), 422, INVALID_RULES)
    assert "state.rules.teams" in body["errors"]


def test_arrays_are_bounded(client: FlaskClient) -> None:
    request = {"rules": "scopa", "hand": ["7D"] * 41, "table": []}
    body = assert_problem(client.post("/v1/moves", json=request), 422, VALIDATION)
    assert list(body["errors"]) == ["hand"]


def test_state_rules_are_checked_on_every_request_not_only_the_first(
    client: FlaskClient,
) -> None:
    state = dealt()
    assert client.post("/v1/moves", json={"state": state}).status_code == 200
    for wrong in (True, "2", 2.0):
        bad = {**state, "rules": {**state["rules"], "players": wrong}}
        body = assert_problem(client.post("/v1/moves", json={"state": bad}), 422, VALIDATION)
        assert list(body["errors"]) == ["state.rules.players"]
    cards = {**state, "hands": [state["hands"][0], [*state["hands"][1][:2], "7x"]]}
    body = assert_problem(client.post("/v1/moves", json={"state": cards}), 422, VALIDATION)
    assert list(body["errors"]) == ["state.hands[1][2]"]
    assert client.post("/v1/moves", json={"state": state}).status_code == 200
