"""Capture-rule presets: ace takes all, the three Quindici versions, ace_may_pass, Escoba."""

import pytest

from service.engine import (
    IllegalMoveError,
    Move,
    MoveKind,
    apply,
    deal,
    is_sweep,
    legal_moves,
    make_rules,
    score_hand,
)
from service.engine.cards import FULL_PACK, RANK_MASKS, codes, parse_card
from service.engine.codec import move_from_dict, move_to_dict
from service.engine.errors import InvalidStateError
from service.engine.moves import captures
from tests.engine.helpers import cards, hand_state, move


def capture_codes(preset: str, played: str, table: str, **options: object) -> set[tuple[str, ...]]:
    """The captures a card may make, each as sorted card codes."""
    rules = make_rules(preset, **options)
    return {tuple(sorted(codes(c))) for c in captures(rules, parse_card(played), cards(table))}


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("asso_pigliatutto", {"ace_takes_all": True, "ace_scopa": True, "target": 11}),
        ("scopa_d_assi", {"ace_takes_all": True, "ace_scopa": False}),
        ("quindici", {"capture_rule": "fifteen", "ace_takes_all": False}),
        ("quindici_2", {"capture_rule": "sum_or_fifteen", "fewest_cards": False}),
        (
            "quindici_3",
            {"capture_rule": "sum_or_fifteen", "ace_takes_all": True, "ace_scopa": True},
        ),
        ("escoba", {"capture_rule": "fifteen", "prime_table": "escoba_sevens", "target": 15}),
    ],
)
def test_presets_bundle_their_options(preset: str, options: dict[str, object]) -> None:
    chosen = make_rules(preset).options()
    assert {k: chosen[k] for k in options} == options


def test_quindici_3_plays_to_31() -> None:
    assert make_rules("quindici_3").target == 31


# Worked examples of scopa-pagat (ace takes all) and docs/rules.md section 3.
ACE_CASES = [
    ("asso_pigliatutto", "1D", "3C 5S 10B", {("10B", "3C", "5S")}, True),
    ("asso_pigliatutto", "1D", "1C 5S 10B", {("1C",)}, False),
    ("asso_pigliatutto", "1D", "1C", {("1C",)}, True),
    ("scopa_d_assi", "1D", "3C 5S 10B", {("10B", "3C", "5S")}, False),
    ("scopa_d_assi", "1D", "1C", {("1C",)}, True),
    ("quindici_3", "1D", "4C 2S", {("2S", "4C")}, True),
]


@pytest.mark.parametrize(("preset", "played", "table", "expected", "sweep"), ACE_CASES)
def test_ace_takes_all(
    preset: str, played: str, table: str, expected: set[tuple[str, ...]], sweep: bool
) -> None:
    assert capture_codes(preset, played, table) == expected
    rules = make_rules(preset)
    state = hand_state(rules, [f"{played} 5D", "6D 7D"], table, deals_made=1, stock="")
    (taken,) = [m for m in legal_moves(state) if m.card == parse_card(played)]
    assert is_sweep(state, taken) is sweep


def test_ace_on_an_empty_table_stays_unless_it_takes_itself() -> None:
    for options, on_table in (({}, True), ({"ace_takes_itself": True}, False)):
        rules = make_rules("scopa_d_assi", **options)
        state = hand_state(rules, ["1D 5D", "6D 7D"], "")
        after, _ = apply(state, move("1D"))
        assert bool(after.table) is on_table
        assert bool(after.piles[0]) is not on_table
        assert after.scope == (0, 0)


def test_void_on_table_ace_never_deals_an_ace_to_the_table() -> None:
    rules = make_rules("scopa_d_assi", redeal_on_ace=True)
    for seed in range(60):
        assert not deal(rules, seed).table & RANK_MASKS[1]


