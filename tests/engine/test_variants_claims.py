"""Chiamarsi fuori: the claim move, the points a claim may count, and the match it settles."""

import json
from dataclasses import replace

import pytest

from service.engine import (
    Declaration,
    EventKind,
    IllegalMoveError,
    MoveKind,
    State,
    apply,
    check_state,
    claim_check,
    deal,
    legal_moves,
    make_rules,
    settle,
)
from service.engine.cards import SUIT_MASKS, Suit
from service.engine.codec import (
    match_to_dict,
    move_from_dict,
    move_to_dict,
    state_from_dict,
    state_to_dict,
    view_from_dict,
    view_to_dict,
)
from service.engine.errors import InvalidStateError
from service.engine.moves import CLAIM_MOVE, Move
from service.engine.view import view_of
from tests.engine.helpers import cards, hand_state

SPADES_AND_CLUBS = SUIT_MASKS[Suit.S] | SUIT_MASKS[Suit.B]


def claiming(
    preset: str,
    piles: list[str],
    scores: tuple[int, ...],
    scope: tuple[int, ...] | None = None,
    **options: object,
) -> State:
    """A mid-hand state with claims on: seat 0 to move, the given piles and match scores."""
    rules = make_rules(preset, claims=True, **options)
    state = hand_state(rules, ["4C"] + [""] * (rules.players - 1), "", piles=piles, scope=scope)
    return replace(state, match_scores=scores, last_capturer=0)


@pytest.mark.parametrize(
    ("preset", "piles", "scores", "scope", "points", "correct"),
    [
        # 21 cards of 40 make the cards point certain (two sides); 20 do not.
        ("scopa", ["S B 1C", ""], (10, 0), None, {"cards": 1}, True),
        ("scopa", ["S B", ""], (10, 0), None, {"cards": 0}, False),
        # 6 coins of 10 make the coins point certain; 5 do not.
        ("scopa", ["1D 2D 3D 4D 5D 6D", ""], (10, 0), None, {"coins": 1}, True),
        ("scopa", ["1D 2D 3D 4D 5D", ""], (10, 0), None, {"coins": 0}, False),
        # The settebello held and the scope made count.
        ("scopa", ["7D 3C", ""], (8, 0), (2, 0), {"settebello": 1, "scope": 2}, True),
        # A prime of 81 beats the best the opponent can still make (6, 6, 6 and 7: 75) ...
        ("scopa", ["7D 7C 7S 6B", ""], (9, 0), None, {"primiera": 1, "settebello": 1}, True),
        # ... 78 only ties the opponent's best (6D 6C 7S 7B), so the prime is not certain.
        ("scopa", ["7D 7C 6S 6B", ""], (9, 0), None, {"primiera": 0, "settebello": 1}, False),
        # The opponent's prime counts its own pile plus every uncaptured card.
        ("scopa", ["7D 7C 6S 6B", "7S"], (9, 0), None, {"primiera": 0}, False),
        ("scopa", ["7D 7C 6S 7B", "6D 6C"], (9, 0), None, {"primiera": 1}, True),
        # Reaching the target is not enough when the opponent is as high already.
        ("scopa", ["7D", ""], (11, 11), None, {"settebello": 1}, True),
        ("scopa", ["3D", ""], (11, 11), None, {"settebello": 0}, False),
        # Extras held count: a napola of four, re bello.
        ("napola", ["1D 2D 3D 4D", ""], (17, 0), None, {"napola": 4}, True),  # to 21
        ("re_bello", ["10D", ""], (10, 0), None, {"re_bello": 1}, True),
        # The 2 of clubs still uncaptured may reach the claimer: -5 counts against it.
        ("piva", ["7D 3C", ""], (20, 0), None, {"piva": -5, "settebello": 1}, False),  # to 21
        ("piva", ["7D 3C", "2B"], (20, 0), None, {"piva": 0, "settebello": 1}, True),
    ],
)
def test_a_claim_counts_only_the_points_already_certain(
    preset: str,
    piles: list[str],
    scores: tuple[int, int],
    scope: tuple[int, int] | None,
    points: dict[str, int],
    correct: bool,
) -> None:
    expanded = [" ".join(suit_codes(p)) for p in piles]
    state = claiming(preset, expanded, scores, scope)
    check = claim_check(state)
    assert {k: check.points[k] for k in points} == points
    assert check.correct is correct
    assert check.match_total == scores[0] + check.total


