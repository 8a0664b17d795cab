"""From a search's race of worlds to estimates: means, standard errors, paired comparisons, the
rule that drops a move from the race, and the rule that stops a search early.

Both rules are for time budgets only and are checked after every chunk of worlds. The race
(``race``): from ``RACE_MIN_WORLDS`` worlds on, a running move whose deficit to the best
running move exceeds ``RACE_Z`` standard errors of their paired difference is dropped (the same
worlds value both moves, so the difference is far more precise than either value); with a
match, moves are ranked by win probability and the errors of the two moves' probabilities are
combined unpaired. The early stop: from ``STOP_MIN_WORLDS`` worlds on, the search stops once
the race has left the best move alone, every other clearly worse. The time left is returned to
the caller as ``saved_ms``.

A dropped move's estimates are read against the best move on the worlds they shared: its value
is the best move's mean over all worlds plus the mean of its own value less the best's over the
worlds they shared (likewise its win probability and each category), so the values of moves
that ran for different numbers of worlds compare as paired ones do. Its standard error and
sweep risk are its own, over the worlds it played.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from service.search.race import Race

STOP_MIN_WORLDS = 100
RACE_MIN_WORLDS = 32
RACE_Z = 2.5


@dataclass(frozen=True, slots=True)
class Estimate:
    """One move's estimates over the tallied worlds."""

    value: float
    std_error: float | None
    win: float | None
    win_std_error: float | None
    categories: tuple[float, ...]
    sweep_risk: float


def std_error(total: float, squares: float, n: int) -> float | None:
    """The standard error of a mean from its sums (None below two samples)."""
    if n < 2:
        return None
    mean = total / n
    variance = max(squares / n - mean * mean, 0.0) * n / (n - 1)
    return math.sqrt(variance / n)


def estimate(race: Race, move: int, with_match: bool, best: int | None = None) -> Estimate:
    """The estimates of one root move; a dropped move's read against ``best`` (module
    docstring), a running move's (or any, without ``best``) from its own worlds."""
    own = race.moments(move)
    n = max(own.worlds, 1)
    value, win, cats = own.value / n, own.win / n, [c / n for c in own.categories]
    if best is not None and best != move and move not in race.active:
        ref, mine, theirs = race.moments(best), race.moments(move, best), race.moments(best, move)
        shared, total = max(mine.worlds, 1), max(ref.worlds, 1)
        value = ref.value / total + (mine.value - theirs.value) / shared
        win = ref.win / total + (mine.win - theirs.win) / shared
        cats = [
            r / total + (a - b) / shared
            for r, a, b in zip(ref.categories, mine.categories, theirs.categories, strict=True)
        ]
    return Estimate(
        value=value,
        std_error=std_error(own.value, own.squares, own.worlds),
        win=win if with_match else None,
        win_std_error=(std_error(own.win, own.win_squares, own.worlds) if with_match else None),
        categories=tuple(cats),
        sweep_risk=own.sweeps / n,
    )


def best_running(race: Race, with_match: bool) -> int:
    """The running move with the best mean (win probability with a match, else value)."""
    return _leads(race, with_match)[0]


def paired_std_error(race: Race, a: int, b: int) -> float | None:
    """The standard error of the mean difference between two moves' values over the worlds
    both played; None without cross products or below two such worlds."""
    paired = race.paired(a, b)
    if paired is None:
        return None
    return _paired_error(paired.total, paired.squares, paired.worlds)


def _paired_error(total: float, squares: float, n: int) -> float | None:
    """The standard error of a mean difference from its sum and sum of squares."""
    if n < 2:
        return None
    mean = total / n
    variance = max(squares / n - mean * mean, 0.0) * n / (n - 1)
    return math.sqrt(variance / n)


def _leads(race: Race, with_match: bool) -> tuple[int, dict[int, float]]:
    """The best running move, and every other running move's deficit to it in standard errors
    (paired, or unpaired with a match; a deficit without an error yet is infinite)."""
    run = race.running()
    n = run.worlds
    sums = run.win if with_match else run.value
    squares = run.win_squares if with_match else run.squares
    top = max(range(len(sums)), key=lambda i: sums[i])
    best = run.moves[top]
    leads = {}
    for i, move in enumerate(run.moves):
        if i == top:
            continue
        se = None if with_match else paired_std_error(race, best, move)
        if se is None:
            se = math.hypot(
                std_error(sums[top], squares[top], n) or 0.0,
                std_error(sums[i], squares[i], n) or 0.0,
            )
        lead = (sums[top] - sums[i]) / max(n, 1)
        leads[move] = lead / se if se > 0 else (math.inf if lead > 0 else -math.inf)
    return best, leads


def clearly_worse(race: Race, with_match: bool) -> list[int]:
    """The running moves the race drops now (module docstring)."""
    if race.worlds < RACE_MIN_WORLDS or len(race.active) < 2:
        return []
    _, leads = _leads(race, with_match)
    return [move for move, z in leads.items() if z > RACE_Z]


def best_is_clear(race: Race) -> bool:
    """Whether the early-stop rule (module docstring) says the search may stop now: checked
    after the race's drops, so only the best move is left."""
    return race.worlds >= STOP_MIN_WORLDS and len(race.active) == 1
