"""Scoring a hand: the categories of docs/rules.md section 4 and their tie rules."""

from typing import Any

import pytest

from service.engine import InvalidStateError, make_rules, score_hand
from service.engine.cards import FULL_PACK, SUIT_MASKS, codes, iter_cards
from service.engine.presets import PRESETS
from service.engine.scoring import categories, check_piles, prime_of
from tests.engine.helpers import cards


def split(first: str) -> tuple[int, int]:
    """Two piles covering the pack: the cards named, and every other card."""
    mine = cards(first)
    return mine, FULL_PACK & ~mine


def points(
    options: dict[str, Any], piles: tuple[int, ...], scope: tuple[int, ...] = (0, 0)
) -> list[dict[str, int]]:
    """The points of each side under the scopa preset with some options."""
    rules = make_rules("scopa", **options)
    return [dict(s.points) for s in score_hand(rules, piles, scope).sides]


# A pile of one card per rank, in coins: its prime is that rank's value in the table.
PRIME_TABLE_ROWS = {
    "standard": (16, 12, 13, 14, 15, 18, 21, 10, 10, 10),
    "southern": (16, 12, 13, 14, 15, 18, 21, 8, 9, 10),
    "zero_faces": (16, 12, 13, 14, 15, 18, 21, 0, 0, 0),
    "half_values": (5.5, 2, 3, 4, 5, 6, 7, 0.5, 0.5, 0.5),
}


@pytest.mark.parametrize("table", sorted(PRIME_TABLE_ROWS))
def test_prime_tables_value_each_rank(table: str) -> None:
    rules = make_rules("scopa", prime_table=table)
    for rank, value in enumerate(PRIME_TABLE_ROWS[table], start=1):
        prime = prime_of(rules, cards(f"{rank}D"))
        assert prime.value == value
        assert not prime.complete


def test_prime_takes_the_best_card_of_each_suit() -> None:
    prime = prime_of(make_rules("scopa"), cards("7C 7D 6B 1S 5C 2D 10S"))
    assert prime.value == 76
    assert prime.complete
    assert sorted(codes(prime.cards)) == sorted(["7C", "7D", "6B", "1S"])


@pytest.mark.parametrize(
    ("winner", "loser"),
    [
        ("8D 8C 8S 7B", "7D 7C 7S"),  # 51 with every suit beats 63 missing one
        ("7D 1C 1S 1B", "7C 7S 7B"),  # 69 beats 63 missing a suit
        ("7D 7C 7S 7B", "6D 6C 6S 6B"),
    ],
)
def test_primiera_examples(winner: str, loser: str) -> None:
    assert [p["primiera"] for p in points({}, (cards(winner), cards(loser)))] == [1, 0]
    assert [p["primiera"] for p in points({}, (cards(loser), cards(winner)))] == [0, 1]


def test_equal_primes_give_nobody_the_point() -> None:
    assert [p["primiera"] for p in points({}, (cards("7D 7C 1S 1B"), cards("7S 7B 1D 1C")))] == [
        0,
        0,
    ]


@pytest.mark.parametrize(
    ("incomplete", "expected"),
    [("compare", [1, 0]), ("none", [0, 0])],
)
def test_when_every_side_misses_a_suit(incomplete: str, expected: list[int]) -> None:
    found = points({"primiera_incomplete": incomplete}, (cards("7D 7C 7S"), cards("6D 6C 6S")))
    assert [p["primiera"] for p in found] == expected


@pytest.mark.parametrize(
    ("table", "first", "second", "expected"),
    [
        ("barmila", "7D 7C 1S", "7S 6B 6D", [1, 0]),
        ("barmila", "7D 7C 6S", "7S 7B 6B 6D", [0, 1]),
        ("barmila", "7D 7C 6S 1D", "7S 7B 6B 1C 1S", [0, 0]),
        ("barmila", "7D 7C 7S", "6D 6C 6S 6B 1D 2D 3D 4D", [1, 0]),
        ("most_sevens", "7D 7C 6S 1D", "7S 7B 6B 1C 1S", [0, 1]),
        ("most_sevens", "7D 6C 8S 9S", "7S 6B 10B", [1, 0]),
        ("most_sevens", "7D 6C 8S", "7S 6B 10B", [0, 0]),
    ],
)
def test_ranked_count_primes(table: str, first: str, second: str, expected: list[int]) -> None:
    found = points({"prime_table": table}, (cards(first), cards(second)))
    assert [p["primiera"] for p in found] == expected