def suit_codes(text: str) -> list[str]:
    """Card codes, where a bare suit letter stands for its ten cards."""
    found: list[str] = []
    for part in text.split():
        if part in "DCSB":
            found += [f"{r}{part}" for r in range(1, 11)]
        else:
            found.append(part)
    return found


@pytest.mark.parametrize(
    ("piles", "certain"),
    [
        (["D 1C 2C 3C 4C 5C 6C 7C 8C 9C 10C", "S", "B"], 1),  # 20 against 10 and 10
        (["D 1C 2C 3C 4C 5C 6C 7C 8C", "S", "B"], 1),  # 18 against 10 + 2 uncaptured
        (["D 1C 2C 3C 4C 5C", "S 9C", "1B"], 0),  # 15 against 11 + 10 uncaptured
    ],
)
def test_with_three_sides_the_cards_need_more_than_any_other_side_could_reach(
    piles: list[str], certain: int
) -> None:
    state = claiming("scopa", [" ".join(suit_codes(p)) for p in piles], (0, 0, 0), players=3)
    assert claim_check(state).points["cards"] == certain


def test_a_certain_outright_win_makes_the_claim_correct() -> None:
    state = claiming("scopone_trentino", [" ".join(suit_codes("D")), ""], (0, 0))
    check = claim_check(state)
    assert check.outright == "cappotto"
    assert check.correct


def test_a_declaration_counts_once_nobody_can_answer_it() -> None:
    # Four players in teams, seat 3 deals: seat 0 has declared in the round, its partner
    # seat 2 is to act and seat 3 may still show three threes, which would beat the bazzica.
    rules = make_rules("scopa", players=4, declarations="bazzica", claims=True)
    shown = Declaration(0, 3, cards("1D 1C 2S"))
    hands = ["1D 1C 2S", "4B 5B 6B", "8B 9B 10B", "3D 3C 3S"]
    base = hand_state(rules, hands, "", piles=["7D", ""], to_move=2, dealer=3)
    state = replace(
        base,
        declarations=(shown,),
        declaration_round=True,
        match_scores=(17, 0),
        last_capturer=0,
    )
    assert claim_check(state).points["declarations"] == 0
    # A claim is no move of the round; once the round is over the bazzica counts.
    assert CLAIM_MOVE not in legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, CLAIM_MOVE)
    over = replace(state, declaration_round=False, to_move=0)
    assert CLAIM_MOVE in legal_moves(over)
    assert claim_check(over).points["declarations"] == 3
    earlier = replace(state, declarations=(Declaration(0, 2, cards("4D 4C 1S")),))
    assert claim_check(earlier).points["declarations"] == 3


def test_the_claim_move_is_last_and_only_with_the_option() -> None:
    state = claiming("scopa", ["7D", ""], (10, 0))
    moves = legal_moves(state)
    assert moves[-1] == CLAIM_MOVE
    assert [m.kind for m in moves[:-1]] == [MoveKind.PLAY]
    off = replace(state, rules=make_rules("scopa"))
    assert CLAIM_MOVE not in legal_moves(off)
    with pytest.raises(IllegalMoveError, match="claims are off"):
        apply(off, CLAIM_MOVE)


