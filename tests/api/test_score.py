"""POST /v1/score."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from service.engine import codec
from service.engine.presets import make_rules
from service.engine.scoring import score_hand
from service.engine.state import State, apply, deal, legal_moves
from tests.api.problem_asserts import assert_problem

INVALID_STATE = "urn:scopa:problem:invalid-state"
VALIDATION = "urn:scopa:problem:validation"


def finished(seed: int = 42) -> State:
    """A Scopa hand played to its end with first legal moves."""
    state = deal(make_rules("scopa"), seed)
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[0])
    return state


def piles_of(state: State) -> list[dict[str, Any]]:
    """The piles of a finished state as the request lists them."""
    return [
        {"cards": codec.codes(pile), "scope": scope}
        for pile, scope in zip(state.piles, state.scope, strict=True)
    ]


def test_each_side_with_its_evidence_and_total(client: FlaskClient) -> None:
    state = finished()
    body = client.post("/v1/score", json={"rules": "scopa", "piles": piles_of(state)}).get_json()
    expected = score_hand(state.rules, state.piles, state.scope)
    assert body["sides"] == codec.hand_score_to_dict(expected)
    assert body["totals"] == list(expected.totals)
    assert "match" not in body
    side = body["sides"][0]
    assert set(side["prime"]) == {"value", "cards", "all_suits"}
    assert side["total"] == sum(side["points"].values())


def test_match_totals_and_the_winner(client: FlaskClient) -> None:
    state = finished()
    totals = list(score_hand(state.rules, state.piles, state.scope).totals)
    request = {"rules": "scopa", "piles": piles_of(state), "match": {"scores": [0, 0]}}
    match = client.post("/v1/score", json=request).get_json()["match"]
    assert match["scores"] == totals
    assert match["target"] == 11
    assert match["finished"] is False
    request["match"] = {"scores": [10, 10], "target": 12}
    match = client.post("/v1/score", json=request).get_json()["match"]
    assert match["scores"] == [10 + totals[0], 10 + totals[1]]
    assert match["target"] == 12
    if totals[0] != totals[1] and max(totals) >= 2:
        assert match["winner"] == totals.index(max(totals))
        assert match["reason"] == "target"


def test_missing_and_doubled_cards_are_named(client: FlaskClient) -> None:
    piles = piles_of(finished())
    moved = piles[1]["cards"].pop()
    piles[0]["cards"].append(piles[0]["cards"][0])
    body = assert_problem(
        client.post("/v1/score", json={"rules": "scopa", "piles": piles}), 422, INVALID_STATE
    )
    messages = " ".join(body["errors"]["piles"])
    assert f"missing: {moved}" in messages
    assert f"{piles[0]['cards'][0]} (piles[0] and piles[0])" in messages


def test_leftover_counts_towards_the_pack(client: FlaskClient) -> None:
    piles = piles_of(finished())
    leftover = [piles[1]["cards"].pop()]
    request = {"rules": "scopa", "piles": piles, "leftover": [c.lower() for c in leftover]}
    assert client.post("/v1/score", json=request).status_code == 200


def test_impossible_scope_is_named_under_its_pile(client: FlaskClient) -> None:
    piles = piles_of(finished())
    piles[0]["scope"] = 40
    body = assert_problem(
        client.post("/v1/score", json={"rules": "scopa", "piles": piles}), 422, INVALID_STATE
    )
    assert list(body["errors"]) == ["piles[0].scope"]


def test_one_pile_per_side_and_one_score_per_side(client: FlaskClient) -> None:
    piles = piles_of(finished())
    body = assert_problem(
        client.post("/v1/score", json={"rules": "scopa", "piles": piles[:1]}), 422, INVALID_STATE
    )
    assert "piles" in body["errors"]
    request = {"rules": "scopa", "piles": piles, "match": {"scores": [1, 2, 3]}}
    body = assert_problem(client.post("/v1/score", json=request), 422, INVALID_STATE)
    assert list(body["errors"]) == ["match.scores"]


def test_request_shape_errors(client: FlaskClient) -> None:
    request = {"rules": "scopa", "piles": [{"cards": ["7X"], "scope": -1}], "extra": 1}
    body = assert_problem(client.post("/v1/score", json=request), 422, VALIDATION)
    assert set(body["errors"]) == {"piles[0].cards[0]", "piles[0].scope", "extra"}