@pytest.mark.parametrize(
    ("preset", "played", "table", "expected", "options"),
    [
        # pagat: A, 3, 4, 7 on the table and a 4 played takes 4+7 or A+3+7.
        ("quindici", "4D", "1C 3S 4B 7C", {("4B", "7C"), ("1C", "3S", "7C")}, {}),
        # encyclopedia: A, 3, 5, 7 and a 2 played takes A+5+7.
        ("quindici", "2D", "1C 3S 5B 7C", {("1C", "5B", "7C")}, {}),
        # no equal-rank capture in the first version
        ("quindici", "5D", "5C 3S", set(), {}),
        ("escoba", "5D", "5C 3S", set(), {}),
        ("quindici_2", "5D", "5C 3S", {("5C",)}, {}),
        ("quindici_2", "4D", "1C 3S 4B 7C", {("4B",), ("4B", "7C"), ("1C", "3S", "7C")}, {}),
        ("quindici_2", "4D", "1C 3S 4B 7C", {("4B",)}, {"fewest_cards": True}),
        ("quindici_2", "8D", "1C 6S 7B", {("7B",)}, {"fewest_cards": True}),
        ("quindici_2", "8D", "1C 6S 7B", {("7B",), ("1C", "6S"), ("1C", "7B")}, {}),
        # pagat, third version: 3, 5, 7, K and a K played takes the 5, the K or 3+7.
        ("quindici_3", "10D", "3C 5S 7B 10C", {("5S",), ("10C",), ("3C", "7B")}, {}),
        ("quindici_2", "10D", "3C 5S 7B 10C", {("5S",), ("10C",)}, {}),
        ("scopa", "8D", "3C 5S 8B", {("3C", "5S"), ("8B",)}, {"match_priority": False}),
    ],
)
def test_fifteen_captures(
    preset: str,
    played: str,
    table: str,
    expected: set[tuple[str, ...]],
    options: dict[str, object],
) -> None:
    assert capture_codes(preset, played, table, **options) == expected


def test_ace_may_pass_is_a_move_that_puts_the_ace_in_the_pile() -> None:
    rules = make_rules("scopa_d_assi", ace_may_pass=True)
    state = hand_state(rules, ["1D 5D", "6D 7D"], "3C 4S", stock="", deals_made=1)
    passing = Move(parse_card("1D"), 0, MoveKind.PASS)
    assert passing in legal_moves(state)
    assert not any(
        m.kind is MoveKind.PASS and m.card == parse_card("5D") for m in legal_moves(state)
    )
    assert not is_sweep(state, passing)
    after, _ = apply(state, passing)
    assert after.piles[0] == cards("1D")
    assert after.table == cards("3C 4S")
    assert after.last_capturer == 0
    assert Move.from_code(passing.code()) == passing
    assert passing.code() == "pass:1D"
    assert move_from_dict(move_to_dict(passing)) == passing
    with pytest.raises(IllegalMoveError):
        apply(state, Move(parse_card("5D"), 0, MoveKind.PASS))
    with pytest.raises(IllegalMoveError):
        apply(hand_state(make_rules("scopa_d_assi"), ["1D 5D", "6D 7D"], "3C"), passing)


def test_plain_moves_keep_their_code_and_json() -> None:
    plain = Move(parse_card("7D"), cards("3C 4S"))
    assert plain.kind is MoveKind.PLAY
    assert plain.code() == "7D:3C+4S"
    assert "kind" not in move_to_dict(plain)
    assert move_from_dict({"card": "7D", "capture": ["3C", "4S"], "kind": "play"}) == plain
    with pytest.raises(InvalidStateError) as error:
        move_from_dict({"card": "7D", "kind": "jump"})
    assert [p.field for p in error.value.problems] == ["move.kind"]


@pytest.mark.parametrize(
    ("first", "points"),
    [
        ("7D 7C 7S", (1, 0)),  # three sevens against one
        ("7D 7C 6D 6C 6S", (0, 0)),  # two each: the sevens point is not awarded
        ("7D 7C 7S 7B", (1, 0)),
        ("6D", (0, 1)),
    ],
)
def test_escoba_sevens_point(first: str, points: tuple[int, int]) -> None:
    rules = make_rules("escoba")
    mine = cards(first)
    score = score_hand(rules, (mine, FULL_PACK & ~mine), (0, 0))
    assert tuple(s.points["primiera"] for s in score.sides) == points
    assert score.sides[0].prime.value == (first.count("7"),)
