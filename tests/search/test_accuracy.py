"""Accuracy: each decision's from 0 to 100 within its label's band, a seat's harmonic mean,
and the thirds of a hand (service/search/accuracy.py, review.decision_accuracy)."""

from __future__ import annotations

from statistics import harmonic_mean

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.search import accuracy
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
    Thresholds,
    Verdict,
    decision_accuracy,
    judge,
    label_for,
    summarize,
)

# Each label's band of accuracy: (lowest, highest, whether the lowest is included).
BANDS = {
    BEST: (100.0, 100.0, True),
    GOOD: (90.0, 100.0, False),
    INACCURACY: (70.0, 90.0, False),
    MISTAKE: (40.0, 70.0, False),
    BLUNDER: (0.0, 40.0, True),
}


def in_band(value: float, label: str) -> bool:
    low, high, closed = BANDS[label]
    return (low <= value if closed else low < value) and value <= high


BEST_VERDICT = judge(Estimate(1.0), Estimate(1.0), is_best=True, exact=False)


def lost(points: float, exact: bool = True) -> Verdict:
    """The verdict on a move that lost ``points`` (exactly, or measured with no noise)."""
    played = Estimate(1.0 - points, std_error_vs_best=0.0)
    return judge(Estimate(1.0), played, is_best=False, exact=exact)


def searched(verdicts: list[Verdict], seat: int = 0) -> list[Judged]:
    return [Judged(index, seat, SEARCHED, v) for index, v in enumerate(verdicts)]


# ---- one decision --------------------------------------------------------------------------


@pytest.mark.parametrize("scale", [POINTS, WIN])
def test_accuracy_at_and_between_the_thresholds(scale: Thresholds) -> None:
    bounds = scale.bounds()
    inaccuracy, mistake, blunder = bounds
    assert accuracy.scaled_accuracy(0.0, bounds) == 100.0
    assert accuracy.scaled_accuracy(inaccuracy, bounds) == pytest.approx(90.0)
    assert accuracy.scaled_accuracy(mistake, bounds) == pytest.approx(70.0)
    assert accuracy.scaled_accuracy(blunder, bounds) == pytest.approx(40.0)
    assert accuracy.scaled_accuracy(inaccuracy / 2, bounds) == pytest.approx(95.0)
    # Past the blunder threshold it halves with every further threshold's worth of loss.
    assert accuracy.scaled_accuracy(2 * blunder, bounds) == pytest.approx(20.0)
    assert accuracy.scaled_accuracy(3 * blunder, bounds) == pytest.approx(10.0)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.floats(0.0, 1e6, allow_nan=False), min_size=2, max_size=2),
    st.sampled_from([POINTS, WIN]),
)
def test_accuracy_lies_in_0_to_100_and_falls_with_the_loss(
    losses: list[float], scale: Thresholds
) -> None:
    bounds = scale.bounds()
    small, large = sorted(losses)
    low, high = (accuracy.scaled_accuracy(x, bounds) for x in (large, small))
    assert 0.0 <= low <= high <= 100.0


def test_a_loss_within_noise_costs_no_accuracy() -> None:
    assert accuracy.effective_loss(0.5, 0.6) == 0.0
    assert accuracy.effective_loss(0.5, None) == 0.0
    assert accuracy.effective_loss(0.5, 0.4) == 0.5
    within = judge(Estimate(1.0), Estimate(0.5, std_error_vs_best=0.3), is_best=False, exact=False)
    assert (within.label, decision_accuracy(within)) == (GOOD, 100.0)


def test_a_blunder_is_40_or_less() -> None:
    for points in (POINTS.blunder, 1.0, 2.5):
        verdict = lost(points)
        assert verdict.label == BLUNDER
        assert 0.0 <= decision_accuracy(verdict) <= 40.0


# Estimates as a search reports them: the best move's value (hand points) and win probability
# with a match, the played move's losses from them (often right at a threshold), standard
# errors or none (a single world).
errors = st.none() | st.floats(0.0, 0.5, allow_nan=False)
win_errors = st.none() | st.floats(0.0, 0.05, allow_nan=False)
point_losses = st.floats(0.0, 3.0, allow_nan=False) | st.sampled_from((0.0, *POINTS.bounds()))
win_losses = st.floats(0.0, 0.5, allow_nan=False) | st.sampled_from((0.0, *WIN.bounds()))


@st.composite
def verdicts(draw: st.DrawFn) -> Verdict:
    """The verdict of judge on a random best and played move, with a match or without."""
    with_match = draw(st.booleans())
    best = Estimate(
        value=draw(st.floats(-2.0, 4.0, allow_nan=False)),
        win_probability=draw(st.floats(0.5, 1.0)) if with_match else None,
        std_error=draw(errors),
        win_std_error=draw(win_errors) if with_match else None,
    )
    if draw(st.integers(0, 9)) == 0:
        return judge(best, best, is_best=True, exact=draw(st.booleans()))
    played = Estimate(
        value=best.value - draw(point_losses),
        win_probability=None
        if best.win_probability is None
        else best.win_probability - draw(win_losses),
        std_error=draw(errors),
        win_std_error=draw(win_errors) if with_match else None,
        std_error_vs_best=draw(errors),
    )
    return judge(best, played, is_best=False, exact=draw(st.booleans()))


@settings(max_examples=500, deadline=None)
@given(verdicts())
def test_each_decisions_accuracy_lies_in_its_labels_band(verdict: Verdict) -> None:
    found = decision_accuracy(verdict)
    assert 0.0 <= found <= 100.0
    assert in_band(found, verdict.label), (found, verdict)


