"""A simple model of the rest of a match: the probability of winning it from given totals.

Model: future hands are independent draws from the empirical distribution of hand totals of
heuristic self-play under the same rules (``SAMPLE_HANDS`` hands from fixed seeds, so the
model is deterministic). The match ends by the engine's rules: an outright win, 7-0 when that
option is on, or a single side at or over the target with more points than every other side.
Two sides whose hands never score negative points are solved exactly by recursion over the
totals (each hand adds points, so the totals only grow, except for a hand where nobody scores,
whose self-loop is solved in closed form); very long two-side matches by a normal approximation
of the lead over the hands left. Three sides, or hands that can score negative points, are
solved by value iteration over every totals vector of a bounded box (``iterated_values``: from
``NEGATIVE_HANDS`` hands of the worst loss below zero to one hand of the best gain past the
target; a total under the box counts as its floor, a tie at the top past it is shared), when
the box is small enough; larger cases by seeded Monte Carlo.

``prepare(rules, target)`` builds what a rule set and target need (the self-play sample, the
memo or the table) before a search starts, so that no search spends its budget on it; a worker
prepares every preset's default rules and target when it starts (``search.warmup``).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import operator
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

from service.engine.presets import make_rules
from service.engine.rules import Rules
from service.engine.state import apply, deal, legal_moves
from service.search.kernel.fast import FastRules, hand_totals, outright_side
from service.search.kernel.policy import playout
from service.search.worlds import pos_of_state

SAMPLE_HANDS = 200
SAMPLE_SEED = 20240601
# Every preset's sample, made by scripts/match_samples.py; a test checks it is what
# ``sample_counts`` makes now.
SAMPLES_PATH = Path(__file__).resolve().parent / "data" / "match_samples.json"
MAX_FUTURE_HANDS = 30
MONTE_CARLO_MATCHES = 400
SEVEN_NIL = 7
# States times outcomes above which a two-side match is approximated instead of solved.
EXACT_WORK_LIMIT = 2_000_000
# States times outcomes of one sweep above which value iteration is not tried (Monte Carlo).
TABLE_WORK_LIMIT = 2_500_000
# How far below zero the value-iteration box reaches, in hands of the worst loss.
NEGATIVE_HANDS = 3
MAX_SWEEPS = 500
SWEEP_TOLERANCE = 1e-7

Outcomes = tuple[tuple[tuple[int, ...], float], ...]


def sample_counts(rules: Rules) -> Counter[tuple[int, ...]]:
    """Each side's hand totals over ``SAMPLE_HANDS`` seeded self-play hands, every rotation of
    the sides counted once."""
    fr = FastRules(rules)
    rng = random.Random(SAMPLE_SEED)
    seen: Counter[tuple[int, ...]] = Counter()
    for seed in range(SAMPLE_HANDS):
        state = deal(rules, seed, seed % rules.players)
        if state.cut_card is not None:  # Chkobba: the cutter keeps, as the bots do
            state, _ = apply(state, legal_moves(state)[0])
        pos = pos_of_state(state)
        playout(fr, pos, rng)
        totals = hand_totals(fr, pos.piles, pos.scope)
        # The dealer rotates with the seed, so no side always leads.
        # The deal rotates in a match, so every side is as likely to get any hand: each sample
        # counts once per rotation of the sides, which also cancels the sample's own bias.
        for shift in range(len(totals)):
            seen[tuple(totals[shift:] + totals[:shift])] += 1
    return seen


def counts_to_json(counts: Counter[tuple[int, ...]]) -> list[list[int]]:
    """A sample's counts as rows of the sides' totals followed by the count, sorted."""
    return [[*totals, n] for totals, n in sorted(counts.items())]


@cache
def shipped_samples() -> dict[str, Counter[tuple[int, ...]]]:
    """The presets' samples shipped in the package (``make match-samples``), by preset."""
    if not SAMPLES_PATH.exists():
        return {}
    loaded = json.loads(SAMPLES_PATH.read_text(encoding="utf-8"))
    if loaded.get("sample_hands") != SAMPLE_HANDS or loaded.get("seed") != SAMPLE_SEED:
        return {}
    return {
        preset: Counter({tuple(row[:-1]): row[-1] for row in rows})
        for preset, rows in loaded["presets"].items()
    }


