"""POST /v1/advice on the variants' positions: the cutter's choice, declarations, claims, and
histories holding every move kind."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask.testing import FlaskClient

from service.engine import codec
from service.engine.moves import DECLINE_MOVE, MoveKind
from service.engine.presets import make_rules
from service.engine.state import State, apply, deal, legal_moves
from service.engine.view import view_of
from tests.api.problem_asserts import assert_problem

INVALID_STATE = "urn:scopa:problem:invalid-state"
TINY = {"iterations": 4}
SPECIAL = {"keep", "table", "declare", "decline", "claim"}


def view_json(state: State, *, rebuild: bool = False) -> dict[str, Any]:
    """The view of the seat to move; with ``rebuild`` what the history gives is left out."""
    data = codec.view_to_dict(view_of(state, state.to_move))
    data.pop("unseen")
    if rebuild:
        for derived in ("piles", "scope", "last_capturer", "declarations", "declaration_round"):
            data.pop(derived, None)
    return data


def advise(client: FlaskClient, view: dict[str, Any], **extra: Any) -> Any:
    """The response to an advice request with a tiny reproducible budget."""
    return client.post("/v1/advice", json={"view": view, "budget": TINY, "seed": 3, **extra})


def check_moves(body: dict[str, Any], state: State) -> None:
    """Every legal move listed once: the card plays ranked first, the special moves unranked."""
    legal = sorted(m.code() for m in legal_moves(state))
    assert sorted(codec.move_from_dict(m).code() for m in body["moves"]) == legal
    kinds = [m.get("kind", "play") for m in body["moves"]]
    ranked = [k not in SPECIAL for k in kinds]
    assert ranked == sorted(ranked, reverse=True), "ranked plays come first"
    for move, is_ranked in zip(body["moves"], ranked, strict=True):
        assert (move["value"] is not None) == is_ranked
        assert ("note" in move) == (not is_ranked)
    assert codec.move_from_dict(body["chosen"]).code() in legal


def dealt_with_declaration(preset: str, **options: Any) -> State:
    """A deal of the preset whose first player may declare."""
    for seed in range(100):
        state = deal(make_rules(preset, **options), seed)
        if legal_moves(state)[0].kind is MoveKind.DECLARE:
            return state
    raise AssertionError("no declaration found")


def test_the_cutters_choice_lists_keep_and_table_unranked_and_keeps(client: FlaskClient) -> None:
    state = deal(make_rules("chkobba"), 1)
    response = advise(client, view_json(state))
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    check_moves(body, state)
    assert [m["kind"] for m in body["moves"]] == ["keep", "table"]
    assert body["chosen"]["kind"] == "keep"
    assert body["chosen_by"] == "cutter_keeps"
    assert body["stats"]["algorithm"] == "none"
    assert body["stats"]["worlds"] == 0


def test_a_cutters_view_without_the_drawn_card_is_refused(client: FlaskClient) -> None:
    view = view_json(deal(make_rules("chkobba"), 1))
    view.pop("cut_card")
    body = assert_problem(advise(client, view), 422, INVALID_STATE)
    assert "view.cut_card" in body["errors"]


def test_after_the_cut_a_history_with_keep_is_rebuilt_and_the_plays_ranked(
    client: FlaskClient,
) -> None:
    state = deal(make_rules("chkobba"), 1)
    state, _ = apply(state, legal_moves(state)[0])
    state, _ = apply(state, legal_moves(state)[0])
    assert state.history[0].move.kind is MoveKind.KEEP
    response = advise(client, view_json(state, rebuild=True))
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    check_moves(body, state)
    assert body["chosen_by"] == "search"
    assert body == advise(client, view_json(state)).get_json()


def test_in_the_round_a_declaration_is_chosen_without_a_search(client: FlaskClient) -> None:
    state = dealt_with_declaration("bazzica")
    body = advise(client, view_json(state)).get_json()
    check_moves(body, state)
    assert [m["kind"] for m in body["moves"]] == ["declare", "decline"]
    assert body["chosen"]["kind"] == "declare"
    assert body["chosen_by"] == "declaration"
    assert (body["stats"]["algorithm"], body["stats"]["worlds"]) == ("none", 0)
    assert all(m["value"] is None and m["note"] for m in body["moves"])


def test_in_the_round_a_hand_that_declares_nothing_declines(client: FlaskClient) -> None:
    for seed in range(100):
        state = deal(make_rules("bazzica"), seed)
        if legal_moves(state) == [DECLINE_MOVE]:
            break
    body = advise(client, view_json(state)).get_json()
    check_moves(body, state)
    assert body["chosen"] == {"capture": [], "kind": "decline", "sweep": False}
    assert body["chosen_by"] == "no_declaration"
    assert body["stats"]["algorithm"] == "none"


def test_after_the_round_the_plays_are_ranked(client: FlaskClient) -> None:
    state = dealt_with_declaration("bazzica")
    while state.declaration_round:
        state, _ = apply(state, legal_moves(state)[0])
    body = advise(client, view_json(state)).get_json()
    check_moves(body, state)
    assert body["chosen_by"] == "search"
    assert body["stats"]["worlds"] >= 1
    assert all(m.get("kind", "play") == "play" for m in body["moves"])


def test_a_history_with_a_declaration_rebuilds_the_declarations(client: FlaskClient) -> None:
    state = dealt_with_declaration("bazzica")
    state, _ = apply(state, legal_moves(state)[0])
    # Mid-round: the history gives the declaration and the open round.
    response = advise(client, view_json(state, rebuild=True))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == advise(client, view_json(state)).get_json()
    state, _ = apply(state, DECLINE_MOVE)
    state, _ = apply(state, next(m for m in legal_moves(state) if m.plays_card))
    response = advise(client, view_json(state, rebuild=True))
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.get_json() == advise(client, view_json(state)).get_json()
    wrong = view_json(state, rebuild=True)
    wrong["declarations"] = []
    body = assert_problem(advise(client, wrong), 422, INVALID_STATE)
    assert "view.declarations" in body["errors"]
    reopened = view_json(state, rebuild=True)
    reopened["declaration_round"] = True
    body = assert_problem(advise(client, reopened), 422, INVALID_STATE)
    assert "view.declaration_round" in body["errors"]


def test_a_compulsory_cirulla_declaration_needs_no_search(client: FlaskClient) -> None:
    state = dealt_with_declaration("cirulla", claims=True)
    body = advise(client, view_json(state)).get_json()
    check_moves(body, state)
    assert [m["kind"] for m in body["moves"]] == ["declare"]  # no claim in the round
    assert body["chosen_by"] == "declaration"
    assert body["stats"]["algorithm"] == "none"


def test_a_claim_is_listed_unranked_and_never_chosen(client: FlaskClient) -> None:
    state = replace(deal(make_rules("scopa", claims=True), 3), match_scores=(4, 6))
    body = advise(client, view_json(state)).get_json()
    check_moves(body, state)
    claim = body["moves"][-1]
    assert claim == {
        "capture": [],
        "kind": "claim",
        "sweep": False,
        "value": None,
        "win_probability": None,
        "note": claim["note"],
    }
    assert body["chosen"].get("kind") is None
    # The view's match scores serve as the match context: plays carry a win probability.
    assert all(m["win_probability"] is not None for m in body["moves"][:-1])


def test_a_hand_ended_by_a_claim_is_not_advised(client: FlaskClient) -> None:
    state = deal(make_rules("scopa", claims=True), 3)
    state, _ = apply(state, legal_moves(state)[-1])
    body = assert_problem(advise(client, view_json(state)), 422, INVALID_STATE)
    assert "view.claimed_by" in body["errors"]


def test_an_ace_capture_of_many_cards_in_the_history_is_rebuilt(client: FlaskClient) -> None:
    state = deal(make_rules("asso_pigliatutto"), 0)
    while not any(p.move.capture.bit_count() >= 5 for p in state.history):
        moves = legal_moves(state)
        big = [m for m in moves if m.capture.bit_count() >= 5]
        lays = [m for m in moves if not m.capture]
        state, _ = apply(state, (big or lays or moves)[0])
    response = advise(client, view_json(state, rebuild=True))
    assert response.status_code == 200, response.get_data(as_text=True)
    check_moves(response.get_json(), state)
