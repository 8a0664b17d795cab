"""Insights over many hands of one player: each hand reviewed for the player's seat (through
the advice source, at the level estimate's budget unless asked otherwise), then accuracy
overall and per phase, the mean loss per decision with its 95% interval, where the points
go by scoring category, situations per hand, labels per 100 decisions, the trend by date, and
the estimated playing level.

A hand's seat is its ``seat``, or the seat whose name in the record's ``meta.players`` is
the request's ``player``. Hands that do not load, replay or name the player are refused on
their own and left out; the batch cap of the reviews is checked over the usable hands before
any search (``review.batch.check_batch_total``).

The figures read each hand's review as values (``HandResult``): from the review itself for a
request, or from a job's stored review line (``hand_result_of_json``).
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.api.insights.request import InsightsRequest, PlayerHand
from service.api.refusals import RefusedError
from service.api.review.batch import check_batch_total, check_count
from service.api.review.request import ReviewRequest
from service.api.review.reviewing import (
    REFUSALS,
    PreparedReview,
    Review,
    Reviewer,
    finished,
    prepared_review,
    review_steps,
)
from service.api.shapes.values import Seed
from service.cache.advice_job import AdviceOf
from service.engine.message import Message
from service.engine.record import HandRecord
from service.engine.rules import Rules
from service.search import Budget, accuracy
from service.search.figures import mean_with_interval, slope
from service.search.level_estimate import (
    REVIEW_BUDGET,
    REVIEW_SEED,
    HandFigures,
    LevelEstimate,
    calibration_for,
    estimate,
    hand_figures,
    is_calibrated,
)
from service.search.review import (
    BEST,
    BLUNDER,
    LABELS,
    MISTAKE,
    SEARCHED,
    UNRANKED,
    decision_accuracy,
)
from service.search.situations import SITUATIONS, situations_of


@dataclass(frozen=True, slots=True)
class JudgedPlay:
    """One judged card play of the player: its accuracy (as the review gives it), loss, label,
    phase, and the best and played moves' breakdowns."""

    accuracy: float
    loss: float
    label: str
    phase: str
    best: Mapping[str, float]
    played: Mapping[str, float]


@dataclass(frozen=True, slots=True)
class HandResult:
    """What the insights read of a hand's review of the player's seat: its accuracy, total
    loss, figures for the level estimate, and its judged plays in hand order."""

    accuracy: float | None
    total_loss: float
    figures: HandFigures | None
    plays: tuple[JudgedPlay, ...]


def figures_of(decisions: int, total_loss: float, labels: Mapping[str, int]) -> HandFigures | None:
    """A reviewed seat's figures for the level estimate: its judged decisions, their loss, and
    how many were best and how many mistakes or blunders."""
    return hand_figures(decisions, total_loss, labels[BEST], labels[MISTAKE] + labels[BLUNDER])


def seat_figures(summary: Mapping[str, Any]) -> HandFigures | None:
    """A reviewed seat's figures, from its summary as a review answers it (a stored review)."""
    return figures_of(summary["decisions"], summary["total_loss"], summary["labels"])


def hand_result(review: Review) -> HandResult:
    """The player's hand as the insights read it, from its one-seat review."""
    plays = [d for d in review.decisions if d.planned.status != UNRANKED]
    found = []
    for position, decision in enumerate(plays):
        verdict = decision.judged.verdict
        if decision.planned.status != SEARCHED or verdict is None:
            continue
        assert decision.searched is not None
        compared = decision.searched.compared
        assert compared.best is not None and compared.played is not None
        scored = accuracy.rounded(decision_accuracy(verdict))
        assert scored is not None
        found.append(
            JudgedPlay(
                scored,
                verdict.loss,
                verdict.label,
                accuracy.phase_of(position, len(plays)),
                dict(compared.best.breakdown or {}),
                dict(compared.played.breakdown or {}),
            )
        )
    summary = review.summaries[0]
    figures = figures_of(summary.decisions, summary.total_loss, summary.labels)
    return HandResult(summary.accuracy, summary.total_loss, figures, tuple(found))


def hand_result_of_json(review: Mapping[str, Any]) -> HandResult:
    """The player's hand as the insights read it, from its one-seat review as a review line
    keeps it (an insights job's stored lines)."""
    decisions = [d for d in review["decisions"] if d["status"] != UNRANKED]
    found = []
    for position, decision in enumerate(decisions):
        if decision["status"] != SEARCHED or decision["accuracy"] is None:
            continue
        found.append(
            JudgedPlay(
                decision["accuracy"],
                decision["loss"],
                decision["label"],
                accuracy.phase_of(position, len(decisions)),
                decision.get("best", {}).get("breakdown", {}),
                decision["played"].get("breakdown", {}),
            )
        )
    summary = review["summary"][0]
    return HandResult(
        summary["accuracy"], summary["total_loss"], seat_figures(summary), tuple(found)
    )


