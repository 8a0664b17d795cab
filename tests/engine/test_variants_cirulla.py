"""Cirulla: equal or fifteen captures, an ace takes all, Grande, Piccola, long games."""

from dataclasses import replace

import pytest

from service.engine import EventKind, MoveKind, apply, legal_moves, make_rules, score_hand
from service.engine.cards import FULL_PACK
from service.engine.moves import captures
from tests.engine.helpers import cards, hand_state, move


def test_the_preset_combines_the_outlined_rules() -> None:
    rules = make_rules("cirulla")
    assert (rules.capture_rule, rules.ace_takes_all, rules.ace_scopa) == (
        "sum_or_fifteen",
        True,
        False,
    )
    assert (rules.grande, rules.napola, rules.napola_cap, rules.declarations) == (
        True,
        "length",
        6,
        "cirulla",
    )
    assert rules.target == 51
    assert make_rules("cirulla", target=1001).target == 1001
    assert make_rules("cirulla", players=4).teams


@pytest.mark.parametrize(
    ("played", "table", "options"),
    [
        ("5D", "10C 5S", {"5S", "10C"}),  # an equal card, or a fifteen with the king
        ("7D", "8C 2S 5B", {"8C", "2S+5B"}),  # a fifteen, or the sum to seven
        ("1D", "3C 9S", {"3C+9S"}),  # the ace takes all
        ("1D", "1C 9S", {"1C"}),  # an ace on the table: the ace takes only the ace
    ],
)
def test_captures_are_equal_or_fifteen_and_the_ace_takes_all(
    played: str, table: str, options: set[str]
) -> None:
    rules = make_rules("cirulla")
    found = captures(rules, move(played).card, cards(table))
    assert len(found) == len(options)
    assert set(found) == {cards(o.replace("+", " ")) for o in options}


def test_an_ace_sweep_is_no_scopa() -> None:
    rules = make_rules("cirulla")
    state = hand_state(rules, ["1D 4C", "5S"], "3C 9S", deals_made=5, stock="")
    after, events = apply(state, move("1D:3C+9S"))
    assert EventKind.SCOPA not in [e.kind for e in events]
    assert after.scope == (0, 0)


@pytest.mark.parametrize(
    ("pile", "grande", "piccola"),
    [
        ("8D 9D 10D", 5, 0),  # Grande: the three face cards of coins
        ("8D 10D 1C 1S", 0, 0),
        ("1D 2D 3D", 0, 3),  # Piccola from A-2-3: one point a card
        ("1D 2D 3D 4D 5D", 0, 5),
        ("1D 2D 3D 4D 5D 6D", 0, 6),
        ("1D 2D 3D 4D 5D 6D 7D", 0, 6),  # the run counts up to the 6
        ("1D 2D", 0, 0),
        ("2D 3D 4D 5D", 0, 0),  # no run without the ace
        ("1D 2D 3D 8D 9D 10D", 5, 3),
    ],
)
def test_grande_and_piccola(pile: str, grande: int, piccola: int) -> None:
    rules = make_rules("cirulla")
    mine = cards(pile)
    side = score_hand(rules, (mine, FULL_PACK & ~mine), (0, 0)).sides[0]
    assert (side.points["grande"], side.points["napola"]) == (grande, piccola)


def test_most_coins_without_grande_or_piccola() -> None:
    # scopa-encyclopedia: the coins point may go to a side that has neither bonus, when the
    # opponent holds the cards the runs need.
    rules = make_rules("cirulla")
    mine = cards("2D 3D 4D 5D 6D 7D 9D 10D")
    side = score_hand(rules, (mine, FULL_PACK & ~mine), (0, 0)).sides[0]
    assert (side.points["coins"], side.points["grande"], side.points["napola"]) == (1, 0, 0)


def test_a_cirulla_declaration_scores_at_the_end_of_the_hand() -> None:
    rules = make_rules("cirulla")
    state = replace(hand_state(rules, ["7C 1D 4S", "2B 3B 1B"], "10C"), declaration_round=True)
    for seat in (0, 1):  # each seat in the round after the deal must declare
        assert state.to_move == seat
        assert [m.kind for m in legal_moves(state)] == [MoveKind.DECLARE]
        state, _ = apply(state, legal_moves(state)[0])
    assert not state.declaration_round
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[0])
    hand = score_hand(rules, state.piles, state.scope, state.declarations)
    assert [s.points["declarations"] for s in hand.sides] == [3, 3]
