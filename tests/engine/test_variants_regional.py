"""Regional presets: Scopa Corse, Hurrikan (double game) and Chkobba (cutter's choice)."""

import json
import random

import pytest

from service.engine import (
    IllegalMoveError,
    Move,
    MoveKind,
    RulesError,
    add_hand,
    apply,
    check_state,
    check_view,
    deal,
    legal_moves,
    make_rules,
    score_hand,
    view_of,
)
from service.engine.cards import FULL_PACK, RANK_MASKS, SUIT_MASKS, Suit, card, count
from service.engine.codec import (
    match_to_dict,
    state_from_dict,
    state_to_dict,
    view_from_dict,
    view_to_dict,
)
from service.engine.errors import InvalidStateError
from service.engine.rules import PACKS
from tests.engine.helpers import cards, hand_state, move, random_playout


@pytest.mark.parametrize(
    ("preset", "players", "table", "deals", "target"),
    [
        ("corse", 2, 4, (3, 3, 3, 3, 4), 21),
        ("corse", 4, 4, (3, 3, 2), 21),
        ("hurrikan", 2, 4, (6, 6, 6), 16),
        ("chkobba", 2, 4, (3,) * 6, 21),
        ("chkobba", 4, 4, (3, 3, 3), 21),
    ],
)
def test_deal_schedules_and_targets(
    preset: str, players: int, table: int, deals: tuple[int, ...], target: int
) -> None:
    rules = make_rules(preset, players=players)
    assert (rules.initial_table, rules.deal_sizes, rules.target) == (table, deals, target)
    assert rules.initial_table + players * sum(deals) == rules.pack_size


def test_corse_pack_has_no_twos() -> None:
    rules = make_rules("corse")
    assert rules.pack_size == 36
    assert not rules.pack_cards & RANK_MASKS[2]
    assert PACKS["corse36"] == rules.pack_cards
    with pytest.raises(RulesError):
        make_rules("corse", players=3)


def test_corse_capture_is_never_compulsory() -> None:
    rules = make_rules("corse")
    state = hand_state(rules, ["5D 7D", "6D 4D"], "5C 3S", stock="")
    moves = {m.code() for m in legal_moves(state)}
    assert moves == {"5D", "5D:5C", "7D"}
    after, _ = apply(state, move("5D"))
    assert after.table == cards("5C 3S 5D")


@pytest.mark.parametrize(
    ("first_cards", "first_coins", "points"),
    [(19, 5, (1, 1)), (18, 4, (0, 0)), (17, 5, (0, 1))],
)
def test_corse_majorities_are_of_36_cards_and_9_coins(
    first_cards: int, first_coins: int, points: tuple[int, int]
) -> None:
    rules = make_rules("corse")
    coins = [c for c in range(40) if rules.pack_cards >> c & 1 and c < 10]
    others = [c for c in range(40) if rules.pack_cards >> c & 1 and c >= 10]
    chosen = coins[:first_coins] + others[: first_cards - first_coins]
    mine = sum(1 << c for c in chosen)
    score = score_hand(rules, (mine, rules.pack_cards & ~mine), (0, 0))
    assert (score.sides[0].points["cards"], score.sides[0].points["coins"]) == points


def test_hurrikan_uses_cups_and_the_southern_prime() -> None:
    rules = make_rules("hurrikan")
    mine = cards("7C 1C 2C 3C 4C 5C 8D 9S 10B")
    score = score_hand(rules, (mine, FULL_PACK & ~mine), (0, 0))
    first = score.sides[0]
    assert first.settebello
    assert first.points["settebello"] == 1
    assert first.coin_count == 6
    assert first.points["coins"] == 1
    # the best cards: 7 of cups (21), jack of coins 8, horse of swords 9, king of clubs 10
    assert first.prime.value == 21 + 8 + 9 + 10
    assert count(mine & SUIT_MASKS[Suit.C]) == 6