def named_seat(record: HandRecord, name: str | None) -> int | None:
    """The seat of a name in the record's ``meta.players`` (None: not there)."""
    names = dict(record.meta).get("players")
    if name is not None and isinstance(names, tuple) and name in names:
        return names.index(name)
    return None


def checked_seat(rules: Rules, seat: int, field: str) -> int:
    """A seat of the table, or refused naming the field."""
    if seat >= rules.players:
        raise RefusedError.of(field, Message("must be a seat 0..{last}", last=rules.players - 1))
    return seat


def seat_of(hand: PlayerHand, player: str | None) -> int:
    """The player's seat in a hand: as given, or found by name in ``meta.players``."""
    if hand.seat is not None:
        return checked_seat(hand.record.rules, hand.seat, "seat")
    found = named_seat(hand.record, player)
    if found is not None:
        return found
    reason = Message(
        "no seat: give the hand's seat, or the request's player as named in meta.players"
    )
    raise RefusedError.of("seat", reason)


def planned_hand(
    hand: PlayerHand,
    player: str | None,
    budget: Budget | None,
    seed: Seed | None,
    config: Mapping[str, Any],
) -> tuple[int, PreparedReview]:
    """The player's seat in a hand and the hand's review planned for that seat, at the level
    estimate's budget and seed unless others are given (``REFUSALS`` raised)."""
    seat = seat_of(hand, player)
    chosen_seed = REVIEW_SEED if seed is None else seed
    request = ReviewRequest(hand.record, (seat,), budget or REVIEW_BUDGET, None, chosen_seed)
    return seat, prepared_review(request, config)


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One of the player's hands, reviewed: its index in the request, seat, plan and result."""

    index: int
    seat: int
    prepared: PreparedReview
    result: HandResult


@dataclass(frozen=True, slots=True)
class HandsToReview:
    """A player's hands as loaded (a hand that did not load is its error), who the player is,
    and how the hands are reviewed; the budget of each searched decision's later re-search
    (drills) counts toward the cap."""

    loaded: Sequence[PlayerHand | Exception]
    player: str | None
    budget: Budget | None
    seed: Seed | None
    also_per_decision: Budget | None = None


# A hand left out: its index in the request, and why.
LeftOut = tuple[int, Exception]


def reviewed_hands(
    hands: HandsToReview, config: Mapping[str, Any], advice_of: AdviceOf
) -> tuple[list[tuple[PlayerReview, Review]], list[LeftOut]]:
    """The player's hands reviewed for their seat (each with its review), and those left out
    with their errors; refused whole when over the batch's limits."""
    check_count(len(hands.loaded), config, "hands")
    planned: list[tuple[int, int, PreparedReview]] = []
    left_out: list[LeftOut] = []
    for index, hand in enumerate(hands.loaded):
        if isinstance(hand, Exception):
            left_out.append((index, hand))
            continue
        try:
            seat, prepared = planned_hand(hand, hands.player, hands.budget, hands.seed, config)
        except REFUSALS as error:
            left_out.append((index, error))
            continue
        planned.append((index, seat, prepared))
    check_batch_total([p for _, _, p in planned], config, "hands", hands.also_per_decision)
    start = None
    cache: Counter[str] = Counter()
    found = []
    for index, seat, prepared in planned:
        cap_ms = config["REVIEW_BATCH_MAX_TOTAL_MS"]
        reviewer = Reviewer.of(prepared, advice_of, cap_ms, start=start, cache=cache)
        start = reviewer.start
        review = finished(review_steps(prepared, reviewer))
        found.append((PlayerReview(index, seat, prepared, hand_result(review)), review))
    return found, left_out


def date_of(review: PlayerReview) -> datetime.date | None:
    """The hand's date from ``meta.date`` (ISO 8601, its first ten characters), if any."""
    value = dict(review.prepared.request.record.meta).get("date")
    if not isinstance(value, str):
        return None
    try:
        return datetime.date.fromisoformat(value[:10])
    except ValueError:
        return None


def trend(reviews: Sequence[PlayerReview]) -> dict[str, Any]:
    """Accuracy and mean loss by date, the hands without one, and the least-squares change of
    a hand's accuracy per 30 days."""
    by_date: dict[datetime.date, list[PlayerReview]] = defaultdict(list)
    undated = 0
    for review in reviews:
        day = date_of(review)
        if day is None:
            undated += 1
        else:
            by_date[day].append(review)
    dates = []
    points: list[tuple[float, float]] = []
    for day in sorted(by_date):
        plays = [p for r in by_date[day] for p in r.result.plays]
        dates.append(
            {
                "date": day.isoformat(),
                "hands": len(by_date[day]),
                "decisions": len(plays),
                "accuracy": accuracy.rounded(accuracy.combined([p.accuracy for p in plays])),
                "mean_loss": round(sum(p.loss for p in plays) / len(plays), 6) if plays else None,
            }
        )
        for review in by_date[day]:
            hand = review.result.accuracy
            if hand is not None:
                points.append((float(day.toordinal()), hand))
    return {"dates": dates, "undated": undated, "slope_per_30_days": slope(points)}


