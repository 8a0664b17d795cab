"""The playing level of a player estimated from reviewed hands, on the scale of the built-in
levels (beginner .. master), calibrated from hands those levels play.

Each of the player's hands gives three figures over its judged decisions (``HandFigures``):
the mean loss per decision, the share of best moves and the share of mistakes and blunders.
The calibration (``data/level_calibration.json``, made by ``scripts/calibrate_levels.py`` from
hands each level played at every seat, reviewed at ``REVIEW_BUDGET`` with ``REVIEW_SEED``)
holds each level's mean figures and their covariance over hands, pooled over levels. A
player's mean figures over H hands are compared with each level's as a normal of that
covariance divided by H (linear discriminant analysis): the levels' likelihoods with equal
priors give a probability for each level; the estimate is the most probable, with the
narrowest run of neighbouring levels holding 95% of the probability as its interval.

Reviews for the estimate must be made at ``REVIEW_BUDGET`` (an iteration budget, so the same
hands give the same figures on any machine); the calibration of the same player count is used
for other rules (two-player scopa for fewer than four seats, scopone scientifico for four or
more), and the answer names it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from service.engine.presets import make_rules
from service.engine.rules import Rules
from service.search.advisor import Budget

REVIEW_BUDGET = Budget(iterations=1000)
REVIEW_SEED = 0
FIGURES = ("mean_loss", "best_share", "bad_share")
INTERVAL = 0.95
CALIBRATION_FILE = "level_calibration.json"
# The presets calibrated, by the least player count each stands for.
CALIBRATED = (("scopa", 1), ("scopone_scientifico", 4))


@dataclass(frozen=True, slots=True)
class HandFigures:
    """One hand of one seat: its judged decisions' mean loss, best share and bad share."""

    mean_loss: float
    best_share: float
    bad_share: float

    def values(self) -> tuple[float, float, float]:
        """The figures in ``FIGURES`` order."""
        return self.mean_loss, self.best_share, self.bad_share


def hand_figures(decisions: int, loss: float, best: int, bad: int) -> HandFigures | None:
    """A hand's figures from its judged decisions (None for a hand with none)."""
    if decisions <= 0:
        return None
    return HandFigures(loss / decisions, best / decisions, bad / decisions)


@dataclass(frozen=True, slots=True)
class Calibration:
    """Each level's mean figures over hands, their pooled covariance, and how many hands."""

    preset: str
    levels: tuple[str, ...]
    means: Mapping[str, tuple[float, ...]]
    covariance: tuple[tuple[float, ...], ...]
    hands: Mapping[str, int]

    def to_dict(self) -> dict[str, object]:
        """The calibration as its JSON file stores it."""
        return {
            "preset": self.preset,
            "levels": list(self.levels),
            "figures": list(FIGURES),
            "budget": REVIEW_BUDGET.to_dict(),
            "seed": REVIEW_SEED,
            "means": {k: list(v) for k, v in self.means.items()},
            "covariance": [list(row) for row in self.covariance],
            "hands": dict(self.hands),
        }


def calibrate(
    preset: str, levels: Sequence[str], samples: Mapping[str, Sequence[HandFigures]]
) -> Calibration:
    """The calibration of hands each level played: means and the pooled covariance."""
    k = len(FIGURES)
    means: dict[str, tuple[float, ...]] = {}
    scatter = [[0.0] * k for _ in range(k)]
    count = 0
    for level in levels:
        rows = [h.values() for h in samples[level]]
        mean = tuple(sum(r[i] for r in rows) / len(rows) for i in range(k))
        means[level] = mean
        for r in rows:
            for i in range(k):
                for j in range(k):
                    scatter[i][j] += (r[i] - mean[i]) * (r[j] - mean[j])
        count += len(rows) - 1
    covariance = tuple(tuple(round(x / count, 8) for x in row) for row in scatter)
    rounded = {level: tuple(round(x, 6) for x in m) for level, m in means.items()}
    return Calibration(
        preset, tuple(levels), rounded, covariance, {lv: len(samples[lv]) for lv in levels}
    )


