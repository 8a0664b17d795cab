"""Statistics of a player's figures over many hands, beside the accuracy of single decisions
(``accuracy``) and the level estimate (``level_estimate``): the mean loss per decision with its
95% interval (hands as clusters), and the least-squares trend of a hand's accuracy by date."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959964
DAYS_PER_TREND_STEP = 30


@dataclass(frozen=True, slots=True)
class Interval:
    """A mean and its 95% interval (None bounds below two hands; all None without a value)."""

    value: float | None
    low: float | None
    high: float | None

    def to_dict(self) -> dict[str, float | None]:
        """The interval as JSON: value, low and high."""
        return {"value": self.value, "low": self.low, "high": self.high}


def mean_with_interval(hands: Sequence[tuple[float, int]]) -> Interval:
    """The mean loss per decision over hands (total loss, decisions) and its 95% interval,
    hands as clusters (a ratio estimate), to six decimals."""
    count = sum(n for _, n in hands)
    if not count:
        return Interval(None, None, None)
    mean = sum(loss for loss, _ in hands) / count
    if len(hands) < 2:
        return Interval(round(mean, 6), None, None)
    residuals = sum((loss - mean * n) ** 2 for loss, n in hands)
    error = math.sqrt(len(hands) / (len(hands) - 1) * residuals) / count
    return Interval(round(mean, 6), round(mean - Z95 * error, 6), round(mean + Z95 * error, 6))


def slope(points: Sequence[tuple[float, float]]) -> float | None:
    """The least-squares slope of (day, accuracy) points per 30 days, to three decimals (None
    with one day)."""
    if len({x for x, _ in points}) < 2:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in points)
    return round(sxy / sxx * DAYS_PER_TREND_STEP, 3)
