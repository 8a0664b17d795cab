"""A statistical cross-check of the rules against the C reference engine.

``/work/shared/bench/limit.c`` plays uniformly random hands of Scopone scientifico (seat 0
leads; each turn a uniform card from hand, then a uniform capture when there are several)
with its own, independent implementation of capture and scoring. Its means over 2,000,000
hands (``./limit 2000000 1``, standard errors at most 0.0012) are the reference below. The
engine, playing the same policy, must agree within sampling error: a wrong rule (a missed
capture, a scopa on the last card, a prime miscounted) shifts a mean by far more.
"""

import math
import random
from collections.abc import Callable

import pytest

from service.engine import (
    Event,
    EventKind,
    HandScore,
    State,
    apply,
    deal,
    make_rules,
    score_hand,
)
from service.engine.cards import iter_cards
from service.engine.moves import moves_for_card

REFERENCE = {
    "cards_pt_t0": 0.403834,
    "cards_pt_t1": 0.514547,
    "coins_pt_t0": 0.352335,
    "coins_pt_t1": 0.422955,
    "settebello_t0": 0.485654,
    "primiera_t0": 0.451621,
    "primiera_t1": 0.502533,
    "scope_t0": 0.365640,
    "scope_t1": 0.400524,
    "total_t0": 2.059083,
    "total_t1": 2.354904,
    "cards_taken_t0": 19.407733,
    "leftover_cards": 3.114179,
}
HANDS = 3000
MAX_Z = 4.5

Stat = Callable[[State, HandScore, int], float]
STATS: dict[str, Stat] = {
    "cards_pt_t0": lambda s, h, left: h.sides[0].points["cards"],
    "cards_pt_t1": lambda s, h, left: h.sides[1].points["cards"],
    "coins_pt_t0": lambda s, h, left: h.sides[0].points["coins"],
    "coins_pt_t1": lambda s, h, left: h.sides[1].points["coins"],
    "settebello_t0": lambda s, h, left: h.sides[0].points["settebello"],
    "primiera_t0": lambda s, h, left: h.sides[0].points["primiera"],
    "primiera_t1": lambda s, h, left: h.sides[1].points["primiera"],
    "scope_t0": lambda s, h, left: s.scope[0],
    "scope_t1": lambda s, h, left: s.scope[1],
    "total_t0": lambda s, h, left: h.totals[0],
    "total_t1": lambda s, h, left: h.totals[1],
    "cards_taken_t0": lambda s, h, left: h.sides[0].card_count,
    "leftover_cards": lambda s, h, left: left,
}


def play_like_limit(state: State, rng: random.Random) -> tuple[State, int]:
    """Play a hand as limit.c does; the final state and how many cards the last play left."""
    events: tuple[Event, ...] = ()
    while not state.finished:
        hand = list(iter_cards(state.hands[state.to_move]))
        options = moves_for_card(state.rules, rng.choice(hand), state.table)
        state, events = apply(state, rng.choice(options))
    taken = [e.cards for e in events if e.kind is EventKind.LAST_TAKE]
    return state, (taken[0] if taken else state.table).bit_count()


@pytest.fixture(scope="module")
def samples() -> dict[str, list[float]]:
    rules = make_rules("scopone_scientifico")
    rng = random.Random(20240611)
    found: dict[str, list[float]] = {name: [] for name in STATS}
    for seed in range(HANDS):
        state, left = play_like_limit(deal(rules, seed, dealer=3), rng)
        hand = score_hand(rules, state.piles, state.scope)
        for name, stat in STATS.items():
            found[name].append(float(stat(state, hand, left)))
    return found


@pytest.mark.parametrize("name", sorted(REFERENCE))
def test_random_play_agrees_with_the_reference_engine(
    samples: dict[str, list[float]], name: str
) -> None:
    values = samples[name]
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    error = math.sqrt(variance / len(values))
    assert error > 0
    z = (mean - REFERENCE[name]) / error
    assert abs(z) < MAX_Z, f"{name}: mean {mean:.4f} vs {REFERENCE[name]:.4f}, z = {z:.1f}"