def calibration_of(data: Mapping[str, object]) -> Calibration:
    """A calibration read from its JSON."""
    means = data["means"]
    hands = data["hands"]
    assert isinstance(means, dict) and isinstance(hands, dict)
    covariance = data["covariance"]
    assert isinstance(covariance, list)
    levels = data["levels"]
    assert isinstance(levels, list)
    return Calibration(
        str(data["preset"]),
        tuple(levels),
        {k: tuple(v) for k, v in means.items()},
        tuple(tuple(row) for row in covariance),
        {k: int(v) for k, v in hands.items()},
    )


@cache
def calibrations() -> dict[str, Calibration]:
    """The shipped calibrations by preset."""
    text = resources.files("service.search").joinpath("data", CALIBRATION_FILE).read_text()
    return {c["preset"]: calibration_of(c) for c in json.loads(text)["calibrations"]}


def calibration_for(rules: Rules) -> Calibration:
    """The calibration of the rules' player count (module docstring)."""
    chosen = [preset for preset, least in CALIBRATED if rules.players >= least][-1]
    return calibrations()[chosen]


def is_calibrated(rules: Rules, calibration: Calibration) -> bool:
    """Whether the rules are exactly those the calibration was made with."""
    return rules == make_rules(calibration.preset)


def solve(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float]:
    """x with matrix @ x = vector (Gauss-Jordan with partial pivoting)."""
    n = len(vector)
    rows = [[*map(float, matrix[i]), float(vector[i])] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [x / head for x in rows[col]]
        for r in range(n):
            if r != col:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] for i in range(n)]


@dataclass(frozen=True, slots=True)
class LevelEstimate:
    """The most probable level, each level's probability, the 95% interval of levels, the
    expected position on the scale (0: the first level), and what it rests on."""

    level: str
    probabilities: Mapping[str, float]
    low: str
    high: str
    score: float
    hands: int
    calibrated_on: str


def estimate(calibration: Calibration, hands: Sequence[HandFigures]) -> LevelEstimate | None:
    """The level of a player whose hands have these figures (None without hands)."""
    if not hands:
        return None
    k = len(FIGURES)
    mean = [sum(h.values()[i] for h in hands) / len(hands) for i in range(k)]
    logs = {}
    for level in calibration.levels:
        diff = [mean[i] - calibration.means[level][i] for i in range(k)]
        weighted = solve(calibration.covariance, diff)
        logs[level] = -0.5 * len(hands) * sum(d * w for d, w in zip(diff, weighted, strict=True))
    top = max(logs.values())
    weights = {level: math.exp(v - top) for level, v in logs.items()}
    total = sum(weights.values())
    probabilities = {level: w / total for level, w in weights.items()}
    levels = calibration.levels
    best = max(levels, key=lambda lv: probabilities[lv])
    low, high = interval(levels, probabilities, levels.index(best))
    score = sum(i * probabilities[lv] for i, lv in enumerate(levels))
    return LevelEstimate(
        best,
        {lv: round(p, 4) for lv, p in probabilities.items()},
        levels[low],
        levels[high],
        round(score, 3),
        len(hands),
        calibration.preset,
    )


def interval(levels: Sequence[str], probabilities: Mapping[str, float], at: int) -> tuple[int, int]:
    """The narrowest run of neighbouring levels around ``at`` holding ``INTERVAL`` of the
    probability, grown each step toward the more probable neighbour."""
    low = high = at
    held = probabilities[levels[at]]
    while held < INTERVAL and (low > 0 or high < len(levels) - 1):
        below = probabilities[levels[low - 1]] if low > 0 else -1.0
        above = probabilities[levels[high + 1]] if high < len(levels) - 1 else -1.0
        if above >= below:
            high += 1
            held += above
        else:
            low -= 1
            held += below
    return low, high
