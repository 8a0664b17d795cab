"""Inference's play model: the sweep a play concedes, and the observations it reads."""

import math
import random

import pytest

from service.engine import apply, deal, legal_moves, make_rules, view_of
from service.engine.cards import parse_card
from service.engine.moves import MoveKind
from service.search.kernel import inference
from service.search.kernel.fast import FastRules
from service.search.kernel.inference import HOLD_CHANCE, Observation, log_likelihood
from service.search.worlds import observations_of
from tests.search.helpers import card_play_state


def mask(*codes: str) -> int:
    found = 0
    for text in codes:
        found |= 1 << parse_card(text)
    return found


@pytest.mark.parametrize(("unseen", "of_rank", "size"), [(30, 4, 10), (12, 1, 3), (9, 2, 9)])
def test_hold_chance_is_the_hypergeometric_chance_of_at_least_one(
    unseen: int, of_rank: int, size: int
) -> None:
    none = math.comb(unseen - of_rank, size) / math.comb(unseen, size)
    assert HOLD_CHANCE[unseen][of_rank][size] == pytest.approx(1 - none)
    assert HOLD_CHANCE[unseen][0][size] == 0.0
    assert HOLD_CHANCE[unseen][of_rank][0] == 0.0


def lay_two_on_five(hand_rest: str) -> tuple[FastRules, Observation, list[int]]:
    """Seat 1 laid the 2 of coins on a table holding the 5 of cups (leaving 7, which a seven
    sweeps); its hand then held one more card, ``hand_rest``."""
    fr = FastRules(make_rules("scopone_scientifico"))
    table = mask("5C")
    seen = Observation(
        seat=1,
        card=parse_card("2D"),
        capture=0,
        table=table,
        later=0,
        live=fr.pack & ~table,
        next_size=9,
        next_partner=False,
    )
    hands = [0, mask(hand_rest), 0, 0]
    return fr, seen, hands


def test_a_conceded_sweep_counts_against_worlds_with_a_safe_card() -> None:
    # With the 8 of swords the player could have left 5 + 8, which no card sweeps; with the
    # 3 of swords every play left a sweepable table. The cards' own worth is the same.
    fr, seen, safe = lay_two_on_five("8S")
    _, _, unsafe = lay_two_on_five("3S")
    assert log_likelihood(fr, safe, [seen]) < log_likelihood(fr, unsafe, [seen]) - 1.0
    saved = inference.CONCEDED_SWEEP
    inference.CONCEDED_SWEEP = 0.0
    try:
        # Without the term the two worlds are alike.
        assert log_likelihood(fr, safe, [seen]) == log_likelihood(fr, unsafe, [seen])
    finally:
        inference.CONCEDED_SWEEP = saved


@pytest.mark.parametrize("preset", ["scopone_scientifico", "scopa", "scopone_messina"])
def test_observations_give_the_live_cards_and_the_next_hand_size_of_their_moment(
    preset: str,
) -> None:
    rules = make_rules(preset)
    rng = random.Random(5)
    checked = 0
    for seed in range(3):
        state = card_play_state(deal(rules, seed))
        moments = []
        while not state.finished and len(moments) < 14:
            move = rng.choice(legal_moves(state))
            if move.kind is MoveKind.PLAY:
                live = rules.pack_cards & ~state.table
                for pile in state.piles:
                    live &= ~pile
                following = (state.to_move + 1) % rules.players
                moments.append((move.card, live, state.hands[following].bit_count()))
            state, _ = apply(state, move)
        if state.finished:
            continue
        view = view_of(state, state.to_move)
        for seen in observations_of(view):
            expected = [(live, size) for card, live, size in moments if card == seen.card]
            assert expected == [(seen.live, seen.next_size)]
            following = (seen.seat + 1) % rules.players
            assert seen.next_partner == (rules.side_of(following) == rules.side_of(seen.seat))
            checked += 1
    assert checked >= 3


def test_observations_come_seat_by_seat_in_the_order_played() -> None:
    rules = make_rules("scopone_scientifico")
    rng = random.Random(9)
    state = card_play_state(deal(rules, 9))
    order = []
    for _ in range(13):
        move = rng.choice(legal_moves(state))
        order.append((state.to_move, move.card))
        state, _ = apply(state, move)
    view = view_of(state, state.to_move)
    seen = [(o.seat, o.card) for o in observations_of(view)]
    assert seen == sorted(
        [(seat, card) for seat, card in order if seat != view.seat], key=lambda p: p[0]
    )
    assert len({seat for seat, _ in seen}) == 3


def test_the_memo_gives_the_sums_it_was_given_and_reads_them_again() -> None:
    rules = make_rules("scopone_scientifico")
    rng = random.Random(4)
    state = card_play_state(deal(rules, 4))
    for _ in range(17):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    view = view_of(state, state.to_move)
    observations = observations_of(view)
    fr = FastRules(rules)
    memo: dict[tuple[int, int], float] = {}
    unseen = [c for c in range(40) if view.unseen >> c & 1]
    for _ in range(30):
        rng.shuffle(unseen)
        hands, at = [0] * 4, 0
        for seat in range(4):
            size = view.hand_sizes[seat] if seat != view.seat else 0
            hands[seat] = sum(1 << c for c in unseen[at : at + size])
            at += size
        plain = log_likelihood(fr, hands, observations)
        assert log_likelihood(fr, hands, observations, memo) == plain
        assert log_likelihood(fr, hands, observations, memo) == plain
        assert plain < 0.0
    # One sum a seat (three seats played) for each distinct world.
    assert 3 <= len(memo) <= 3 * 30