@pytest.mark.parametrize(("size", "expected"), [(21, [1, 0]), (20, [0, 0]), (19, [0, 1])])
def test_most_cards_needs_more_than_half(size: int, expected: list[int]) -> None:
    others = [c for c in range(40) if c >= 10][: size - 5]
    first = cards("1D 2D 3D 4D 5D") | sum(1 << c for c in others)
    assert first.bit_count() == size
    found = points({}, (first, FULL_PACK & ~first))
    assert [p["cards"] for p in found] == expected
    assert [p["coins"] for p in found] == [0, 0]


def test_coins_need_six_of_ten() -> None:
    found = points({}, split("1D 2D 3D 4D 5D 6D"))
    assert [p["coins"] for p in found] == [1, 0]
    found = points({}, split("1D 2D 3D 4D 5D"))
    assert [p["coins"] for p in found] == [0, 0]


def test_settebello_and_the_bonus_suit() -> None:
    assert [p["settebello"] for p in points({}, split("7D"))] == [1, 0]
    hearts = points({"bonus_suit": "C"}, split("7D 1C 2C 3C 4C 5C 6C"))
    assert [p["settebello"] for p in hearts] == [0, 1]
    assert [p["coins"] for p in hearts] == [1, 0]


def test_three_sides_need_a_unique_highest_count() -> None:
    rules = make_rules("scopa", players=3)
    piles = (cards("1D 2D 3D 4D"), cards("5D 6D 7D 8D"), cards("9D 10D"))
    found = [dict(s.points) for s in score_hand(rules, piles, (0, 0, 0)).sides]
    assert [p["coins"] for p in found] == [0, 0, 0]
    assert [p["cards"] for p in found] == [0, 0, 0]
    piles = (cards("1D 2D 3D"), cards("5D 6D 7D 8D"), cards("9D 10D"))
    found = [dict(s.points) for s in score_hand(rules, piles, (0, 0, 0)).sides]
    assert [p["coins"] for p in found] == [0, 1, 0]
    assert [p["cards"] for p in found] == [0, 1, 0]


def test_corse_majorities_count_36_cards() -> None:
    rules = make_rules("scopa", pack="corse36", deal_sizes=[3, 3, 3, 3, 4])
    coins = list(iter_cards(rules.pack_cards & SUIT_MASKS[0]))
    others = list(iter_cards(rules.pack_cards & ~SUIT_MASKS[0]))
    first = sum(1 << c for c in coins[:5] + others[:14])  # 19 cards, 5 of the 9 coins
    hand = score_hand(rules, (first, rules.pack_cards & ~first), (0, 0))
    assert [s.points["cards"] for s in hand.sides] == [1, 0]
    assert [s.points["coins"] for s in hand.sides] == [1, 0]
    first = sum(1 << c for c in coins[:4] + others[:14])  # 18 cards: a tie
    hand = score_hand(rules, (first, rules.pack_cards & ~first), (0, 0))
    assert [s.points["cards"] for s in hand.sides] == [0, 0]
    assert [s.points["coins"] for s in hand.sides] == [0, 1]


@pytest.mark.parametrize(
    ("options", "pile", "napola"),
    [
        ({"napola": "length"}, "1D 2D 3D", 3),
        ({"napola": "length"}, "1D 2D 3D 4D 5D 7D", 5),
        ({"napola": "length"}, "1D 2D 4D 5D", 0),
        ({"napola": "over_two"}, "1D 2D 3D", 1),
        ({"napola": "over_two"}, "1D 2D 3D 4D 5D", 3),
        ({"napola": "length", "napola_cap": 6}, "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D", 6),
        ({"napola": "length", "napola_cap": 9}, "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D", 9),
        ({"napola": "length"}, "1D 2D 3D 4D 5D 6D 7D 8D 9D 10D", 9),
        ({"napola": "length", "bonus_suit": "C"}, "1C 2C 3C 4C", 4),
        ({"napola": "length", "bonus_suit": "C"}, "1D 2D 3D 4D", 0),
    ],
)
def test_napola(options: dict[str, Any], pile: str, napola: int) -> None:
    assert points(options, split(pile))[0]["napola"] == napola