def level_dict(
    reviews: Sequence[PlayerReview], budget_used: dict[str, int]
) -> tuple[dict[str, Any] | None, str | None]:
    """The level estimate (None with the reason when it cannot be made)."""
    if budget_used != REVIEW_BUDGET.to_dict():
        return None, "the level is estimated only from reviews at the default budget " + str(
            REVIEW_BUDGET.to_dict()
        )
    groups: dict[str, list[PlayerReview]] = defaultdict(list)
    for review in reviews:
        groups[calibration_for(review.prepared.request.record.rules).preset].append(review)
    if not groups:
        return None, "no hand was reviewed"
    preset = max(groups, key=lambda name: len(groups[name]))
    used = groups[preset]
    calibration = calibration_for(used[0].prepared.request.record.rules)
    figures = [r.result.figures for r in used if r.result.figures is not None]
    found: LevelEstimate | None = estimate(calibration, figures)
    if found is None:
        return None, "no hand had a judged decision"
    exact = all(is_calibrated(r.prepared.request.record.rules, calibration) for r in used)
    return {
        "level": found.level,
        "probabilities": dict(found.probabilities),
        "interval": [found.low, found.high],
        "score": found.score,
        "hands": found.hands,
        "calibrated_on": found.calibrated_on,
        "same_rules": exact,
    }, None


def insights(
    request: InsightsRequest, config: Mapping[str, Any], advice_of: AdviceOf
) -> tuple[dict[str, Any], list[LeftOut]]:
    """The insights of a player's hands (module docstring), and the hands left out."""
    loaded = list(request.hands)
    hands_to_review = HandsToReview(loaded, request.player, request.budget, request.seed)
    reviews, left_out = reviewed_hands(hands_to_review, config, advice_of)
    return insights_of(request, [r for r, _ in reviews]), left_out


def insights_of(request: InsightsRequest, reviews: Sequence[PlayerReview]) -> dict[str, Any]:
    """The insights of a player's hands once reviewed (the hands left out apart)."""
    everything = [p for r in reviews for p in r.result.plays]
    labels = Counter(p.label for p in everything)
    count = len(everything)
    categories: dict[str, float] = defaultdict(float)
    for p in everything:
        for name in set(p.best) | set(p.played):
            categories[name] += p.best.get(name, 0.0) - p.played.get(name, 0.0)
    situations: Counter[str] = Counter()
    for r in reviews:
        found = situations_of(r.prepared.done, r.prepared.request.record.moves, r.seat)
        situations.update(found.to_dict())
    hands = len(reviews)
    budget = (request.budget or REVIEW_BUDGET).to_dict()
    level, level_note = level_dict(reviews, budget)
    interval = mean_with_interval(
        [(sum(p.loss for p in r.result.plays), len(r.result.plays)) for r in reviews]
    )
    return {
        "player": request.player,
        "hands": hands,
        "budget": budget,
        "seed": REVIEW_SEED if request.seed is None else request.seed,
        "decisions": count,
        "accuracy": accuracy.rounded(accuracy.combined([p.accuracy for p in everything])),
        "phases": {
            phase: accuracy.rounded(
                accuracy.combined([p.accuracy for p in everything if p.phase == phase])
            )
            for phase in accuracy.PHASES
        },
        "mean_loss": interval.to_dict(),
        "loss_by_category": {
            name: {
                "per_decision": round(total / count, 6) if count else None,
                "per_hand": round(total / hands, 6) if hands else None,
            }
            for name, total in sorted(categories.items())
        },
        "situations": {
            name: {
                "total": situations[name],
                "per_hand": round(situations[name] / hands, 4) if hands else None,
            }
            for name in SITUATIONS
        },
        "labels": {label: labels[label] for label in LABELS},
        "labels_per_100": {
            label: round(100.0 * labels[label] / count, 2) if count else None for label in LABELS
        },
        "trend": trend(reviews),
        "level": level,
        "level_note": level_note,
        "per_hand": [
            {
                "index": r.index,
                "seat": r.seat,
                "date": None if (day := date_of(r)) is None else day.isoformat(),
                "decisions": len(r.result.plays),
                "accuracy": r.result.accuracy,
                "total_loss": r.result.total_loss,
            }
            for r in reviews
        ],
    }
