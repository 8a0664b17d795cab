"""POST /v1/score."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine import codec
from service.engine.moves import CLAIM_MOVE
from service.engine.presets import make_rules
from service.engine.scoring import score_hand
from service.engine.state import State, apply, deal, legal_moves
from tests.api.problem_asserts import assert_problem

INVALID_SCORE = "urn:scopa:problem:invalid-score"
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
        client.post("/v1/score", json={"rules": "scopa", "piles": piles}), 422, INVALID_SCORE
    )
    assert body["title"] == "Invalid score"
    doubled = piles[0]["cards"][0]
    assert body["errors"]["piles"] == [
        f"listed twice in piles[0]: {doubled}",
        f"a finished hand covers the pack; missing: {moved}",
    ]
    # Each message in the detail after its field, every one after a semicolon.
    assert body["detail"] == (
        f"2 problems: piles: listed twice in piles[0]: {doubled}; "
        f"piles: a finished hand covers the pack; missing: {moved}"
    )


def test_a_card_in_two_piles_names_both(client: FlaskClient) -> None:
    piles = piles_of(finished())
    taken = piles[1]["cards"][0]
    piles[0]["cards"].append(taken)
    body = assert_problem(
        client.post("/v1/score", json={"rules": "scopa", "piles": piles}), 422, INVALID_SCORE
    )
    assert body["errors"] == {"piles": [f"cards in two places: {taken} (piles[0] and piles[1])"]}
    assert body["detail"].startswith("1 problem: piles: ")


def test_leftover_counts_towards_the_pack(client: FlaskClient) -> None:
    piles = piles_of(finished())
    leftover = [piles[1]["cards"].pop()]
    request = {"rules": "scopa", "piles": piles, "leftover": [c.lower() for c in leftover]}
    assert client.post("/v1/score", json=request).status_code == 200


def test_impossible_scope_is_named_under_its_pile(client: FlaskClient) -> None:
    piles = piles_of(finished())
    piles[0]["scope"] = 40
    body = assert_problem(
        client.post("/v1/score", json={"rules": "scopa", "piles": piles}), 422, INVALID_SCORE
    )
    assert list(body["errors"]) == ["piles[0].scope"]


def test_one_pile_per_side_and_one_score_per_side(client: FlaskClient) -> None:
    piles = piles_of(finished())
    body = assert_problem(
        client.post("/v1/score", json={"rules": "scopa", "piles": piles[:1]}), 422, INVALID_SCORE
    )
    assert "piles" in body["errors"]
    request = {"rules": "scopa", "piles": piles, "match": {"scores": [1, 2, 3]}}
    body = assert_problem(client.post("/v1/score", json=request), 422, INVALID_SCORE)
    assert list(body["errors"]) == ["match.scores"]


def test_request_shape_errors(client: FlaskClient) -> None:
    request = {"rules": "scopa", "piles": [{"cards": ["7X"], "scope": -1}], "extra": 1}
    body = assert_problem(client.post("/v1/score", json=request), 422, VALIDATION)
    assert set(body["errors"]) == {"piles[0].cards[0]", "piles[0].scope", "extra"}


# ---- declarations and claims: scorekeeping every variant from its piles -------------------


def play_through_api(client: FlaskClient, state: State, pick: Any) -> dict[str, Any]:
    """Play a hand to its end through /v1/play with ``pick(state)``; the last answer."""
    body: dict[str, Any] = {}
    while not state.finished:
        move = pick(state)
        response = client.post(
            "/v1/play",
            json={"state": codec.state_to_dict(state), "move": codec.move_to_dict(move)},
        )
        assert response.status_code == 200, response.get_data(as_text=True)
        body = response.get_json()
        state, _ = apply(state, move)
    return body


def declaring(state: State) -> Any:
    """Declare whenever the hand declares something, else play the first legal move."""
    return legal_moves(state)[0]


def score_request(state: State, **extra: Any) -> dict[str, Any]:
    """The /v1/score request a scorekeeper sends for a hand: piles, leftover, declarations."""
    taken = 0
    for pile in state.piles:
        taken |= pile
    return {
        "rules": state.rules.options(),
        "piles": piles_of(state),
        "leftover": codec.codes(state.rules.pack_cards & ~taken),
        "declarations": [codec.declaration_to_dict(d) for d in state.declarations],
        **extra,
    }


@pytest.mark.parametrize("preset", ["bazzica", "sbarazzina", "piva", "cirulla"])
def test_declarations_are_scored_exactly_as_play_scores_them(
    client: FlaskClient, preset: str
) -> None:
    for seed in range(100):
        state = replace(deal(make_rules(preset), seed), match_scores=(3, 5))
        final = state
        while not final.finished:
            final, _ = apply(final, declaring(final))
        if len(final.declarations) >= 2:
            break
    played = play_through_api(client, state, declaring)
    request = score_request(final, match={"scores": [3, 5]})
    response = client.post("/v1/score", json=request)
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["sides"] == played["score"]["sides"]
    assert body["totals"] == played["score"]["totals"]
    assert body["match"] == played["match"]
    shown = [d for side in body["sides"] for d in side["declarations"]]
    assert len(shown) == len(final.declarations) >= 2
    assert sum(side["points"]["declarations"] for side in body["sides"]) > 0
    # Without them the same piles score fewer points: the declarations are not ignored.
    bare = client.post("/v1/score", json={**request, "declarations": []}).get_json()
    assert sum(bare["totals"]) < sum(body["totals"])


@pytest.mark.parametrize(
    ("declarations", "field"),
    [
        ([{"seat": 0, "deal": 1, "cards": ["5D", "6D", "9D"]}], "declarations[0].cards"),
        ([{"seat": 0, "deal": 1, "cards": ["1D", "1D", "2S"]}], "declarations[0].cards[1]"),
        (
            [
                {"seat": 0, "deal": 1, "cards": ["1D", "1C", "2S"]},
                {"seat": 1, "deal": 1, "cards": ["1D", "2C", "3S"]},
            ],
            "declarations[1].cards",
        ),
        (
            [
                {"seat": 0, "deal": 1, "cards": ["1D", "1C", "2S"]},
                {"seat": 1, "deal": 4, "cards": ["2S", "2C", "3S"]},
            ],
            "declarations[1].cards",
        ),
        (
            [
                {"seat": 0, "deal": 2, "cards": ["1D", "1C", "2S"]},
                {"seat": 0, "deal": 2, "cards": ["3D", "3C", "3S"]},
            ],
            "declarations[1]",
        ),
        ([{"seat": 3, "deal": 1, "cards": ["1D", "1C", "2S"]}], "declarations[0].seat"),
        ([{"seat": 0, "deal": 7, "cards": ["1D", "1C", "2S"]}], "declarations[0].deal"),
    ],
)
def test_impossible_declarations_are_named(
    client: FlaskClient, declarations: list[dict[str, Any]], field: str
) -> None:
    state = finished()
    request = {"rules": "bazzica", "piles": piles_of(state), "declarations": declarations}
    body = assert_problem(client.post("/v1/score", json=request), 422, INVALID_SCORE)
    assert field in body["errors"], body["errors"]


def test_declarations_need_rules_with_declarations(client: FlaskClient) -> None:
    request = {
        "rules": "scopa",
        "piles": piles_of(finished()),
        "declarations": [{"seat": 0, "deal": 1, "cards": ["1D", "1C", "2S"]}],
    }
    body = assert_problem(client.post("/v1/score", json=request), 422, INVALID_SCORE)
    assert list(body["errors"]) == ["declarations[0]"]


def claimed_hand(
    preset: str, seed: int, claim_at: int, scores: tuple[int, int], **options: Any
) -> State:
    """A hand with claims played with first legal moves (declaring when it can), to the first
    turn of play after ``claim_at`` card plays, with the match scores before it."""
    state = replace(deal(make_rules(preset, claims=True, **options), seed), match_scores=scores)
    plays = 0
    while plays < claim_at or state.declaration_round:
        move = declaring(state)
        plays += int(move.plays_card)
        state, _ = apply(state, move)
    return state


@pytest.mark.parametrize(
    ("preset", "seed", "claim_at", "scores", "reason", "by_declarations"),
    [
        ("scopa", 9, 21, (18, 0), "claim", False),
        ("scopa", 9, 4, (0, 0), "wrong_claim", False),
        # Right only because of the declarations made: without them the claim is wrong.
        ("bazzica", 1, 6, (0, 20), "claim", True),
        ("cirulla", 3, 6, (0, 50), "claim", True),
    ],
)
def test_a_claim_is_judged_as_play_judges_it(
    client: FlaskClient,
    preset: str,
    seed: int,
    claim_at: int,
    scores: tuple[int, int],
    reason: str,
    by_declarations: bool,
) -> None:
    state = claimed_hand(preset, seed, claim_at, scores)
    claimer = state.to_move
    played = play_through_api(client, state, lambda s: CLAIM_MOVE)
    assert played["match"]["reason"] == reason
    stopped, _ = apply(state, CLAIM_MOVE)
    request = score_request(stopped, claimed_by=claimer, match={"scores": list(scores)})
    response = client.post("/v1/score", json=request)
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert body["match"] == played["match"]
    assert body["sides"] == played["score"]["sides"]
    assert bool(stopped.declarations) == by_declarations
    if by_declarations:
        bare = client.post("/v1/score", json={**request, "declarations": []}).get_json()
        assert bare["match"]["reason"] == "wrong_claim"


def test_a_claim_needs_the_match_claims_and_a_seat(client: FlaskClient) -> None:
    stopped, _ = apply(claimed_hand("scopa", 9, 6, (2, 3)), CLAIM_MOVE)
    request = score_request(stopped, claimed_by=0)
    body = assert_problem(client.post("/v1/score", json=request), 422, VALIDATION)
    assert list(body["errors"]) == ["match"]
    request["match"] = {"scores": [2, 3]}
    assert client.post("/v1/score", json=request).status_code == 200
    seat = assert_problem(
        client.post("/v1/score", json={**request, "claimed_by": 2}), 422, INVALID_SCORE
    )
    assert list(seat["errors"]) == ["claimed_by"]
    off = {**request, "rules": {**request["rules"], "claims": False}}
    body = assert_problem(client.post("/v1/score", json=off), 422, INVALID_SCORE)
    assert list(body["errors"]) == ["claimed_by"]
    # Without a claim the same stopped piles are an unfinished hand.
    unclaimed = {k: v for k, v in request.items() if k != "claimed_by"} | {"leftover": []}
    body = assert_problem(client.post("/v1/score", json=unclaimed), 422, INVALID_SCORE)
    assert "piles" in body["errors"]
