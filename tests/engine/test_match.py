"""The match: hand points add up; the target, ties at the top, outright wins, 7-0."""

import pytest

from service.engine import HandScore, InvalidStateError, Rules, add_hand, make_rules, score_hand
from service.engine.cards import FULL_PACK


def scope_only(players: int, scope: tuple[int, ...]) -> tuple[Rules, HandScore]:
    """A real hand score in which nobody captured, so each side scores exactly its scope."""
    rules = make_rules("scopa", players=players)
    return rules, score_hand(rules, (0,) * rules.sides, scope)


@pytest.mark.parametrize(
    ("before", "scope", "after", "winner"),
    [
        ((8, 5), (2, 1), (10, 6), None),
        ((9, 5), (2, 1), (11, 6), 0),
        ((10, 10), (1, 1), (11, 11), None),
        ((10, 10), (2, 1), (12, 11), 0),
        ((9, 10), (0, 3), (9, 13), 1),
        ((12, 12), (0, 0), (12, 12), None),
    ],
)
def test_a_side_wins_at_the_target_with_more_than_every_other(
    before: tuple[int, int], scope: tuple[int, int], after: tuple[int, int], winner: int | None
) -> None:
    rules, hand = scope_only(2, scope)
    result = add_hand(rules, before, hand)
    assert result.scores == after
    assert result.winner == winner
    assert result.finished is (winner is not None)
    assert result.reason == (None if winner is None else "target")
    assert result.target == 11


def test_three_sides_need_a_single_leader() -> None:
    rules, hand = scope_only(3, (1, 1, 0))
    assert add_hand(rules, (10, 10, 3), hand).winner is None
    rules, hand = scope_only(3, (1, 0, 0))
    assert add_hand(rules, (10, 10, 3), hand).winner == 0


def test_any_target_may_be_set() -> None:
    rules, hand = scope_only(2, (1, 0))
    assert add_hand(rules, (3, 0), hand, target=4).winner == 0
    assert add_hand(rules, (3, 0), hand, target=5).winner is None
    assert add_hand(make_rules("scopone_trentino"), (19, 0), hand).winner is None


def test_an_outright_win_beats_the_totals() -> None:
    rules = make_rules("scopa", cappotto=True)
    coins = (1 << 10) - 1
    hand = score_hand(rules, (coins, FULL_PACK & ~coins), (0, 0))
    result = add_hand(rules, (0, 10), hand)
    assert (result.winner, result.reason) == (0, "cappotto")


def test_seven_nil_wins_at_once_when_chosen() -> None:
    rules = make_rules("scopa", cappotto_7_0=True)
    hand = score_hand(rules, (0, 0), (3, 0))
    assert (add_hand(rules, (4, 0), hand).winner, add_hand(rules, (4, 0), hand).reason) == (
        0,
        "cappotto_7_0",
    )
    assert add_hand(rules, (4, 1), hand).winner is None
    assert add_hand(make_rules("scopa"), (4, 0), hand).winner is None


def test_one_score_per_side_is_required() -> None:
    rules, hand = scope_only(2, (0, 0))
    with pytest.raises(InvalidStateError, match="2 scores"):
        add_hand(rules, (1, 2, 3), hand)