def test_napola_run_is_evidence_even_when_it_does_not_score() -> None:
    rules = make_rules("scopa")
    hand = score_hand(rules, split("1D 2D 3D 4D"), (0, 0))
    assert hand.sides[0].napola_run == 4
    assert "napola" not in hand.sides[0].points


def test_extra_points() -> None:
    found = points({"re_bello": True, "sette_di_coppe": True, "piva": True}, split("10D 7C 2B"))
    assert [(p["re_bello"], p["sette_di_coppe"], p["piva"]) for p in found] == [
        (1, 1, -5),
        (0, 0, 0),
    ]
    assert "re_bello" not in points({}, split("10D"))[0]


@pytest.mark.parametrize(
    ("options", "outright"),
    [({"cappotto": True}, "cappotto"), ({"napoleone": True}, "napoleone"), ({}, None)],
)
def test_the_whole_bonus_suit_may_win_outright(options: dict[str, Any], outright: str) -> None:
    rules = make_rules("scopa", **options)
    hand = score_hand(rules, split("1D 2D 3D 4D 5D 6D 7D 8D 9D 10D"), (0, 0))
    assert [s.outright for s in hand.sides] == [outright, None]
    assert hand.outright == ((0, outright) if outright else None)


def test_totals_add_every_category() -> None:
    rules = make_rules("scopa", re_bello=True)
    hand = score_hand(rules, split("7D 10D 1D 2D 3D 4D 5D 7C 7S 7B 1C"), (2, 1))
    first = hand.sides[0]
    assert dict(first.points) == {
        "scope": 2,
        "cards": 0,
        "coins": 1,
        "settebello": 1,
        "primiera": 1,
        "re_bello": 1,
    }
    assert hand.totals == (6, 1 + 1)
    assert first.card_count == 11
    assert first.coin_count == 7
    assert first.settebello
    assert first.scope == 2


def test_check_piles_accepts_a_complete_hand() -> None:
    rules = make_rules("scopa")
    first, second = split("7D 1C")
    listed = [list(iter_cards(first)), list(iter_cards(second))]
    assert check_piles(rules, listed, (1, 0)) == ((first, second), 0)


def test_check_piles_lists_every_problem() -> None:
    rules = make_rules("scopa")
    with pytest.raises(InvalidStateError) as error:
        check_piles(rules, [[0, 1, 1], [1, 2]], (3, -1, 0))
    fields = [p.field for p in error.value.problems]
    assert "scope" in fields
    assert "scope[0]" in fields
    assert "scope[1]" in fields
    reasons = " ".join(p.reason for p in error.value.problems)
    assert "two places" in reasons
    assert "missing" in reasons


def test_check_piles_rejects_cards_outside_the_pack() -> None:
    rules = make_rules("scopa", pack="corse36", deal_sizes=[3, 3, 3, 3, 4])
    with pytest.raises(InvalidStateError, match="2D is not in the corse36 pack"):
        check_piles(rules, [[1], []], (0, 0), finished=False)


def test_check_piles_allows_an_unfinished_hand_and_a_leftover() -> None:
    rules = make_rules("scopa")
    piles, leftover = check_piles(rules, [[0, 1], [2, 3]], (1, 0), leftover=[5], finished=False)
    assert piles == (0b11, 0b1100)
    assert leftover == 1 << 5


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_categories_list_a_sides_points_in_order(preset: str) -> None:
    rules = make_rules(preset)
    score = score_hand(rules, [rules.pack_cards] + [0] * (rules.sides - 1), [0] * rules.sides)
    for side in score.sides:
        assert tuple(side.points) == categories(rules)