def shipped_counts(rules: Rules) -> Counter[tuple[int, ...]] | None:
    """The shipped sample of these rules when they are their preset's own (a hand's play does
    not depend on the match target), else None."""
    counts = shipped_samples().get(rules.preset)
    if counts is None or dataclasses.replace(rules, target=0) != dataclasses.replace(
        make_rules(rules.preset), target=0
    ):
        return None
    return counts


@lru_cache(maxsize=32)
def hand_outcomes(rules: Rules) -> Outcomes:
    """The distribution of one hand's totals per side under heuristic self-play: the shipped
    sample of a preset's own rules, else sampled now."""
    seen = shipped_counts(rules)
    if seen is None:
        seen = sample_counts(rules)
    hands = sum(seen.values())
    return tuple((t, n / hands) for t, n in sorted(seen.items()))


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
    outcomes = hand_outcomes(rules)
    if rules.sides == 2 and all(min(o) >= 0 for o, _ in outcomes):
        remaining = target - min(totals)
        if remaining * remaining * len(outcomes) > EXACT_WORK_LIMIT:
            return _long_match(rules, totals, target, side)
        return _two_sides(rules, totals, target, side)
    table = iterated_values(rules, target)
    if table is not None:
        return _from_table(rules, table, totals, target)[side]
    return _monte_carlo(rules, totals, target, side)


def prepare(rules: Rules, target: int) -> None:
    """Build what ``win_probability`` needs for these rules and target: the hands sampled,
    then the two-side memo from 0-0 or the value-iteration table."""
    outcomes = hand_outcomes(rules)
    zero = (0,) * rules.sides
    if rules.sides == 2 and all(min(o) >= 0 for o, _ in outcomes):
        for side in range(rules.sides):
            win_probability(rules, zero, target, side)
    else:
        iterated_values(rules, target)


class ValueTable:
    """Every side's win probability at every totals vector of a box (``iterated_values``)."""

    __slots__ = ("high", "low", "values")

    def __init__(self, low: int, high: int) -> None:
        self.low = low
        self.high = high
        self.values: dict[tuple[int, ...], tuple[float, ...]] = {}


def _shared_win(rules: Rules, totals: tuple[int, ...], target: int) -> tuple[float, ...]:
    """Each side's win probability where the match is decided, or shared by the tied leaders
    (a tie at the top past the box: a later hand would decide it)."""
    winner = match_winner(rules, totals, target)
    if winner >= 0:
        return tuple(float(i == winner) for i in range(len(totals)))
    best = max(totals)
    leaders = [i for i, t in enumerate(totals) if t == best]
    return tuple(1.0 / len(leaders) if i in leaders else 0.0 for i in range(len(totals)))


def _from_table(
    rules: Rules, table: ValueTable, totals: tuple[int, ...], target: int
) -> tuple[float, ...]:
    """The table's win probabilities at these totals (a total under the box at its floor)."""
    at = tuple(max(t, table.low) for t in totals)
    if max(at) >= table.high:
        return _shared_win(rules, at, target)
    return table.values[at]


