"""Judging played decisions against the advice: the loss, the noise it is measured with, a
label from fixed thresholds, and each seat's summary.

The loss of a decision is the best move's value less the played move's (never negative), in
expected hand points; with a match, also in match win probability. A move within noise of the
best is not labelled worse than good: the allowance is ``NOISE_Z`` times the paired standard
error of the best move's value less the played one's (``std_error_vs_best``; for win
probabilities, which have no paired error, the two moves' errors combined). An exact (solved)
decision has no noise; one valued from a single world has no error estimate, so it is never
labelled worse than good. With a match the label is the more severe of the points label and
the win-probability label. A decision whose search is undersampled (fewer worlds than the
advisor's floor, ``advisor.MIN_WORLDS``) is not judged: it has no label and no loss, and each
seat's summary counts it apart.

``plan`` says which moves of a replayed hand a review searches (a card play with a choice),
which are forced (the only legal card play) and which the search does not rank (moves that
play no card); ``compare`` finds the played move among an advice's ranked moves and judges it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from service.engine.moves import Move
from service.engine.record import Replay
from service.engine.state import Event, Play, State, legal_moves
from service.search import accuracy
from service.search.advisor import Advice, MoveAdvice

BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "best", "good", "inaccuracy", "mistake", "blunder"
# The labels of a searched decision, from the best to the worst.
LABELS = (BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)
# How a reviewed move was treated: searched and labelled, the only legal card play (no
# search), or a move that plays no card (the search does not rank it).
SEARCHED, FORCED, UNRANKED = "searched", "forced", "unranked"
STATUSES = (SEARCHED, FORCED, UNRANKED)
NOISE_Z = 2.0
# The costliest decisions listed per seat.
COSTLIEST = 3


@dataclass(frozen=True, slots=True)
class Thresholds:
    """The least loss of an inaccuracy, a mistake and a blunder (below: good)."""

    inaccuracy: float
    mistake: float
    blunder: float

    def to_dict(self) -> dict[str, float]:
        """The thresholds as JSON."""
        return {"inaccuracy": self.inaccuracy, "mistake": self.mistake, "blunder": self.blunder}

    def bounds(self) -> tuple[float, float, float]:
        """The inaccuracy, mistake and blunder thresholds in order."""
        return self.inaccuracy, self.mistake, self.blunder


# In expected hand points: a scopa or the settebello is one point.
POINTS = Thresholds(inaccuracy=0.1, mistake=0.3, blunder=0.75)
# In match win probability (with a match only).
WIN = Thresholds(inaccuracy=0.01, mistake=0.03, blunder=0.08)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A ranked move's value (hand points for the side), win probability with a match, and
    their standard errors; ``std_error_vs_best`` is paired with the best move (None for it)."""

    value: float
    win_probability: float | None = None
    std_error: float | None = None
    win_std_error: float | None = None
    std_error_vs_best: float | None = None


@dataclass(frozen=True, slots=True)
class Verdict:
    """The loss in points (and in win probability with a match), the noise allowances used
    (None: no error estimate), and the label."""

    loss: float
    noise: float | None
    win_loss: float | None
    win_noise: float | None
    label: str


@dataclass(frozen=True, slots=True)
class Planned:
    """A reviewed move: its index, the state it met, the move and its events, its status."""

    index: int
    state: State
    play: Play
    events: tuple[Event, ...]
    status: str


def legal_plays(state: State) -> int:
    """How many legal card plays the seat to move has."""
    return sum(1 for m in legal_moves(state) if m.plays_card)


def plan(done: Replay, moves: Sequence[Play], seats: frozenset[int]) -> list[Planned]:
    """The reviewed seats' moves, each searched, forced or unranked."""
    found = []
    for index, play in enumerate(moves):
        if play.seat not in seats:
            continue
        state = done.states[index]
        if not play.move.plays_card:
            status = UNRANKED
        elif legal_plays(state) == 1:
            status = FORCED
        else:
            status = SEARCHED
        found.append(Planned(index, state, play, done.events[index], status))
    return found


