"""Which re-searched positions make a drill: one move clearly best.

A position is a drill when the best ranked move beats the second by at least ``MARGIN`` hand
points and by at least ``MARGIN_Z`` times the paired standard error of that difference (the
second move's ``std_error_vs_best``; none is needed when the search is exact), and the move
the player made is not that best move. A position with one ranked move has no second to beat
and is no drill.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.moves import Move
from service.search.advisor import Advice, MoveAdvice

MARGIN = 0.15
MARGIN_Z = 3.0


@dataclass(frozen=True, slots=True)
class ClearBest:
    """The best move, the runner-up, the margin between them and its paired error (0 when
    exact, None without an estimate)."""

    best: MoveAdvice
    second: MoveAdvice
    margin: float
    margin_error: float | None


def clear_best(advice: Advice, played: Move) -> ClearBest | None:
    """The clearly best move of a searched position, when it is not the move played."""
    ranked = [m for m in advice.moves if m.expected_value is not None]
    if len(ranked) < 2 or ranked[0].move == played:
        return None
    best, second = ranked[0], ranked[1]
    assert best.expected_value is not None and second.expected_value is not None
    margin = best.expected_value - second.expected_value
    error = 0.0 if advice.stats.exact else second.std_error_vs_best
    if margin < MARGIN or error is None or margin < MARGIN_Z * error:
        return None
    return ClearBest(best, second, round(margin, 6), None if error is None else round(error, 6))
