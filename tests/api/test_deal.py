"""POST /v1/deal."""

from __future__ import annotations

from flask.testing import FlaskClient

from service.engine import codec
from service.engine.presets import make_rules
from service.engine.state import deal, legal_moves
from tests.api.problem_asserts import assert_problem

VALIDATION = "urn:scopa:problem:validation"
INVALID_RULES = "urn:scopa:problem:invalid-rules"


def test_deals_the_engines_state_and_the_first_moves(client: FlaskClient) -> None:
    body = client.post("/v1/deal", json={"rules": "scopa", "seed": 42}).get_json()
    state = deal(make_rules("scopa"), 42)
    assert body["seed"] == 42
    assert body["state"] == codec.state_to_dict(state)
    assert body["moves"] == [codec.legal_move_dict(state, m) for m in legal_moves(state)]


def test_same_seed_same_cards_and_dealer_moves_the_lead(client: FlaskClient) -> None:
    request = {"rules": "scopa", "seed": "table-7", "dealer": 1}
    first = client.post("/v1/deal", json=request).get_json()
    assert client.post("/v1/deal", json=request).get_json() == first
    assert first["state"]["dealer"] == 1
    assert first["state"]["to_move"] == 0


def test_without_a_seed_the_answer_names_one_that_deals_the_same(client: FlaskClient) -> None:
    body = client.post("/v1/deal", json={"rules": "scopa"}).get_json()
    again = client.post("/v1/deal", json={"rules": "scopa", "seed": body["seed"]}).get_json()
    assert again["state"] == body["state"]


def test_rules_as_a_preset_with_overrides(client: FlaskClient) -> None:
    request = {"rules": {"preset": "scopa", "players": 4}, "seed": 3}
    state = client.post("/v1/deal", json=request).get_json()["state"]
    assert len(state["hands"]) == 4
    assert state["rules"]["teams"] is True
    assert len(state["piles"]) == 2


def test_missing_rules_is_a_validation_problem(client: FlaskClient) -> None:
    body = assert_problem(client.post("/v1/deal", json={"seed": 1}), 422, VALIDATION)
    assert list(body["errors"]) == ["rules"]


def test_unknown_preset_and_unknown_option_are_named(client: FlaskClient) -> None:
    body = assert_problem(client.post("/v1/deal", json={"rules": "briscola"}), 422, VALIDATION)
    assert "briscola" in body["errors"]["rules"][0]
    request = {"rules": {"preset": "scopa", "jokers": True, "players": 7}}
    body = assert_problem(client.post("/v1/deal", json=request), 422, VALIDATION)
    assert set(body["errors"]) == {"rules.jokers", "rules.players"}


def test_clashing_options_are_named_under_rules(client: FlaskClient) -> None:
    request = {"rules": {"preset": "scopa", "players": 2, "teams": True, "deal_sizes": [4]}}
    body = assert_problem(client.post("/v1/deal", json=request), 422, INVALID_RULES)
    assert set(body["errors"]) == {"rules.teams", "rules.deal_sizes"}
    assert "4 or 6 players" in body["errors"]["rules.teams"][0]


def test_dealer_must_sit_at_the_table(client: FlaskClient) -> None:
    response = client.post("/v1/deal", json={"rules": "scopa", "dealer": 3})
    body = assert_problem(response, 422, VALIDATION)
    assert "0..1" in body["errors"]["dealer"][0]


def test_seed_must_be_a_bounded_integer_or_a_short_string(client: FlaskClient) -> None:
    for seed in (True, -1, 2**63, "", "x" * 65, 1.5, [1]):
        body = assert_problem(client.post("/v1/deal", json={"rules": "scopa", "seed": seed}), 422)
        assert list(body["errors"]) == ["seed"], seed


def test_a_redeal_rule_with_a_huge_initial_table_is_refused(client: FlaskClient) -> None:
    # Three of a rank is certain among more than 20 cards, so the deal would never end.
    rules = {"preset": "scopa", "initial_table": 38, "deal_sizes": [1], "redeal": "three_of_a_rank"}
    body = assert_problem(client.post("/v1/deal", json={"rules": rules}), 422, INVALID_RULES)
    assert list(body["errors"]) == ["rules.initial_table"]


def test_a_redeal_rule_that_voids_shuffle_after_shuffle_is_a_422(client: FlaskClient) -> None:
    rules = {"preset": "scopa", "initial_table": 20, "deal_sizes": [1] * 10}
    rules["redeal"] = "three_of_a_rank"
    response = client.post("/v1/deal", json={"rules": rules, "seed": 1})
    body = assert_problem(response, 422, INVALID_RULES)
    assert list(body["errors"]) == ["rules.initial_table"]
    assert "shuffles" in body["detail"]


def test_a_large_table_deals_when_the_redeal_rule_allows_it(client: FlaskClient) -> None:
    rules = {"preset": "scopa", "initial_table": 16, "deal_sizes": [3] * 4}
    response = client.post("/v1/deal", json={"rules": rules, "seed": 3})
    assert response.status_code == 200
    assert len(response.get_json()["state"]["table"]) == 16