@dataclass(frozen=True, slots=True)
class Compared:
    """A searched decision: the played move's rank among the ranked plays (1: the best), the
    best and the played move as advised, and the verdict (None: the search is undersampled,
    or ranked nothing)."""

    rank: int | None
    best: MoveAdvice | None
    played: MoveAdvice | None
    verdict: Verdict | None


def estimate_of(advised: MoveAdvice) -> Estimate:
    """A ranked move's estimates as the judge reads them."""
    assert advised.expected_value is not None
    return Estimate(
        value=advised.expected_value,
        win_probability=advised.win_probability,
        std_error=advised.std_error,
        win_std_error=advised.win_std_error,
        std_error_vs_best=advised.std_error_vs_best,
    )


def compare(advice: Advice, move: Move) -> Compared:
    """The played move against the best ranked one of an advice (its search had to rank it:
    ``advise(..., must_search=(move,))``)."""
    ranked = [m for m in advice.moves if m.expected_value is not None]
    rank = next((i for i, m in enumerate(ranked, 1) if m.move == move), None)
    if rank is None:
        return Compared(None, None, None, None)
    best, played = ranked[0], ranked[rank - 1]
    verdict = None
    if not advice.stats.undersampled:
        verdict = judge(
            estimate_of(best), estimate_of(played), is_best=rank == 1, exact=advice.stats.exact
        )
    return Compared(rank, best, played, verdict)


def label_for(loss: float, noise: float | None, thresholds: Thresholds) -> str:
    """The label of a loss measured with a noise allowance (None: unknown, at most good)."""
    if loss <= 0.0:
        return BEST
    if noise is None or loss <= noise or loss < thresholds.inaccuracy:
        return GOOD
    if loss < thresholds.mistake:
        return INACCURACY
    if loss < thresholds.blunder:
        return MISTAKE
    return BLUNDER


def worse(a: str, b: str) -> str:
    """The more severe of two labels."""
    return max(a, b, key=LABELS.index)


def _points_noise(played: Estimate, exact: bool) -> float | None:
    if exact:
        return 0.0
    if played.std_error_vs_best is None:
        return None
    return NOISE_Z * played.std_error_vs_best


def _win_noise(best: Estimate, played: Estimate, exact: bool) -> float | None:
    if exact:
        return 0.0
    if best.win_std_error is None or played.win_std_error is None:
        return None
    return NOISE_Z * math.hypot(best.win_std_error, played.win_std_error)


def judge(best: Estimate, played: Estimate, *, is_best: bool, exact: bool) -> Verdict:
    """The verdict on a played move against the best ranked one (module docstring)."""
    with_match = best.win_probability is not None and played.win_probability is not None
    if is_best:
        zero = 0.0 if with_match else None
        return Verdict(0.0, 0.0, zero, zero, BEST)
    loss = round(max(best.value - played.value, 0.0), 6)
    noise = _points_noise(played, exact)
    label = label_for(loss, noise, POINTS)
    win_loss = win_noise = None
    if best.win_probability is not None and played.win_probability is not None:
        win_loss = round(max(best.win_probability - played.win_probability, 0.0), 6)
        win_noise = _win_noise(best, played, exact)
        label = worse(label, label_for(win_loss, win_noise, WIN))
    return Verdict(loss, _rounded(noise), win_loss, _rounded(win_noise), label)


def decision_accuracy(verdict: Verdict) -> float:
    """A judged decision's accuracy (``accuracy``): in points, and the lower of that and its
    accuracy in win probability with a match."""
    found = accuracy.scaled_accuracy(
        accuracy.effective_loss(verdict.loss, verdict.noise), POINTS.bounds()
    )
    if verdict.win_loss is not None:
        win_loss = accuracy.effective_loss(verdict.win_loss, verdict.win_noise)
        found = min(found, accuracy.scaled_accuracy(win_loss, WIN.bounds()))
    return found


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 6)


