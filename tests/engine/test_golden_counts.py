"""Perft-style golden counts: move sequences from fixed deals, checked against a naive oracle.

Each count is the number of distinct move sequences of the given depth from the deal of a
seed, within the first deal. The oracle replays the same tree with the brute-force capture
rule of ``helpers.oracle_captures``; the frozen number catches a change to either.
"""

from typing import Any

import pytest

from service.engine import Rules, State, apply, deal, legal_moves, make_rules
from service.engine.cards import Cards, iter_cards
from tests.engine.helpers import oracle_captures

GOLDEN: list[tuple[str, dict[str, Any], int, int, int]] = [
    ("scopa", {}, 1, 6, 36),
    ("scopa", {}, 2, 6, 72),
    ("scopa", {"players": 3}, 10, 7, 302),
    ("scopa", {"players": 4}, 11, 8, 1340),
    ("scopa", {"players": 6}, 9, 6, 1148),
    ("scopa", {"capture_rule": "fifteen"}, 5, 6, 104),
    ("scopa", {"capture_rule": "sum_or_fifteen", "fewest_cards": True}, 6, 6, 76),
    ("scopa", {"ace_takes_all": True, "capture_rule": "sum_or_fifteen"}, 7, 6, 96),
    ("scopa", {"compulsory_capture": False}, 8, 6, 604),
    ("scopone", {}, 2, 4, 10250),
    ("scopone_scientifico", {}, 3, 5, 90929),
    ("scopone_messina", {}, 4, 4, 26877),
]


def perft(state: State, depth: int) -> int:
    """How many move sequences of a depth the engine allows from a state."""
    if depth == 0 or state.finished:
        return 1
    return sum(perft(apply(state, m)[0], depth - 1) for m in legal_moves(state))


def oracle_perft(
    rules: Rules, hands: tuple[Cards, ...], table: Cards, seat: int, depth: int
) -> int:
    """The same count from the brute-force capture rule, within one deal."""
    if depth == 0:
        return 1
    total = 0
    for c in iter_cards(hands[seat]):
        options = oracle_captures(rules, c, table)
        tables = [table & ~o for o in options]
        if not options or not rules.compulsory_capture:
            tables.append(table | 1 << c)
        rest = tuple(h & ~(1 << c) if i == seat else h for i, h in enumerate(hands))
        for after in tables:
            total += oracle_perft(rules, rest, after, (seat + 1) % rules.players, depth - 1)
    return total


@pytest.mark.parametrize(("preset", "options", "seed", "depth", "expected"), GOLDEN)
def test_golden_move_counts(
    preset: str, options: dict[str, Any], seed: int, depth: int, expected: int
) -> None:
    rules = make_rules(preset, **options)
    state = deal(rules, seed)
    assert depth <= state.cards_in_hands
    assert perft(state, depth) == expected
    assert oracle_perft(rules, state.hands, state.table, state.to_move, depth) == expected
