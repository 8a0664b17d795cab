"""From a world loop's tally to estimates: means, standard errors, paired comparisons, and the
rule that stops a search early once the best move is clear.

The early stop (time budgets only): from ``STOP_MIN_WORLDS`` worlds on, checked after every
chunk of worlds, the search stops when the best move's lead over every other move exceeds
``STOP_Z`` standard errors of their paired difference (the same worlds value both moves, so
the difference is far more precise than either value); with a match, moves are ranked by win
probability and the errors of the two moves' probabilities are combined unpaired. A lone card
play stops at ``STOP_MIN_WORLDS``. The time left is returned to the caller as ``saved_ms``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from service.search.kernel.loop import Tally

STOP_MIN_WORLDS = 100
STOP_Z = 3.0


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


def estimate(tally: Tally, move: int, with_match: bool) -> Estimate:
    """The estimates of one root move."""
    n = max(tally.worlds, 1)
    ncat = tally.categories
    cats = tally.cats[move * ncat : (move + 1) * ncat]
    return Estimate(
        value=tally.sums[move] / n,
        std_error=std_error(tally.sums[move], tally.squares[move], tally.worlds),
        win=tally.wins[move] / n if with_match else None,
        win_std_error=(
            std_error(tally.wins[move], tally.win_squares[move], tally.worlds)
            if with_match
            else None
        ),
        categories=tuple(c / n for c in cats),
        sweep_risk=tally.sweeps[move] / n,
    )


def ranking_means(tally: Tally, with_match: bool) -> list[float]:
    """The means moves are ranked by: win probability with a match, else value."""
    n = max(tally.worlds, 1)
    sums = tally.wins if with_match else tally.sums
    return [s / n for s in sums]


def paired_std_error(tally: Tally, a: int, b: int) -> float | None:
    """The standard error of the mean difference between two moves' values over the same
    worlds; None without cross products or below two worlds."""
    n = tally.worlds
    if n < 2 or not tally.cross:
        return None
    m = tally.moves
    sums = tally.sums
    mean = (sums[a] - sums[b]) / n
    second = (tally.cross[a * m + a] - 2 * tally.cross[a * m + b] + tally.cross[b * m + b]) / n
    variance = max(second - mean * mean, 0.0) * n / (n - 1)
    return math.sqrt(variance / n)


def best_is_clear(tally: Tally, with_match: bool) -> bool:
    """Whether the early-stop rule (module docstring) says the search may stop now."""
    if tally.worlds < STOP_MIN_WORLDS:
        return False
    means = ranking_means(tally, with_match)
    best = max(range(len(means)), key=lambda i: means[i])
    for other in range(len(means)):
        if other == best:
            continue
        lead = means[best] - means[other]
        if lead <= 0:
            return False
        se = None if with_match else paired_std_error(tally, best, other)
        if se is None:
            squares = tally.win_squares if with_match else tally.squares
            sums = tally.wins if with_match else tally.sums
            se_best = std_error(sums[best], squares[best], tally.worlds) or 0.0
            se_other = std_error(sums[other], squares[other], tally.worlds) or 0.0
            se = math.hypot(se_best, se_other)
        if lead <= STOP_Z * se:
            return False
    return True
