"""Inference from play: the sampled worlds made to agree with the choices seen so far.

A world is drawn, then kept with probability ``exp(log_likelihood)``: for every card another
seat played in the current deal, the chance that a reasonable player holding that world's
hand would have made that play rather than its best one, under a softened model of the
player's own gain (the rollout policy's worth of the cards taken, a sweep, a rank kept in
pairs; not the reply threat, which needs the hidden hands the player could not see). A
world in which an opponent laid a card while holding the seven that took the settebello is
kept about ``exp(-BETA x 11)`` as often as one where it held no such seven. After
``MAX_TRIES`` draws the likeliest one is used. The exact part needs no test: a card laid
could not capture, and the views already agree with every play's legality.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from service.engine.cards import RANK_MASKS
from service.search.kernel.fast import ACES, RANK, FastRules, captures
from service.search.kernel.policy import CARD_WORTH, PAIR_BONUS, SWEEP_WORTH, capture_worth

# How sharply a play other than the best one counts against a world (per point of gain).
BETA = 0.5
MAX_TRIES = 8


@dataclass(frozen=True, slots=True)
class Observation:
    """A card another seat played in the current deal: the table it met, and the cards that
    seat played later in the deal (with the hidden hand now, they were its hand then)."""

    seat: int
    card: int
    capture: int
    table: int
    later: int


def own_gain(fr: FastRules, hand: int, table: int, card: int, capture: int) -> float:
    """The model's worth of a play to its player: cards taken and a sweep, or a card laid."""
    if capture:
        gain = capture_worth(card, capture)
        ace_sweep = fr.ace_takes_all and RANK[card] == 1 and not table & ACES
        if capture == table and (fr.ace_scopa or not ace_sweep):
            gain += SWEEP_WORTH
        return gain
    gain = -CARD_WORTH[card]
    if hand & ~(1 << card) & RANK_MASKS[RANK[card]]:
        gain += PAIR_BONUS
    return gain


def best_gain(fr: FastRules, hand: int, table: int) -> float:
    """The model's worth of the best legal play of a hand on a table."""
    best = -math.inf
    rest = hand
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        rest ^= low
        options = captures(fr, RANK[c], table) if table else []
        if not options or not fr.compulsory:
            best = max(best, own_gain(fr, hand, table, c, 0))
        for capture in options:
            best = max(best, own_gain(fr, hand, table, c, capture))
    return best


def log_likelihood(
    fr: FastRules, hands: Sequence[int], observations: Sequence[Observation]
) -> float:
    """How much less likely a world's hands make the plays seen than the best plays would."""
    total = 0.0
    for seen in observations:
        hand = hands[seen.seat] | seen.later | 1 << seen.card
        chosen = own_gain(fr, hand, seen.table, seen.card, seen.capture)
        total += BETA * (chosen - best_gain(fr, hand, seen.table))
    return total
