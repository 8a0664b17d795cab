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
