"""Judging decisions: losses, the noise rule, the thresholds, and seat summaries."""

from __future__ import annotations

import pytest

from service.search.review import (
    BEST,
    BLUNDER,
    FORCED,
    GOOD,
    INACCURACY,
    MISTAKE,
    POINTS,
    SEARCHED,
    UNRANKED,
    WIN,
    Estimate,
    Judged,
    Verdict,
    judge,
    label_for,
    summarize,
)


@pytest.mark.parametrize(
    ("loss", "label"),
    [
        (0.0, BEST),
        (0.02, GOOD),
        (POINTS.inaccuracy - 1e-9, GOOD),
        (POINTS.inaccuracy, INACCURACY),
        (POINTS.mistake, MISTAKE),
        (POINTS.blunder - 1e-9, MISTAKE),
        (POINTS.blunder, BLUNDER),
        (3.0, BLUNDER),
    ],
)
def test_points_thresholds_without_noise(loss: float, label: str) -> None:
    assert label_for(loss, 0.0, POINTS) == label


def test_a_loss_within_noise_is_at_most_good() -> None:
    assert label_for(0.5, 0.6, POINTS) == GOOD
    assert label_for(0.5, 0.5, POINTS) == GOOD
    assert label_for(0.5, 0.49, POINTS) == MISTAKE
    # No error estimate (a single world): never worse than good.
    assert label_for(2.0, None, POINTS) == GOOD


def test_the_noise_is_twice_the_paired_error() -> None:
    best = Estimate(1.0, std_error=0.5)
    played = Estimate(0.6, std_error=0.5, std_error_vs_best=0.25)
    verdict = judge(best, played, is_best=False, exact=False)
    assert verdict == Verdict(0.4, 0.5, None, None, GOOD)
    sharper = Estimate(0.6, std_error=0.5, std_error_vs_best=0.1)
    assert judge(best, sharper, is_best=False, exact=False).label == MISTAKE


def test_an_exact_decision_has_no_noise() -> None:
    best = Estimate(1.0)
    played = Estimate(0.98)
    verdict = judge(best, played, is_best=False, exact=True)
    assert (verdict.loss, verdict.noise, verdict.label) == (0.02, 0.0, GOOD)
    verdict = judge(best, Estimate(0.0), is_best=False, exact=True)
    assert (verdict.loss, verdict.label) == (1.0, BLUNDER)


def test_the_best_move_and_a_tie_lose_nothing() -> None:
    best = Estimate(0.3, std_error=0.1)
    assert judge(best, best, is_best=True, exact=False).label == BEST
    tie = Estimate(0.3, std_error=0.1, std_error_vs_best=0.0)
    assert judge(best, tie, is_best=False, exact=False) == Verdict(0.0, 0.0, None, None, BEST)


def test_with_a_match_the_more_severe_label_counts() -> None:
    best = Estimate(0.2, win_probability=0.60, std_error=0.1, win_std_error=0.002)
    # Fewer points lost than an inaccuracy, but 5 points of win probability: a mistake.
    played = Estimate(0.15, 0.55, 0.1, 0.002, std_error_vs_best=0.01)
    verdict = judge(best, played, is_best=False, exact=False)
    assert verdict.loss == 0.05
    assert verdict.win_loss == 0.05
    assert verdict.label == MISTAKE
    assert WIN.mistake <= 0.05 < WIN.blunder
    # A move with more points but less win probability loses no points.
    richer = Estimate(0.9, 0.59, 0.1, 0.002, std_error_vs_best=0.05)
    verdict = judge(best, richer, is_best=False, exact=False)
    assert (verdict.loss, verdict.win_loss, verdict.label) == (0.0, 0.01, INACCURACY)
    # Win probabilities too noisy to tell apart: good.
    noisy = Estimate(0.2, 0.55, 0.1, 0.03, std_error_vs_best=0.01)
    loud = Estimate(0.2, win_probability=0.60, std_error=0.1, win_std_error=0.03)
    assert judge(loud, noisy, is_best=False, exact=False).label == GOOD


def verdict(loss: float, label: str) -> Verdict:
    return Verdict(loss, 0.0, None, None, label)


def test_a_seat_summary() -> None:
    moves = [
        Judged(0, 1, SEARCHED, verdict(0.0, BEST)),
        Judged(1, 0, SEARCHED, verdict(0.4, MISTAKE)),
        Judged(3, 0, SEARCHED, verdict(0.0, BEST)),
        Judged(5, 0, FORCED),
        Judged(7, 0, SEARCHED, verdict(1.2, BLUNDER)),
        Judged(9, 0, UNRANKED),
        Judged(11, 0, SEARCHED, verdict(0.05, GOOD)),
        Judged(13, 0, SEARCHED, verdict(0.05, GOOD)),
    ]
    summary = summarize(0, moves, with_match=False)
    assert (summary.decisions, summary.forced, summary.unranked) == (5, 1, 1)
    assert summary.total_loss == 1.7
    assert summary.mean_loss == pytest.approx(0.34)
    assert summary.best_share == pytest.approx(0.2)
    assert summary.labels == {BEST: 1, GOOD: 2, INACCURACY: 0, MISTAKE: 1, BLUNDER: 1}
    assert [m.index for m in summary.costliest] == [7, 1, 11]
    assert summary.total_win_loss is None
    empty = summarize(4, moves, with_match=True)
    assert (empty.decisions, empty.mean_loss, empty.best_share, empty.costliest) == (
        0,
        None,
        None,
        (),
    )
