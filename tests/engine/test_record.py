"""Hand records: rebuilt from any state, replayed to exactly that state, every fault named."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from service.engine.cards import code, iter_cards, parse_card
from service.engine.errors import InvalidStateError
from service.engine.moves import Move, MoveKind
from service.engine.presets import PRESETS, make_rules
from service.engine.record import (
    Deal,
    HandRecord,
    RecordMoveError,
    deal_problems,
    record_of,
    replay,
)
from service.engine.record_codec import record_from_dict, record_to_dict
from service.engine.rules import Rules
from service.engine.state import Play, State, apply, deal, legal_moves

VARIANTS = [make_rules(name) for name in sorted(PRESETS)] + [
    make_rules("scopa", players=3),
    make_rules("scopa", players=6, teams=False),
    make_rules("scopa", players=6),
    make_rules("scopa", claims=True),
    make_rules("chkobba", claims=True),
    make_rules("asso_pigliatutto", ace_may_pass=True),
]


def round_trip(state: State) -> State:
    """The state replayed from its record after a trip through JSON text."""
    record = record_of(state, (("players", ("Ann", "Bruno")), ("hand", 3)))
    text = json.dumps(record_to_dict(record))
    back = record_from_dict(json.loads(text), state.rules)
    assert back == record
    return replay(back).final


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: f"{r.preset}-{r.players}")
def test_every_state_of_random_hands_round_trips(rules: Rules) -> None:
    for seed in range(4):
        rng = random.Random(seed)
        state = deal(rules, seed, dealer=seed % rules.players)
        if seed % 2:
            state = replace(state, match_scores=(seed,) * rules.sides, match_target=15)
        while True:
            assert round_trip(state) == state
            if state.finished:
                break
            # Every kind of move the rules allow: declarations, claims, the cutter's choice.
            state, _ = apply(state, rng.choice(legal_moves(state)))


def test_a_dealt_hand_records_its_own_deal() -> None:
    state = deal(make_rules("scopa"), 42)
    record = record_of(state)
    assert record.deal == Deal(state.hands, state.table, state.stock)
    assert record.moves == ()


def test_later_deals_come_back_in_dealing_order() -> None:
    rules = make_rules("scopa")
    dealt = deal(rules, 7)
    state = dealt
    while state.deals_made < 3:
        state, _ = apply(state, legal_moves(state)[0])
    record = record_of(state)
    # The first deal's hands are the dealt ones; the stock is what the deals took, in order.
    assert record.deal.hands == dealt.hands
    assert record.deal.table == dealt.table
    assert set(record.deal.stock[:6]) == set(dealt.stock[:6])
    assert set(record.deal.stock[:3]) == set(dealt.stock[:3])
    assert record.deal.stock[12:] == dealt.stock[12:]


def test_a_chkobba_record_keeps_the_cut_card_apart() -> None:
    rules = make_rules("chkobba")
    for kind in (MoveKind.KEEP, MoveKind.TABLE):
        dealt = deal(rules, 3)
        assert dealt.cut_card is not None
        cut = Move(dealt.cut_card, 0, kind)
        state, _ = apply(dealt, cut)
        record = record_of(state)
        assert record.deal.cut_card == dealt.cut_card
        # Each seat's share comes back in code order; the cards still to deal in their order.
        assert sorted(record.deal.stock) == sorted(dealt.stock)
        assert record.deal.stock[-state.rules.players * 15 :] == state.stock
        assert replay(record).final == state
    # Before the choice the record is the shuffle itself.
    assert record_of(dealt).deal == Deal((0, 0), 0, dealt.stock, dealt.cut_card)


def test_replay_lists_the_state_before_every_move() -> None:
    rules = make_rules("scopone_scientifico")
    state = deal(rules, 2)
    states = [state]
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[-1])
        states.append(state)
    done = replay(record_of(state))
    assert list(done.states) == states
    assert len(done.events) == 40


# ---- bad deals -------------------------------------------------------------------------------


def scopa_deal() -> tuple[Rules, Deal]:
    rules = make_rules("scopa")
    state = deal(rules, 42)
    return rules, Deal(state.hands, state.table, state.stock)


def fields(rules: Rules, dealer: int, bad: Deal) -> set[str]:
    return {p.field for p in deal_problems(rules, dealer, bad)}


def test_the_dealt_deal_has_no_problem() -> None:
    rules, good = scopa_deal()
    assert deal_problems(rules, 0, good) == []


def test_a_card_in_two_places_and_a_missing_card_are_both_named() -> None:
    rules, good = scopa_deal()
    stock = list(good.stock)
    moved = stock[0]
    stock[0] = next(iter_cards(good.hands[0]))
    problems = deal_problems(rules, 0, replace(good, stock=tuple(stock)))
    reasons = {p.field: p.reason for p in problems}
    assert "is also in deal.hands[0]" in reasons["deal.stock[0]"]
    assert code(moved) in reasons["deal"]


def test_wrong_sizes_are_named_per_place() -> None:
    rules, good = scopa_deal()
    low = good.hands[1] & -good.hands[1]
    short_hand = replace(good, hands=(good.hands[0], good.hands[1] & ~low), table=good.table | low)
    assert {"deal.hands[1]", "deal.table"} <= fields(rules, 0, short_hand)
    assert "deal.stock" in fields(rules, 0, replace(good, stock=good.stock[:-1]))
    assert "deal.hands" in fields(rules, 0, replace(good, hands=good.hands[:1]))
    assert "dealer" in fields(rules, 0, good) | fields(rules, 2, good)


def test_a_card_outside_the_pack() -> None:
    rules = make_rules("scopa", pack="corse36", initial_table=4, deal_sizes=(4, 4, 4, 4))
    state = deal(rules, 1)
    good = Deal(state.hands, state.table, state.stock)
    two = parse_card("2D")
    bad = replace(good, stock=(*good.stock[:-1], two))
    reasons = {p.field: p.reason for p in deal_problems(rules, 0, bad)}
    assert "not in the corse36 pack" in reasons[f"deal.stock[{len(good.stock) - 1}]"]


def test_a_table_the_redeal_rule_voids() -> None:
    rules, good = scopa_deal()
    kings = [parse_card(f"10{suit}") for suit in "DCS"]
    table = set(iter_cards(good.table))
    # Swap three kings onto the table from wherever they are.
    places = {"hands": [set(iter_cards(h)) for h in good.hands], "stock": list(good.stock)}
    for king, out in zip(kings, sorted(table - set(kings)), strict=False):
        if king in table:
            continue
        table.discard(out)
        table.add(king)
        for hand in places["hands"]:
            if king in hand:
                hand.discard(king)
                hand.add(out)
        places["stock"] = [out if c == king else c for c in places["stock"]]
    bad = Deal(
        tuple(sum(1 << c for c in h) for h in places["hands"]),
        sum(1 << c for c in table),
        tuple(places["stock"]),
    )
    problems = deal_problems(rules, 0, bad)
    assert [p.field for p in problems] == ["deal.table"]
    assert "three kings" in problems[0].reason


def test_cut_card_rules() -> None:
    rules, good = scopa_deal()
    first = good.stock[0]
    bad = replace(good, stock=good.stock[1:], cut_card=first)
    assert "deal.cut_card" in fields(rules, 0, bad)
    chkobba = make_rules("chkobba")
    assert "deal.cut_card" in fields(chkobba, 0, good)


def test_a_bad_match_is_named() -> None:
    rules, good = scopa_deal()
    record = HandRecord(rules, 0, good, match_scores=(1, 2, 3), match_target=0)
    with pytest.raises(InvalidStateError) as raised:
        replay(record)
    assert {p.field for p in raised.value.problems} == {"match.scores", "match.target"}


# ---- bad moves ----------------------------------------------------------------------------


def played_record(plays: int = 4) -> HandRecord:
    state = deal(make_rules("scopa"), 42)
    for _ in range(plays):
        state, _ = apply(state, legal_moves(state)[0])
    return record_of(state)


def test_a_move_by_the_wrong_seat_names_its_index() -> None:
    record = played_record()
    moves = list(record.moves)
    moves[2] = Play(1 - moves[2].seat, moves[2].move)
    with pytest.raises(RecordMoveError) as raised:
        replay(replace(record, moves=tuple(moves)))
    assert raised.value.index == 2
    assert "is not to move" in raised.value.reason
    assert raised.value.state == replay(replace(record, moves=record.moves[:2])).final


def test_a_card_not_held_or_an_illegal_capture_names_its_index() -> None:
    record = played_record()
    moves = list(record.moves)
    seat = moves[1].seat
    held_by_other = next(iter_cards(record.deal.hands[1 - seat]))
    moves[1] = Play(seat, Move(held_by_other))
    with pytest.raises(RecordMoveError) as raised:
        replay(replace(record, moves=tuple(moves)))
    assert (raised.value.index, raised.value.reason) == (1, f"seat {seat} does not hold that card")
    moves = list(record.moves)
    first = moves[0]
    moves[0] = Play(first.seat, Move(first.move.card, first.move.capture ^ record.deal.table))
    with pytest.raises(RecordMoveError) as raised:
        replay(replace(record, moves=tuple(moves)))
    assert raised.value.index == 0


def test_a_move_after_the_end_of_the_hand() -> None:
    state = deal(make_rules("scopa"), 42)
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[0])
    record = record_of(state)
    extra = replace(record, moves=(*record.moves, record.moves[-1]))
    with pytest.raises(RecordMoveError) as raised:
        replay(extra)
    assert raised.value.index == len(record.moves)
    assert "over" in raised.value.reason


def test_a_special_move_out_of_place() -> None:
    record = played_record()
    keep = Play(record.moves[0].seat, Move(record.moves[0].move.card, 0, MoveKind.KEEP))
    with pytest.raises(RecordMoveError) as raised:
        replay(replace(record, moves=(keep, *record.moves[1:])))
    assert raised.value.index == 0


# ---- states that cannot give a record ----------------------------------------------------


def test_a_state_without_its_history_names_the_history() -> None:
    state = deal(make_rules("scopa"), 42)
    for _ in range(3):
        state, _ = apply(state, legal_moves(state)[0])
    with pytest.raises(InvalidStateError) as raised:
        record_of(replace(state, history=()))
    assert [p.field for p in raised.value.problems] == ["history"]


def test_a_history_that_does_not_lead_to_the_state_is_refused() -> None:
    state = deal(make_rules("scopa"), 42)
    for _ in range(5):
        state, _ = apply(state, legal_moves(state)[0])
    # A seat out of range, and a seat that was not to move.
    history = list(state.history)
    history[1] = Play(7, history[1].move)
    with pytest.raises(InvalidStateError) as raised:
        record_of(replace(state, history=tuple(history)))
    assert [p.field for p in raised.value.problems] == ["history[1].seat"]
    history[1] = Play(history[0].seat, history[1].move)
    with pytest.raises(InvalidStateError) as raised:
        record_of(replace(state, history=tuple(history)))
    assert raised.value.problems[0].field.startswith("history")
    # The piles changed behind the history's back.
    swapped = replace(state, scope=(state.scope[1], state.scope[0] + 1))
    with pytest.raises(InvalidStateError) as raised:
        record_of(swapped)
    assert "scope" in {p.field for p in raised.value.problems}


def test_json_problems_are_all_named() -> None:
    rules, good = scopa_deal()
    data = record_to_dict(HandRecord(rules, 0, good))
    data["version"] = 2
    data["deal"]["table"] = ["7D", "7D", "XX"]
    data["moves"] = [{"seat": "one", "card": "7D"}, "nothing"]
    data["meta"] = {"round": {"nested": 1}}
    with pytest.raises(InvalidStateError) as raised:
        record_from_dict(data, rules)
    named = {p.field for p in raised.value.problems}
    assert {
        "version",
        "deal.table[1]",
        "deal.table[2]",
        "moves[0].seat",
        "moves[1]",
        "meta.round",
    } <= named
