"""Bazzica, Sbarazzina and Cirulla declarations: what a hand declares, the declare move, and
how the declarations of a deal are compared and scored."""

import json
from dataclasses import replace

import pytest

from service.engine import (
    Declaration,
    EventKind,
    IllegalMoveError,
    MoveKind,
    apply,
    check_state,
    legal_moves,
    make_rules,
    score_hand,
    score_state,
)
from service.engine.codec import (
    hand_score_to_dict,
    move_from_dict,
    move_to_dict,
    state_from_dict,
    state_to_dict,
    view_to_dict,
)
from service.engine.declarations import shown_hand
from service.engine.errors import InvalidStateError
from service.engine.moves import Move, declare_move
from service.engine.view import view_of
from tests.engine.helpers import cards, hand_state, move


@pytest.mark.parametrize(
    ("preset", "hand", "kind", "value", "points"),
    [
        # Bazzica (scopa-pagat): three cards totalling 9 or less score 3, faces count 10.
        ("bazzica", "2D 1C 1S", "low_total", 4, 3),  # the best bazzica, 2+A+A
        ("bazzica", "1D 2C 6S", "low_total", 9, 3),
        ("bazzica", "2D 3C 4S", "low_total", 9, 3),
        ("bazzica", "4D 3C 3S", "low_total", 10, None),
        ("bazzica", "8D 1C 2S", "low_total", 13, None),  # a jack counts 10
        ("bazzica", "1D 1C 1S", "three_of_a_rank", 1, 10),  # bazzicotto, the best
        ("bazzica", "10D 10C 10S", "three_of_a_rank", 10, 10),  # the worst bazzicotto
        # Sbarazzina: 2 for three different ranks, 3 with a pair, 7 for three of a kind.
        ("sbarazzina", "1D 2C 6S", "low_total", 9, 2),
        ("sbarazzina", "1D 1C 6S", "low_total", 8, 3),
        ("sbarazzina", "5D 5C 5S", "three_of_a_rank", 5, 7),
        ("sbarazzina", "9D 1C 1S", "low_total", 12, None),
        # Cirulla (scopa-encyclopedia): under 7 scores 3, three of a rank 10, 7 of cups wild.
        ("cirulla", "1D 2C 3S", "low_total", 6, 3),
        ("cirulla", "1D 2C 4S", "low_total", 7, None),
        ("cirulla", "7C 1D 4S", "low_total", 6, 3),  # the wild 7 of cups as an ace
        ("cirulla", "7C 2D 4S", "low_total", 7, None),
        ("cirulla", "7C 5D 5S", "three_of_a_rank", 5, 10),  # the wild makes a third 5
        ("cirulla", "7C 9D 9S", "three_of_a_rank", 9, 10),
        ("cirulla", "7C 1D 1S", "three_of_a_rank", 1, 10),  # three aces beat a low total
        ("cirulla", "7D 7S 7B", "three_of_a_rank", 7, 10),
        ("cirulla", "7C 7D 7S", "three_of_a_rank", 7, 10),
    ],
)
def test_what_a_hand_declares(
    preset: str, hand: str, kind: str, value: int, points: int | None
) -> None:
    shown = shown_hand(make_rules(preset), cards(hand))
    if points is None:
        assert shown is None
    else:
        assert shown is not None
        assert (shown.kind, shown.value, shown.points) == (kind, value, points)


@pytest.mark.parametrize(
    ("preset", "first", "second", "points"),
    [
        ("bazzica", "2D 1C 1S", "2C 3D 4D", (3, 0)),  # the lower total wins
        ("bazzica", "1D 2C 6S", "2D 3C 4S", (0, 0)),  # equal totals (9): nobody
        ("bazzica", "3D 3C 3S", "2D 1C 1S", (10, 0)),  # any bazzicotto beats any bazzica
        ("bazzica", "10D 10C 10S", "1D 1C 1S", (0, 10)),  # the lower bazzicotto wins
        ("bazzica", "4D 4C 1S", None, (3, 0)),  # alone, it scores
        ("sbarazzina", "1D 1C 6S", "2D 3C 4S", (3, 0)),  # 8 beats 9; a pair scores 3
        ("sbarazzina", "1D 2C 6S", "2D 1C 5S", (0, 2)),
        ("sbarazzina", "9D 9C 9S", "1D 1C 2S", (7, 0)),
        ("cirulla", "1D 2C 3S", "1C 1S 2D", (3, 3)),  # every Cirulla declaration scores
        ("cirulla", "7C 5D 5S", "1B 2B 3B", (10, 3)),
    ],
)
def test_declarations_of_a_deal_are_compared(
    preset: str, first: str, second: str | None, points: tuple[int, int]
) -> None:
    rules = make_rules(preset)
    declared = [Declaration(0, 1, cards(first))]
    if second is not None:
        declared.append(Declaration(1, 1, cards(second)))
    hand = score_hand(rules, (0, 0), (0, 0), declared)
    assert tuple(s.points["declarations"] for s in hand.sides) == points
    for side, score in enumerate(hand.sides):
        assert [d.points for d in score.declarations] == [
            points[side] for d in declared if d.seat == side
        ]


def test_each_deal_is_compared_on_its_own_and_the_points_add_up() -> None:
    rules = make_rules("bazzica")
    declared = [
        Declaration(0, 1, cards("1D 1C 2S")),
        Declaration(1, 1, cards("3D 3C 3S")),  # deal 1: the bazzicotto wins
        Declaration(0, 4, cards("1S 2D 3C")),  # deal 4: alone
    ]
    hand = score_hand(rules, (0, 0), (0, 0), declared)
    assert [s.points["declarations"] for s in hand.sides] == [3, 10]
    evidence = hand_score_to_dict(hand)[0]["declarations"]
    assert evidence == [
        {"seat": 0, "deal": 1, "cards": ["1D", "1C", "2S"], "kind": "low_total", "value": 4,
         "points": 0},
        {"seat": 0, "deal": 4, "cards": ["2D", "3C", "1S"], "kind": "low_total", "value": 6,
         "points": 3},
    ]  # fmt: skip


