"""The referee itself against the worked examples of docs/rules.md (sections 3, 4), and more."""

import random

import pytest

from tests.referee.referee import (
    PACK,
    Card,
    Move,
    apply,
    captures,
    card,
    cards,
    deal_round,
    game,
    legal_moves,
    start,
    void_table,
)
from tests.referee.scoring import majority, prime, primiera, score


def ranks_of(sets: list[frozenset[Card]]) -> list[list[int]]:
    """Capture sets as sorted rank lists, sorted (the examples name ranks, not suits)."""
    return sorted(sorted(c.rank for c in s) for s in sets)


# R3 worked examples; the table's suits are chosen so that no two cards share a code.
@pytest.mark.parametrize(
    ("table", "played", "expected"),
    [
        ("1D 3C 4S 5B 7D", "3S", [[3]]),
        ("1D 3C 4S 5B 7D", "9C", [[1, 3, 5], [4, 5]]),
        ("1D 3C 4S 5B 7D", "6C", [[1, 5]]),
        ("1D 3C 4S 5B 7D", "5C", [[5]]),
        ("1D 3C 4S 5B 7D", "8C", [[1, 3, 4], [1, 7], [3, 5]]),
        ("3D 5C 5S 8B", "5D", [[5], [5]]),
        ("3D 5C 5S 8B", "10D", [[5, 5]]),
        ("3D 5C 5S 8B", "8D", [[8]]),
        ("6D 3C 2S 1B", "6C", [[6]]),
        ("4D 3C 2S 1B", "6C", [[1, 2, 3], [2, 4]]),
        ("7D 2C 4S", "8C", []),
        ("4D 2C 1S", "7C", [[1, 2, 4]]),
    ],
)
def test_capture_examples_of_rules_section_3(table: str, played: str, expected: list) -> None:
    assert ranks_of(captures(card(played), cards(table))) == expected


def test_single_match_lets_the_player_choose_which_five() -> None:
    sets = captures(Card(5, "D"), cards("3D 5C 5S 8B"))
    assert len(sets) == 2 and set(sets) == {cards("5C"), cards("5S")}


def test_sweep_scores_a_scopa_and_last_card_of_hand_does_not() -> None:
    g = game("scopa", 2)
    table = cards("4D 2C 1S 9B")
    h0 = cards("7C 10C 10S")
    h1 = cards("9C 8S 8B")
    rest = sorted(PACK - table - h0 - h1)
    p = start(g, 1, (h0, h1), table, tuple(rest))
    assert p.to_move == 0  # the player after the dealer
    # 7C takes 4+2+1 only (9B is no part of a 7); the table keeps 9B, so no scopa yet.
    assert [m for m in legal_moves(p) if m.card == Card(7, "C")] == [
        Move(Card(7, "C"), cards("4D 2C 1S"))
    ]
    p = apply(p, Move(Card(7, "C"), cards("4D 2C 1S")))
    assert p.scope == (0, 0) and p.table == cards("9B") and p.to_move == 1
    p = apply(p, Move(Card(9, "C"), cards("9B")))
    assert p.scope == (0, 1) and p.table == frozenset() and p.last_capturer == 1
    assert p.piles[1] == cards("9C 9B")


def test_last_card_never_scores_a_scopa_and_table_goes_to_last_capturer() -> None:
    g = game("scopone_scientifico", 4)
    pack = sorted(PACK)
    hands = tuple(frozenset(pack[i * 10 : (i + 1) * 10]) for i in range(4))
    p = start(g, 3, hands, frozenset(), ())
    rng = random.Random(7)
    while not p.finished:
        before = p
        p = apply(p, rng.choice(legal_moves(p)))
        if p.finished:
            # The last card: no scope change, and the table went to the last capturer.
            assert p.scope == before.scope
            assert p.table == frozenset() or p.last_capturer is None
    assert sum(len(x) for x in p.piles) + len(p.table) == 40


def test_deal_round_deals_one_card_at_a_time_from_the_given_seat() -> None:
    stock = tuple(sorted(PACK))[:8]
    hands, rest = deal_round((*stock, Card(10, "B")), 2, 4, 1)
    assert rest == (Card(10, "B"),)
    assert hands[1] == frozenset(stock[0::2]) and hands[0] == frozenset(stock[1::2])


def test_kings_void_the_initial_table() -> None:
    assert void_table(cards("10D 10C 10S 1B"))
    assert not void_table(cards("10D 10C 9S 1B"))
    g = game("scopa", 2)
    table = cards("10D 10C 10S 1B")
    rest = sorted(PACK - table)
    with pytest.raises(ValueError, match="kings"):
        start(g, 0, (frozenset(rest[:3]), frozenset(rest[3:6])), table, tuple(rest[6:]))


def test_six_players_must_say_teams_or_not() -> None:
    with pytest.raises(ValueError, match="teams"):
        game("scopa", 6)
    assert game("scopa", 6, teams=True).sides == 2
    assert game("scopa", 6, teams=False).sides == 6
    assert game("scopa", 6, teams=True).side_of(4) == 0


# R4 primiera examples.
def test_prime_of_two_sevens_a_six_and_an_ace_is_76() -> None:
    assert prime(cards("7C 7D 6B 1S")) == (True, 76)


def test_three_jacks_and_a_seven_beat_three_sevens_missing_a_suit() -> None:
    jacks = cards("8D 8C 8S 7B")
    sevens = cards("7D 7C 7S")
    assert prime(jacks) == (True, 51) and prime(sevens) == (False, 63)
    assert primiera([jacks, sevens]) == [1, 0]
    assert primiera([sevens, jacks]) == [0, 1]


def test_one_seven_and_three_aces_beat_three_sevens_missing_a_suit() -> None:
    aces = cards("7B 1D 1C 1S")
    sevens = cards("7D 7C 7S")
    assert prime(aces) == (True, 69)
    assert primiera([sevens, aces]) == [0, 1]


def test_equal_primes_give_nobody_the_point_and_incomplete_primes_compare() -> None:
    assert primiera([cards("7D 7C 7S 7B"), cards("7D 7C 7S 7B")]) == [0, 0]
    assert primiera([cards("7D 7C"), cards("6S 6B 1D")]) == [0, 1]  # 42 vs 52, both incomplete
    assert primiera([cards("7D 7C 7S"), cards("1D"), frozenset()]) == [1, 0, 0]


def test_majorities_for_two_sides_and_for_three() -> None:
    assert majority([21, 19], 40) == [1, 0]
    assert majority([20, 20], 40) == [0, 0]
    assert majority([20, 18], 40) == [0, 0]  # two sides: more than half, not just more
    assert majority([6, 4], 10) == [1, 0]
    assert majority([5, 5], 10) == [0, 0]
    assert majority([14, 14, 12], 40) == [0, 0, 0]
    assert majority([15, 13, 12], 40) == [1, 0, 0]
    assert majority([4, 3, 3], 10) == [1, 0, 0]


def test_score_adds_up_the_categories() -> None:
    a = frozenset(c for c in PACK if c.suit in "DC")  # 20 cards, every coin, the settebello
    b = frozenset(PACK - a)
    scores = score([a, b], [2, 0])
    assert scores[0].scope == 2 and scores[0].coins == 1 and scores[0].settebello == 1
    assert scores[0].cards == 0 and scores[1].cards == 0  # 20 each
    assert scores[0].primiera == 0 and scores[1].primiera == 0  # 42 vs 42, both incomplete
    assert scores[0].total == 4 and scores[1].total == 0
