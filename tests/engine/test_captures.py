"""Capture generation: the worked examples of docs/rules.md section 3, and a brute-force oracle."""

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.engine import make_rules, parse_card
from service.engine.cards import codes
from service.engine.moves import captures, hand_moves
from tests.engine.helpers import cards, oracle_captures

# (table, played card, every capture allowed), standard rule.
STANDARD_EXAMPLES = [
    ("1D 3C 4S 5B 7D", "3B", ["3C"]),
    ("1D 3C 4S 5B 7D", "9C", ["4S 5B", "1D 3C 5B"]),
    ("1D 3C 4S 5B 7D", "6C", ["1D 5B"]),
    ("1D 3C 4S 5B 7D", "5C", ["5B"]),
    ("1D 3C 4S 5B 7D", "8C", ["3C 5B", "1D 3C 4S", "1D 7D"]),
    ("3D 5C 5S 8B", "5D", ["5C", "5S"]),
    ("3D 5C 5S 8B", "10D", ["5C 5S"]),
    ("3D 5C 5S 8B", "8D", ["8B"]),
    ("6D 3C 2S 1B", "6C", ["6D"]),
    ("4D 3C 2S 1B", "6C", ["4D 2S", "3C 2S 1B"]),
    ("7D 2C 4S", "8D", []),
    ("4D 2C 1S", "7C", ["4D 2C 1S"]),
    ("", "7C", []),
]


def as_sets(found: list[int]) -> set[frozenset[str]]:
    return {frozenset(codes(m)) for m in found}


def expected_sets(texts: list[str]) -> set[frozenset[str]]:
    return {frozenset(t.split()) for t in texts}


@pytest.mark.parametrize(("table", "played", "allowed"), STANDARD_EXAMPLES)
def test_standard_capture_examples(table: str, played: str, allowed: list[str]) -> None:
    found = captures(make_rules("scopa"), parse_card(played), cards(table))
    assert as_sets(found) == expected_sets(allowed)
    assert len(found) == len(allowed)


def test_a_match_wins_over_a_sum() -> None:
    rules = make_rules("scopa")
    found = captures(rules, parse_card("8D"), cards("3C 5C 5S 8B"))
    assert found == [cards("8B")]


# (options, table, played card, every capture allowed).
VARIANT_EXAMPLES: list[tuple[dict[str, Any], str, str, list[str]]] = [
    ({"capture_rule": "fifteen"}, "1D 3C 4S 7B", "4D", ["4S 7B", "1D 3C 7B"]),
    ({"capture_rule": "fifteen"}, "5C 8B", "5D", []),
    ({"capture_rule": "fifteen"}, "5C 10B", "5D", ["10B"]),
    ({"capture_rule": "sum_or_fifteen"}, "5C 10B", "5D", ["5C", "10B"]),
    ({"capture_rule": "sum_or_fifteen"}, "2C 3S 10B", "5D", ["2C 3S", "10B"]),
    (
        {"capture_rule": "sum_or_fifteen", "fewest_cards": True},
        "2C 3S 10B",
        "5D",
        ["10B"],
    ),
    ({"capture_rule": "fifteen", "fewest_cards": True}, "1D 3C 4S 7B", "4D", ["4S 7B"]),
    ({"ace_takes_all": True}, "3C 5S 9B", "1D", ["3C 5S 9B"]),
    ({"ace_takes_all": True}, "1C 1S 9B", "1D", ["1C", "1S"]),
    ({"ace_takes_all": True}, "", "1D", []),
    (
        {"ace_takes_all": True, "capture_rule": "sum_or_fifteen"},
        "4C 10S",
        "1D",
        ["4C 10S"],
    ),
]


@pytest.mark.parametrize(("options", "table", "played", "allowed"), VARIANT_EXAMPLES)
def test_capture_variant_examples(
    options: dict[str, Any], table: str, played: str, allowed: list[str]
) -> None:
    found = captures(make_rules("scopa", **options), parse_card(played), cards(table))
    assert as_sets(found) == expected_sets(allowed)
    assert len(found) == len(allowed)


def test_capture_is_compulsory_for_the_card_but_not_the_hand() -> None:
    rules = make_rules("scopa")
    moves = hand_moves(rules, cards("5D 8C"), cards("5C 2S"))
    assert [m.code() for m in moves] == ["5D:5C", "8C"]


def test_without_compulsory_capture_a_capturing_card_may_be_laid() -> None:
    rules = make_rules("scopa", compulsory_capture=False)
    moves = hand_moves(rules, cards("5D"), cards("5C 2S 3B"))
    assert [m.code() for m in moves] == ["5D", "5D:5C"]


def test_hand_moves_come_in_a_fixed_order() -> None:
    rules = make_rules("scopa")
    moves = hand_moves(rules, cards("8D 4C 1B"), cards("1D 3C 4S 7B"))
    assert [m.code() for m in moves] == ["8D:1D+7B", "8D:1D+3C+4S", "4C:4S", "1B:1D"]


RULE_VARIANTS: list[dict[str, Any]] = [
    {},
    {"capture_rule": "fifteen"},
    {"capture_rule": "sum_or_fifteen"},
    {"capture_rule": "sum_or_fifteen", "fewest_cards": True},
    {"fewest_cards": True},
    {"ace_takes_all": True},
    {"ace_takes_all": True, "capture_rule": "sum_or_fifteen"},
]


@settings(max_examples=300, deadline=None)
@given(
    variant=st.sampled_from(RULE_VARIANTS),
    table_cards=st.sets(st.integers(0, 39), max_size=10),
    played=st.integers(0, 39),
)
def test_captures_agree_with_brute_force(
    variant: dict[str, Any], table_cards: set[int], played: int
) -> None:
    rules = make_rules("scopa", **variant)
    table = 0
    for c in table_cards - {played}:
        table |= 1 << c
    found = captures(rules, played, table)
    assert len(set(found)) == len(found)
    assert set(found) == oracle_captures(rules, played, table)
    assert all(m and not m & ~table for m in found)