def test_a_correct_claim_ends_the_hand_and_wins_the_match() -> None:
    state = claiming("scopa", ["7D", ""], (10, 4))
    after, events = apply(state, CLAIM_MOVE)
    assert [e.kind for e in events] == [EventKind.CLAIM, EventKind.HAND_END]
    assert (events[0].seat, events[0].side) == (0, 0)
    assert after.finished
    assert after.claimed_by == 0
    assert legal_moves(after) == []
    result = settle(after)
    assert (result.winner, result.reason, result.scores, result.finished) == (
        0,
        "claim",
        (11, 4),
        True,
    )
    with pytest.raises(IllegalMoveError):
        apply(after, CLAIM_MOVE)


def test_a_wrong_claim_loses_the_match() -> None:
    state = claiming("scopa", ["3D", ""], (10, 4))
    after, events = apply(state, CLAIM_MOVE)
    assert events[0].kind is EventKind.WRONG_CLAIM
    result = settle(after)
    assert (result.winner, result.loser, result.reason, result.scores) == (
        1,
        0,
        "wrong_claim",
        (10, 4),
    )
    assert match_to_dict(result)["loser"] == 0
    won, _ = apply(claiming("scopa", ["7D", ""], (10, 4)), CLAIM_MOVE)
    assert "loser" not in match_to_dict(settle(won))


@pytest.mark.parametrize(("scores", "winner"), [((5, 9, 3), 1), ((5, 3, 3), None)])
def test_with_three_sides_a_wrong_claim_gives_the_match_to_the_leader_if_alone(
    scores: tuple[int, int, int], winner: int | None
) -> None:
    state = claiming("scopa", ["3D", "", ""], (0, 0, 0), players=3)
    after, _ = apply(state, CLAIM_MOVE)
    result = settle(after, scores)
    assert (result.winner, result.loser, result.finished) == (winner, 0, True)


def test_settle_takes_the_match_context_from_the_state_or_the_caller() -> None:
    state = claiming("scopa", ["7D", ""], (0, 0))
    after, _ = apply(state, CLAIM_MOVE)
    assert settle(after).reason == "wrong_claim"  # 0 + 1 of 11
    assert settle(after, (10, 0)).reason == "claim"
    assert settle(after, target=1).reason == "claim"
    assert settle(replace(after, match_target=1)).reason == "claim"
    with pytest.raises(InvalidStateError):
        settle(state)


def test_claims_round_trip_through_json() -> None:
    assert Move.from_code("claim") == CLAIM_MOVE
    assert CLAIM_MOVE.code() == "claim"
    assert move_to_dict(CLAIM_MOVE) == {"capture": [], "kind": "claim"}
    assert move_from_dict({"kind": "claim"}) == CLAIM_MOVE
    # A dealt hand, so that the history is complete and records the claim.
    state = deal(make_rules("scopa", claims=True), 4)
    state, _ = apply(state, legal_moves(state)[0])
    state = replace(state, match_scores=(10, 4), match_target=15)
    seat = state.to_move
    after, _ = apply(state, CLAIM_MOVE)
    data = json.loads(json.dumps(state_to_dict(after)))
    assert (data["claimed_by"], data["match_scores"], data["match_target"]) == (seat, [10, 4], 15)
    assert data["history"][-1] == {"seat": seat, "capture": [], "kind": "claim"}
    assert data["finished"] is True
    assert state_from_dict(data) == after
    view = view_of(after, 1)
    assert view_from_dict(json.loads(json.dumps(view_to_dict(view)))) == view
    plain = state_to_dict(hand_state(make_rules("scopa"), ["1D", "2D"], ""))
    assert not {"claimed_by", "match_scores", "match_target"} & set(plain)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"claimed_by": 0, "rules": make_rules("scopa")}, "claimed_by"),
        ({"claimed_by": 1}, "claimed_by"),
        ({"match_scores": (1, 2, 3)}, "match_scores"),
        ({"match_target": 0}, "match_target"),
    ],
)
def test_impossible_claims_and_match_contexts_are_named(
    change: dict[str, object], field: str
) -> None:
    state = claiming("scopa", ["7D", ""], (10, 4))
    with pytest.raises(InvalidStateError) as error:
        check_state(replace(state, **change))  # type: ignore[arg-type]
    assert field in [p.field for p in error.value.problems]
