"""The accuracy of judged decisions, from 0 to 100, and how a seat's decisions combine.

A decision's accuracy falls with its loss beyond noise (``effective_loss``: a loss within the
noise allowance, or measured with none, counts as no loss). In each scale of loss (hand points;
win probability with a match) it is 100 at no loss and falls linearly to 90 at the inaccuracy
threshold, to 70 at the mistake threshold and to 40 at the blunder threshold; past the blunder
threshold it halves with every further blunder threshold's worth of loss. With a match the
decision's accuracy is the lower of the two. So each label has its own band: best 100, good
above 90 (100 within noise), inaccuracy above 70 up to 90, mistake above 40 up to 70, blunder
40 or below, and a summary's accuracy always agrees with its labels.

A seat's accuracy over several decisions is their harmonic mean: a hand's result hinges on its
worst decisions, and the harmonic mean lets one blunder pull the figure down as far as it pulls
the score, where the arithmetic mean would let a run of easy best moves hide it. Phases: a
seat's card plays in hand order (searched and forced) are cut into thirds, the first, middle
and last (sizes differing by at most one, the earlier thirds the larger); each third's
accuracy is the harmonic mean of its judged decisions.
"""

from __future__ import annotations

from collections.abc import Sequence

PHASES = ("first", "middle", "last")
# Accuracy at no loss, and at the inaccuracy, mistake and blunder thresholds.
AT_THRESHOLDS = (100.0, 90.0, 70.0, 40.0)


def effective_loss(loss: float, noise: float | None) -> float:
    """The loss that counts: none when within the noise allowance or measured without one."""
    if noise is None or loss <= noise:
        return 0.0
    return loss


def scaled_accuracy(loss: float, thresholds: tuple[float, float, float]) -> float:
    """The accuracy of an effective loss on a scale whose inaccuracy, mistake and blunder
    thresholds are given (module docstring)."""
    if loss <= 0.0:
        return 100.0
    bounds = (0.0, *thresholds)
    for i in range(3):
        low, high = bounds[i], bounds[i + 1]
        if loss <= high:
            top, bottom = AT_THRESHOLDS[i], AT_THRESHOLDS[i + 1]
            return top - (top - bottom) * (loss - low) / (high - low)
    blunder = thresholds[2]
    return float(AT_THRESHOLDS[3] * 0.5 ** ((loss - blunder) / blunder))


def combined(accuracies: Sequence[float]) -> float | None:
    """The harmonic mean of decisions' accuracies (None for none)."""
    if not accuracies:
        return None
    if min(accuracies) <= 0.0:
        return 0.0
    return len(accuracies) / sum(1.0 / a for a in accuracies)


def phase_of(position: int, plays: int) -> str:
    """The third of a seat's ``plays`` card plays that the one at ``position`` (from 0) is in."""
    return PHASES[min(2, 3 * position // plays)]


def rounded(accuracy: float | None) -> float | None:
    """An accuracy as the answers give it: two decimals."""
    return None if accuracy is None else round(accuracy, 2)