@lru_cache(maxsize=16)
def iterated_values(rules: Rules, target: int) -> ValueTable | None:
    """Win probabilities by value iteration over a box of totals (module docstring); None
    when the box is too large for it. States are swept from the highest sum down (Gauss-Seidel),
    so hands that only add points are solved in one sweep."""
    outcomes = hand_outcomes(rules)
    sides = rules.sides
    top = max(max(o) for o, _ in outcomes)
    worst = min(min(o) for o, _ in outcomes)
    low = min(0, worst * NEGATIVE_HANDS)
    high = target + max(top, 1)
    if (high - low) ** sides * len(outcomes) > TABLE_WORK_LIMIT:
        return None
    table = ValueTable(low, high)
    states = sorted(itertools.product(range(low, high), repeat=sides), key=sum, reverse=True)
    index = {totals: i for i, totals in enumerate(states)}
    # The sample counts every rotation of the sides alike (``sample_counts``), and the match's
    # end treats the sides alike, so side s's chance at totals t is side 0's at t rotated to
    # start at s: only side 0's chances are iterated. row[i]: side 0's chance at states[i].
    row = [_shared_win(rules, totals, target)[0] for totals in states]
    stay = sum(p for o, p in outcomes if not any(o))
    steps = [(o, p / (1.0 - stay)) for o, p in outcomes if any(o)] if stay < 1.0 else []
    # Each open state's moves: to a state of the box (its index), or out of it (a fixed value).
    moves: list[tuple[int, list[tuple[int, float]], float]] = []
    for i, totals in enumerate(states):
        if match_winner(rules, totals, target) >= 0:
            continue
        inside: list[tuple[int, float]] = []
        out = 0.0
        for outcome, p in steps:
            after = tuple(map(operator.add, totals, outcome))
            if worst < 0:
                after = tuple(max(t, low) for t in after)
            if max(after) >= high:
                out += p * _shared_win(rules, after, target)[0]
            else:
                inside.append((index[after], p))
        moves.append((i, inside, out))
    for _ in range(1 if worst >= 0 else MAX_SWEEPS):
        change = 0.0
        for i, inside, fixed in moves:
            new = fixed
            for j, p in inside:
                new += p * row[j]
            change = max(change, abs(new - row[i]))
            row[i] = new
        if change < SWEEP_TOLERANCE:
            break
    table.values.update(
        (totals, tuple(row[index[totals[side:] + totals[:side]]] for side in range(sides)))
        for totals in states
    )
    return table


def _two_sides(rules: Rules, totals: tuple[int, ...], target: int, side: int) -> float:
    values = _two_side_values(rules, target, side)
    pending = [totals]
    # Depth-first with an explicit stack: long matches (targets up to 1001) nest too deep
    # for recursion. A state is evaluated once all the states it can reach are known.
    while pending:
        current = pending[-1]
        if current in values:
            pending.pop()
            continue
        winner = match_winner(rules, current, target)
        if winner >= 0 or min(current) >= target:
            values[current] = (
                float(winner == side) if winner >= 0 else _tied_over_target(rules, side)
            )
            pending.pop()
            continue
        missing = [
            after
            for outcome, _ in hand_outcomes(rules)
            if outcome != (0, 0)
            and (after := (current[0] + outcome[0], current[1] + outcome[1])) not in values
        ]
        if missing:
            pending.extend(missing)
            continue
        stay = 0.0
        total = 0.0
        for outcome, p in hand_outcomes(rules):
            if outcome == (0, 0):
                stay += p
            else:
                total += p * values[(current[0] + outcome[0], current[1] + outcome[1])]
        # A hand where nobody scores leaves the totals as they were: V = total + stay * V.
        values[current] = total / (1.0 - stay) if stay < 1.0 else 0.5
        pending.pop()
    return values[totals]


def _long_match(rules: Rules, totals: tuple[int, ...], target: int, side: int) -> float:
    """Normal approximation for long matches: the lead as a random walk over the hands left."""
    outcomes = hand_outcomes(rules)
    per_hand = sum(p * max(o) for o, p in outcomes)
    spread = sum(p * (o[0] - o[1]) ** 2 for o, p in outcomes)
    hands_left = max(1.0, (target - max(totals)) / max(per_hand, 0.5))
    lead = totals[side] - totals[1 - side]
    return 0.5 * (1.0 + math.erf(lead / math.sqrt(2.0 * spread * hands_left)))


def _tied_over_target(rules: Rules, side: int) -> float:
    """Win probability from equal totals at or over the target: the first unequal hand decides."""
    outcomes = hand_outcomes(rules)
    wins = sum(p for o, p in outcomes if o[side] > o[1 - side])
    ties = sum(p for o, p in outcomes if o[0] == o[1])
    return wins / (1.0 - ties) if ties < 1.0 else 0.5


@lru_cache(maxsize=64)
def _two_side_values(rules: Rules, target: int, side: int) -> dict[tuple[int, ...], float]:
    """The memo of exact two-side win probabilities for one rule set, target and side."""
    return {}


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
