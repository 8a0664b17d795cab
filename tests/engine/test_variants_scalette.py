"""Scopa con le Scalette: the low and high runs of coins, and the whole suit."""

import pytest

from service.engine import RulesError, add_hand, make_rules, score_hand
from service.engine.cards import FULL_PACK
from service.engine.codec import hand_score_to_dict
from tests.engine.helpers import cards


def coins(ranks: str) -> str:
    """Card codes of coins of the given ranks."""
    return " ".join(f"{r}D" for r in ranks.split())


@pytest.mark.parametrize(
    ("ranks", "low", "high", "points"),
    [
        ("1 2 3", 3, 0, 3),  # a scaletta bassa is a napola: 3
        ("1 2 3 4 5", 5, 0, 5),
        ("1 2 3 4 5 6 7 8 9", 9, 0, 9),  # up to the horse: 9
        ("1 2", 0, 0, 0),
        ("10 9 8", 0, 3, 5),  # scaletta alta K-H-J: 5
        ("10 9 8 7", 0, 4, 6),
        ("10 9 8 7 6 5 4 3 2", 0, 9, 11),  # down to the 2: 11
        ("10 9", 0, 0, 0),
        ("1 2 3 10 9 8 7", 3, 4, 9),  # both runs
        ("1 2 3 5 10 9 7", 3, 0, 3),  # the high run breaks at the missing jack
    ],
)
def test_scalette_runs(ranks: str, low: int, high: int, points: int) -> None:
    rules = make_rules("scalette")
    mine = cards(coins(ranks))
    side = score_hand(rules, (mine, FULL_PACK & ~mine), (0, 0)).sides[0]
    assert (side.scaletta_low, side.scaletta_high) == (low, high)
    assert side.points["scalette"] == points
    assert side.outright is None
    assert hand_score_to_dict(score_hand(rules, (mine, FULL_PACK & ~mine), (0, 0)))[0][
        "scalette"
    ] == {"low": low, "high": high}


def test_the_whole_suit_wins_the_game() -> None:
    rules = make_rules("scalette")
    mine = cards(coins("1 2 3 4 5 6 7 8 9 10"))
    hand = score_hand(rules, (mine, FULL_PACK & ~mine), (0, 0))
    assert hand.outright == (0, "scala")
    assert hand.sides[0].outright == "scala"
    result = add_hand(rules, (0, 15), hand)
    assert (result.winner, result.reason) == (0, "scala")


def test_scalette_clashes_with_napola_and_the_corse_pack() -> None:
    with pytest.raises(RulesError):
        make_rules("scalette", napola="length")
    with pytest.raises(RulesError):
        make_rules("corse", scalette=True)
    assert not make_rules("scopa").scalette