def test_a_declaration_is_offered_first_and_the_player_still_plays() -> None:
    rules = make_rules("bazzica")
    state = hand_state(rules, ["1D 1C 2S", "5S 6S 9B"], "4B 7C")
    moves = legal_moves(state)
    assert moves[0] == declare_move(cards("1D 1C 2S"))
    assert moves[0].code() == "declare:1D+1C+2S"
    assert all(m.kind is MoveKind.PLAY for m in moves[1:])
    after, events = apply(state, moves[0])
    assert [e.kind for e in events] == [EventKind.DECLARE]
    assert events[0].cards == cards("1D 1C 2S")
    assert after.to_move == 0
    assert after.hands == state.hands
    assert after.declarations == (Declaration(0, rules.deals, cards("1D 1C 2S")),)
    assert all(m.kind is MoveKind.PLAY for m in legal_moves(after))  # once a deal


def test_playing_a_card_closes_the_players_window() -> None:
    rules = make_rules("bazzica")
    state = hand_state(rules, ["5D 6D 9B", "1D 1C 2S"], "4B 7C")
    after, _ = apply(state, move("5D"))
    assert legal_moves(after)[0].kind is MoveKind.DECLARE  # the other seat may still declare
    declared, _ = apply(after, legal_moves(after)[0])
    played, _ = apply(declared, move("2S"))
    assert not any(m.kind is MoveKind.DECLARE for m in legal_moves(played))


@pytest.mark.parametrize(
    ("code", "hand"),
    [
        ("declare:1D+1C", "1D 1C 2S"),  # not the whole hand
        ("declare:1D+1C+3S", "1D 1C 2S"),  # a card not held
        ("declare:5S+6S+9B", "5S 6S 9B"),  # a hand that declares nothing
    ],
)
def test_a_wrong_declaration_is_illegal(code: str, hand: str) -> None:
    state = hand_state(make_rules("bazzica"), [hand, "4D 4C 4S"], "7C")
    with pytest.raises(IllegalMoveError):
        apply(state, move(code))


def test_no_declaration_without_the_option_or_after_a_deal_of_four() -> None:
    plain = hand_state(make_rules("scopa"), ["1D 1C 2S", "5S"], "7C")
    assert not any(m.kind is MoveKind.DECLARE for m in legal_moves(plain))
    with pytest.raises(IllegalMoveError):
        apply(plain, move("declare:1D+1C+2S"))
    corse = make_rules("corse", declarations="bazzica")
    four = hand_state(corse, ["1D 1C 3S 4S", "5S 6S 7S 10S"], "7C", deals_made=5)
    assert not any(m.kind is MoveKind.DECLARE for m in legal_moves(four))


def test_cirulla_declarations_are_compulsory() -> None:
    state = hand_state(make_rules("cirulla"), ["7C 5D 5S", "4D 6C 9B"], "5B 10C")
    assert legal_moves(state) == [declare_move(cards("7C 5D 5S"))]
    with pytest.raises(IllegalMoveError, match="declared"):
        apply(state, move("5D:5B"))
    after, _ = apply(state, legal_moves(state)[0])
    assert move("5D:5B") in legal_moves(after)


def test_declare_moves_and_declarations_round_trip_through_json() -> None:
    declared = declare_move(cards("2S 1D 1C"))
    data = move_to_dict(declared)
    assert data == {"card": "1D", "capture": ["1C", "2S"], "kind": "declare"}
    assert move_from_dict(data) == declared
    shuffled = {"card": "2S", "capture": ["1D", "1C"], "kind": "declare"}
    assert move_from_dict(shuffled) == declared
    assert Move.from_code("declare:2S+1C+1D") == declared
    rules = make_rules("bazzica")
    state, _ = apply(hand_state(rules, ["1D 1C 2S", "5S 6S 9B"], "4B"), declared)
    data = json.loads(json.dumps(state_to_dict(state)))
    assert data["declarations"] == [{"seat": 0, "deal": 6, "cards": ["1D", "1C", "2S"]}]
    assert state_from_dict(data) == state
    assert view_to_dict(view_of(state, 1))["declarations"] == data["declarations"]
    assert "declarations" not in state_to_dict(hand_state(rules, ["1D", "2D"], ""))


def test_declarations_reach_the_hand_score() -> None:
    rules = make_rules("bazzica")
    state = hand_state(rules, ["1D 1C 2S", "5S 6S 9B"], "4B")
    state, _ = apply(state, legal_moves(state)[0])
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[0])
    assert len(state.history) == 7
    score = score_state(state)
    assert score.sides[0].points["declarations"] == 3
    assert score.sides[1].points["declarations"] == 0


@pytest.mark.parametrize(
    ("declaration", "field"),
    [
        (Declaration(2, 1, cards("1D 1C 2S")), "declarations[0].seat"),
        (Declaration(0, 7, cards("1D 1C 2S")), "declarations[0].deal"),
        (Declaration(0, 1, cards("9D 9C 2S")), "declarations[0].cards"),
    ],
)
def test_impossible_declarations_are_named(declaration: Declaration, field: str) -> None:
    rules = make_rules("bazzica")
    state = hand_state(rules, ["1D 1C 2S", "5S 6S 9B"], "4B")
    with pytest.raises(InvalidStateError) as error:
        check_state(replace(state, declarations=(declaration,)))
    assert field in [p.field for p in error.value.problems]