@pytest.mark.parametrize(
    ("before", "scope", "winner", "double"),
    [
        ((15, 7), (1, 0), 0, True),  # 16 to 7: the loser is under 8
        ((15, 8), (1, 0), 0, False),  # 16 to 8
        ((12, 2), (1, 0), None, False),
        ((6, 15), (0, 2), 1, True),
    ],
)
def test_hurrikan_double_game(
    before: tuple[int, int], scope: tuple[int, int], winner: int | None, double: bool
) -> None:
    rules = make_rules("hurrikan")
    hand = score_hand(rules, (0, 0), scope)
    result = add_hand(rules, before, hand)
    assert result.winner == winner
    assert result.double is double
    assert match_to_dict(result).get("double", False) is double
    plain = make_rules("scopa", target=16)
    assert not add_hand(plain, before, score_hand(plain, (0, 0), scope)).double


@pytest.mark.parametrize(
    ("first", "points"),
    [
        ("7D 7C 7S", (1, 0)),
        ("7D 7C 6D 6C 6S", (1, 0)),  # two sevens each: three sixes win
        ("7D 7C 6D 6C", (0, 0)),  # two sevens and two sixes each: nobody
        ("7D 6D 6C 6S 6B", (0, 1)),
    ],
)
def test_chkobba_barmila(first: str, points: tuple[int, int]) -> None:
    rules = make_rules("chkobba")
    mine = cards(first)
    score = score_hand(rules, (mine, FULL_PACK & ~mine), (0, 0))
    assert tuple(s.points["primiera"] for s in score.sides) == points


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("keep", [True, False])
def test_chkobba_cutter_keeps_or_tables_the_drawn_card(players: int, keep: bool) -> None:
    rules = make_rules("chkobba", players=players)
    start = deal(rules, 11, dealer=1)
    cutter = 2 % players
    assert start.cut_card is not None
    assert start.to_move == cutter
    assert not any(start.hands) and not start.table
    assert not start.finished
    check_state(start)
    for seat in range(players):
        view = view_of(start, seat)
        check_view(view)
        assert view.cut_card == (start.cut_card if seat == cutter else None)
        assert view_from_dict(json.loads(json.dumps(view_to_dict(view)))) == view
    assert state_from_dict(json.loads(json.dumps(state_to_dict(start)))) == start
    kind = MoveKind.KEEP if keep else MoveKind.TABLE
    choice = Move(start.cut_card, 0, kind)
    assert legal_moves(start) == [
        Move(start.cut_card, 0, MoveKind.KEEP),
        Move(start.cut_card, 0, MoveKind.TABLE),
    ]
    assert Move.from_code(choice.code()) == choice
    with pytest.raises(IllegalMoveError):
        apply(start, Move(start.cut_card, 0))
    after, _ = apply(start, choice)
    check_state(after)
    assert after.cut_card is None
    assert all(count(h) == 3 for h in after.hands)
    assert count(after.table) == 4
    held = after.hands[cutter] if keep else after.table
    assert held >> start.cut_card & 1
    assert after.to_move == cutter
    assert after.history[0].move == choice
    assert all(count(after.table & RANK_MASKS[r]) < 3 for r in range(1, 11))
    with pytest.raises(IllegalMoveError):
        apply(after, choice)


def test_chkobba_tables_never_hold_three_of_a_rank() -> None:
    rules = make_rules("chkobba")
    rng = random.Random(3)
    for seed in range(40):
        state = deal(rules, seed)
        state, _ = apply(state, rng.choice(legal_moves(state)))
        assert all(count(state.table & RANK_MASKS[r]) < 3 for r in range(1, 11))


def test_a_pending_cut_with_cards_dealt_is_rejected() -> None:
    rules = make_rules("chkobba")
    start = deal(rules, 5)
    assert start.cut_card is not None
    bad = state_to_dict(start)
    bad["table"] = [bad["stock"].pop()]
    with pytest.raises(InvalidStateError) as error:
        check_state(state_from_dict(bad))
    assert "cut_card" in {p.field for p in error.value.problems}


@pytest.mark.parametrize(
    ("preset", "options"),
    [("corse", {}), ("corse", {"players": 4}), ("hurrikan", {}), ("chkobba", {"players": 4})],
)
def test_random_hands_place_every_card(preset: str, options: dict[str, object]) -> None:
    rules = make_rules(preset, **options)
    rng = random.Random(9)
    for seed in range(15):
        state = random_playout(deal(rules, seed, seed % rules.players), rng)
        placed = state.table
        for pile in state.piles:
            placed |= pile
        assert placed == rules.pack_cards
        assert card(7, rules.bonus) in [c for c in range(40) if placed >> c & 1]
