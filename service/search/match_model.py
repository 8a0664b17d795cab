"""A simple model of the rest of a match: the probability of winning it from given totals.

Model: future hands are independent draws from the empirical distribution of hand totals of
heuristic self-play under the same rules (``SAMPLE_HANDS`` hands from fixed seeds, so the
model is deterministic). The match ends by the engine's rules: an outright win, 7-0 when that
option is on, or a single side at or over the target with more points than every other side.
Two sides are solved exactly by recursion over the totals; more sides by seeded Monte Carlo.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from service.engine.rules import Rules
from service.engine.state import deal
from service.search.fast import FastRules, hand_totals, outright_side
from service.search.policy import playout
from service.search.worlds import pos_of_state

SAMPLE_HANDS = 200
MAX_FUTURE_HANDS = 30
MONTE_CARLO_MATCHES = 400
SEVEN_NIL = 7

Outcomes = tuple[tuple[tuple[int, ...], float], ...]


@lru_cache(maxsize=32)
def hand_outcomes(rules: Rules) -> Outcomes:
    """The distribution of one hand's totals per side under heuristic self-play."""
    fr = FastRules(rules)
    rng = random.Random(20240601)
    seen: Counter[tuple[int, ...]] = Counter()
    for seed in range(SAMPLE_HANDS):
        pos = pos_of_state(deal(rules, seed, seed % rules.players))
        playout(fr, pos, rng)
        totals = hand_totals(fr, pos.piles, pos.scope)
        # The dealer rotates with the seed, so no side always leads.
        seen[tuple(totals)] += 1
    return tuple((t, n / SAMPLE_HANDS) for t, n in sorted(seen.items()))


def match_winner(rules: Rules, totals: Sequence[int], target: int) -> int:
    """The side that has won the match at these totals, or -1 (outright wins excluded)."""
    if rules.cappotto_7_0:
        for i, s in enumerate(totals):
            if s >= SEVEN_NIL and all(t == 0 for j, t in enumerate(totals) if j != i):
                return i
    best = max(totals)
    if best < target:
        return -1
    leaders = [i for i, s in enumerate(totals) if s == best]
    return leaders[0] if len(leaders) == 1 else -1


@lru_cache(maxsize=1 << 16)
def win_probability(rules: Rules, totals: tuple[int, ...], target: int, side: int) -> float:
    """The probability that ``side`` wins the match from these totals before the next hand."""
    winner = match_winner(rules, totals, target)
    if winner >= 0:
        return float(winner == side)
    if rules.sides == 2:
        return _two_sides(rules, totals, target, side, 0)
    return _monte_carlo(rules, totals, target, side)


def _two_sides(rules: Rules, totals: tuple[int, ...], target: int, side: int, depth: int) -> float:
    if depth >= MAX_FUTURE_HANDS:
        return 0.5
    total = 0.0
    for outcome, p in hand_outcomes(rules):
        after = (totals[0] + outcome[0], totals[1] + outcome[1])
        winner = match_winner(rules, after, target)
        if winner >= 0:
            total += p * (winner == side)
        else:
            total += p * _cached_two(rules, after, target, side, depth + 1)
    return total


@lru_cache(maxsize=1 << 16)
def _cached_two(rules: Rules, totals: tuple[int, ...], target: int, side: int, depth: int) -> float:
    return _two_sides(rules, totals, target, side, depth)


def _monte_carlo(rules: Rules, totals: tuple[int, ...], target: int, side: int) -> float:
    outcomes = hand_outcomes(rules)
    choices = [o for o, _ in outcomes]
    weights = [p for _, p in outcomes]
    rng = random.Random(repr((totals, target, side)))
    wins = 0.0
    for _ in range(MONTE_CARLO_MATCHES):
        current = list(totals)
        winner = -1
        for _ in range(MAX_FUTURE_HANDS):
            drawn = rng.choices(choices, weights)[0]
            current = [a + b for a, b in zip(current, drawn, strict=True)]
            winner = match_winner(rules, current, target)
            if winner >= 0:
                break
        wins += 1.0 if winner == side else 0.0 if winner >= 0 else 1.0 / rules.sides
    return wins / MONTE_CARLO_MATCHES


def hand_win_probability(
    fr: FastRules,
    *,
    piles: Sequence[int],
    totals: Sequence[int],
    scores: Sequence[int],
    target: int,
    side: int,
) -> float:
    """The match win probability of ``side`` once a hand with these totals is added."""
    outright = outright_side(fr, piles)
    if outright >= 0:
        return float(outright == side)
    after = tuple(s + t for s, t in zip(scores, totals, strict=True))
    return win_probability(fr.rules, after, target, side)