@dataclass(frozen=True, slots=True)
class Judged:
    """One reviewed move as the summary reads it: its index, seat, status and verdict (None
    for a searched decision left unjudged: undersampled)."""

    index: int
    seat: int
    status: str
    verdict: Verdict | None = None


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's review: counts, total and mean loss over its searched decisions, the share of
    best moves, the count of each label, its costliest decisions (by loss), and its accuracy
    overall and per phase (``accuracy``)."""

    seat: int
    decisions: int
    forced: int
    unranked: int
    undersampled: int
    total_loss: float
    mean_loss: float | None
    best_share: float | None
    labels: dict[str, int]
    total_win_loss: float | None
    mean_win_loss: float | None
    costliest: tuple[Judged, ...]
    accuracy: float | None
    phases: dict[str, float | None]


def cost_key(judged: Judged) -> tuple[float, float, int]:
    """How costly a decision is, for sorting costliest first: win probability lost (with a
    match), then points lost, then the earlier move."""
    verdict = judged.verdict
    assert verdict is not None
    return (-(verdict.win_loss or 0.0), -verdict.loss, judged.index)


def summarize(seat: int, moves: Iterable[Judged], with_match: bool) -> SeatSummary:
    """The summary of one seat's reviewed moves."""
    mine = [m for m in moves if m.seat == seat]
    searched = [m for m in mine if m.status == SEARCHED and m.verdict is not None]
    verdicts = [m.verdict for m in searched if m.verdict is not None]
    total = round(sum(v.loss for v in verdicts), 6)
    labels = {label: sum(1 for v in verdicts if v.label == label) for label in LABELS}
    total_win = round(sum(v.win_loss or 0.0 for v in verdicts), 6) if with_match else None
    costly = [m for m in searched if m.verdict and (m.verdict.loss > 0 or m.verdict.win_loss)]
    scores = [a for a in map(judged_accuracy, searched) if a is not None]
    n = len(verdicts)
    return SeatSummary(
        seat=seat,
        decisions=n,
        forced=sum(1 for m in mine if m.status == FORCED),
        unranked=sum(1 for m in mine if m.status == UNRANKED),
        undersampled=sum(1 for m in mine if m.status == SEARCHED and m.verdict is None),
        total_loss=total,
        mean_loss=round(total / n, 6) if n else None,
        best_share=round(labels[BEST] / n, 6) if n else None,
        labels=labels,
        total_win_loss=total_win,
        mean_win_loss=round(total_win / n, 6) if n and total_win is not None else None,
        costliest=tuple(sorted(costly, key=cost_key)[:COSTLIEST]),
        accuracy=accuracy.rounded(accuracy.combined(scores)),
        phases=phases_of(mine),
    )


def phases_of(mine: Sequence[Judged]) -> dict[str, float | None]:
    """A seat's accuracy in each third of its card plays (``accuracy.phase_of``)."""
    plays = [m for m in mine if m.status != UNRANKED]
    found: dict[str, list[float]] = {phase: [] for phase in accuracy.PHASES}
    for position, judged in enumerate(plays):
        score = judged_accuracy(judged)
        if score is not None:
            found[accuracy.phase_of(position, len(plays))].append(score)
    return {phase: accuracy.rounded(accuracy.combined(s)) for phase, s in found.items()}


def judged_accuracy(judged: Judged) -> float | None:
    """A searched and judged decision's accuracy (None for the others)."""
    if judged.status != SEARCHED or judged.verdict is None:
        return None
    return decision_accuracy(judged.verdict)


def summaries(seats: Sequence[int], moves: Sequence[Judged], with_match: bool) -> list[SeatSummary]:
    """The summary of every reviewed seat, in seat order."""
    return [summarize(seat, moves, with_match) for seat in sorted(seats)]