@settings(max_examples=300, deadline=None)
@given(st.floats(0.0, 5.0, allow_nan=False), st.sampled_from([POINTS, WIN]))
def test_the_bands_hold_on_every_scale_without_noise(loss: float, scale: Thresholds) -> None:
    label = label_for(loss, 0.0, scale)
    found = accuracy.scaled_accuracy(loss, scale.bounds())
    assert in_band(found, label), (loss, found, label)


# ---- a seat: the harmonic mean -------------------------------------------------------------


def test_a_seat_whose_every_decision_is_best_scores_100() -> None:
    summary = summarize(0, searched([BEST_VERDICT] * 7), with_match=False)
    assert summary.accuracy == 100.0
    assert summary.phases == {"first": 100.0, "middle": 100.0, "last": 100.0}


def test_one_blunder_pulls_the_seat_below_100() -> None:
    moves = searched([BEST_VERDICT] * 9 + [lost(1.0)])
    summary = summarize(0, moves, with_match=False)
    blunder = decision_accuracy(lost(1.0))
    assert summary.accuracy is not None
    assert summary.accuracy < 100.0
    # The harmonic mean, lower than the arithmetic mean that would let nine best moves hide it.
    assert summary.accuracy == round(harmonic_mean([100.0] * 9 + [blunder]), 2)
    assert summary.accuracy < (900.0 + blunder) / 10
    # Ten plays: thirds of four, three and three; the blunder is in the last.
    assert summary.phases["last"] == round(harmonic_mean([100.0, 100.0, blunder]), 2)
    assert summary.phases["first"] == summary.phases["middle"] == 100.0


def test_a_seat_with_nothing_judged_has_no_accuracy() -> None:
    moves = [Judged(0, 0, FORCED), Judged(1, 0, UNRANKED), Judged(2, 0, SEARCHED, None)]
    summary = summarize(0, moves, with_match=False)
    assert summary.accuracy is None
    assert summary.phases == {"first": None, "middle": None, "last": None}


moves_of_a_seat = st.lists(
    st.tuples(st.sampled_from([SEARCHED, SEARCHED, SEARCHED, FORCED, UNRANKED]), verdicts()),
    max_size=24,
)


@settings(max_examples=300, deadline=None)
@given(moves_of_a_seat)
def test_a_seats_accuracy_lies_between_its_decisions(drawn: list[tuple[str, Verdict]]) -> None:
    moves = [
        Judged(index, index % 2, status, verdict if status == SEARCHED else None)
        for index, (status, verdict) in enumerate(drawn)
    ]
    for seat in (0, 1):
        mine = [m for m in moves if m.seat == seat]
        scores = [decision_accuracy(m.verdict) for m in mine if m.verdict is not None]
        summary = summarize(seat, moves, with_match=False)
        if not scores:
            assert summary.accuracy is None
            continue
        assert summary.accuracy is not None
        assert round(min(scores), 2) <= summary.accuracy <= round(max(scores), 2)
        if min(scores) > 0.0:
            assert summary.accuracy == pytest.approx(harmonic_mean(scores), abs=0.006)
        # Each third: the harmonic mean of its judged decisions, the card plays cut in order.
        plays = [m for m in mine if m.status != UNRANKED]
        cut = thirds(len(plays))
        expected = {}
        for phase, (start, stop) in zip(accuracy.PHASES, cut, strict=True):
            judged = [decision_accuracy(m.verdict) for m in plays[start:stop] if m.verdict]
            expected[phase] = accuracy.rounded(accuracy.combined(judged))
        assert summary.phases == expected


# ---- phases --------------------------------------------------------------------------------


def thirds(plays: int) -> list[tuple[int, int]]:
    """Where each third of ``plays`` starts and stops: sizes within one, the earlier larger."""
    sizes = [plays // 3 + (1 if i < plays % 3 else 0) for i in range(3)]
    starts = [0, sizes[0], sizes[0] + sizes[1]]
    return [(start, start + size) for start, size in zip(starts, sizes, strict=True)]


@pytest.mark.parametrize("plays", range(1, 61))
def test_phases_are_thirds_in_order_the_earlier_larger(plays: int) -> None:
    found = [accuracy.phase_of(position, plays) for position in range(plays)]
    expected = [
        phase
        for phase, (start, stop) in zip(accuracy.PHASES, thirds(plays), strict=True)
        for _ in range(start, stop)
    ]
    assert found == expected
    sizes = [found.count(phase) for phase in accuracy.PHASES]
    assert sizes == sorted(sizes, reverse=True)
    assert max(sizes) - min(sizes) <= 1


def test_the_phases_count_forced_plays_but_not_unranked_moves() -> None:
    # Six card plays (two forced) and an unranked move: thirds of two plays each.
    statuses = [SEARCHED, FORCED, UNRANKED, SEARCHED, SEARCHED, FORCED, SEARCHED]
    verdicts_ = [BEST_VERDICT, None, None, lost(1.0), BEST_VERDICT, None, lost(0.2)]
    moves = [
        Judged(i, 0, status, verdict)
        for i, (status, verdict) in enumerate(zip(statuses, verdicts_, strict=True))
    ]
    summary = summarize(0, moves, with_match=False)
    assert summary.phases == {
        "first": 100.0,
        "middle": round(harmonic_mean([decision_accuracy(lost(1.0)), 100.0]), 2),
        "last": round(decision_accuracy(lost(0.2)), 2),
    }
