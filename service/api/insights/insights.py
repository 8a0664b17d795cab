"""Insights over many hands of one player: each hand reviewed for the player's seat (through
the advice cache, at the level estimate's budget unless asked otherwise), then accuracy
overall and per phase, the mean loss per decision with its 95% interval, where the points
go by scoring category, situations per hand, labels per 100 decisions, the trend by date, and
the estimated playing level.

A hand's seat is its ``seat``, or the seat whose name in the record's ``meta.players`` is
the request's ``player``. Hands that do not load, replay or name the player are listed with
their problems and left out; the batch cap of the reviews is checked over the usable hands
before any search (``batch_review.check_batch_total``).
"""

from __future__ import annotations

import datetime
import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.api.http.problems import VALIDATION, ProblemError, field_message, problem_of
from service.api.insights.request import InsightsRequest, PlayerHand
from service.api.review.batch import check_batch_total, check_count
from service.api.review.request import ReviewRequest
from service.api.review.reviewing import (
    AdviceOf,
    PreparedReview,
    Reviewer,
    finished,
    prepared_review,
    review_steps,
)
from service.api.shapes.values import Seed
from service.engine.message import Message
from service.search import Budget, accuracy
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
from service.search.review import BLUNDER, LABELS, MISTAKE, SEARCHED, UNRANKED
from service.search.situations import SITUATIONS, situations_of

Z95 = 1.959964
DAYS_PER_TREND_STEP = 30


def seat_figures(summary: Mapping[str, Any]) -> HandFigures | None:
    """A reviewed seat's figures for the level estimate, from its review summary."""
    labels = summary["labels"]
    return hand_figures(
        summary["decisions"],
        summary["total_loss"],
        labels["best"],
        labels[MISTAKE] + labels[BLUNDER],
    )


def seat_of(hand: PlayerHand, player: str | None) -> int:
    """The player's seat in a hand: as given, or found by name in ``meta.players``."""
    if hand.seat is not None:
        if hand.seat >= hand.record.rules.players:
            reason = Message("must be a seat 0..{last}", last=hand.record.rules.players - 1)
            raise ProblemError(422, field_message("seat", reason), {"seat": [reason]}, VALIDATION)
        return hand.seat
    names = dict(hand.record.meta).get("players")
    if player is not None and isinstance(names, tuple) and player in names:
        return names.index(player)
    reason = Message(
        "no seat: give the hand's seat, or the request's player as named in meta.players"
    )
    raise ProblemError(422, field_message("seat", reason), {"seat": [reason]}, VALIDATION)


def planned_hand(
    hand: PlayerHand,
    player: str | None,
    budget: Budget | None,
    seed: Seed | None,
    config: Mapping[str, Any],
) -> tuple[int, PreparedReview]:
    """The player's seat in a hand and the hand's review planned for that seat, at the level
    estimate's budget and seed unless others are given (its problems are 422s)."""
    seat = seat_of(hand, player)
    chosen_seed = REVIEW_SEED if seed is None else seed
    request = ReviewRequest(hand.record, (seat,), budget or REVIEW_BUDGET, None, chosen_seed)
    return seat, prepared_review(request, config)


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """One of the player's hands, reviewed: its index in the request, seat and review."""

    index: int
    seat: int
    prepared: PreparedReview
    review: dict[str, Any]


@dataclass(frozen=True, slots=True)
class HandsToReview:
    """A player's hands as loaded, who the player is, and how the hands are reviewed; the
    budget of each searched decision's later re-search (drills) counts toward the cap."""

    loaded: Sequence[PlayerHand | ProblemError]
    player: str | None
    budget: Budget | None
    seed: Seed | None
    also_per_decision: Budget | None = None


def reviewed_hands(
    hands: HandsToReview, config: Mapping[str, Any], advice_of: AdviceOf
) -> tuple[list[PlayerReview], list[dict[str, Any]]]:
    """The player's hands reviewed for their seat, and the problems of those left out."""
    check_count(len(hands.loaded), config, "hands")
    planned: list[tuple[int, int, PreparedReview]] = []
    problems: list[dict[str, Any]] = []
    for index, hand in enumerate(hands.loaded):
        try:
            if isinstance(hand, ProblemError):
                raise hand
            seat, prepared = planned_hand(hand, hands.player, hands.budget, hands.seed, config)
            planned.append((index, seat, prepared))
        except ProblemError as error:
            problems.append({"index": index, "problem": problem_of(error)})
    check_batch_total([p for _, _, p in planned], config, "hands", hands.also_per_decision)
    start = None
    cache: Counter[str] = Counter()
    found = []
    for index, seat, prepared in planned:
        cap_ms = config["REVIEW_BATCH_MAX_TOTAL_MS"]
        reviewer = Reviewer.of(prepared, advice_of, cap_ms, start=start, cache=cache)
        start = reviewer.start
        found.append(
            PlayerReview(index, seat, prepared, finished(review_steps(prepared, reviewer)))
        )
    return found, problems


@dataclass(frozen=True, slots=True)
class Judged:
    """One judged decision of the player: its accuracy, loss, label, phase, and the best and
    played moves' breakdowns."""

    accuracy: float
    loss: float
    label: str
    phase: str
    best: Mapping[str, float]
    played: Mapping[str, float]


def judged_decisions(review: Mapping[str, Any]) -> list[Judged]:
    """The judged decisions of a one-seat review, each with its phase."""
    plays = [d for d in review["decisions"] if d["status"] != UNRANKED]
    found = []
    for position, decision in enumerate(plays):
        if decision["status"] != SEARCHED or decision["accuracy"] is None:
            continue
        found.append(
            Judged(
                decision["accuracy"],
                decision["loss"],
                decision["label"],
                accuracy.phase_of(position, len(plays)),
                decision.get("best", {}).get("breakdown", {}),
                decision["played"].get("breakdown", {}),
            )
        )
    return found


def mean_with_interval(hands: Sequence[tuple[float, int]]) -> dict[str, float | None]:
    """The mean loss per decision over hands (total loss, decisions) and its 95% interval,
    hands as clusters (a ratio estimate)."""
    count = sum(n for _, n in hands)
    if not count:
        return {"value": None, "low": None, "high": None}
    mean = sum(loss for loss, _ in hands) / count
    if len(hands) < 2:
        return {"value": round(mean, 6), "low": None, "high": None}
    residuals = sum((loss - mean * n) ** 2 for loss, n in hands)
    error = math.sqrt(len(hands) / (len(hands) - 1) * residuals) / count
    return {
        "value": round(mean, 6),
        "low": round(mean - Z95 * error, 6),
        "high": round(mean + Z95 * error, 6),
    }


def date_of(review: PlayerReview) -> datetime.date | None:
    """The hand's date from ``meta.date`` (ISO 8601, its first ten characters), if any."""
    value = dict(review.prepared.request.record.meta).get("date")
    if not isinstance(value, str):
        return None
    try:
        return datetime.date.fromisoformat(value[:10])
    except ValueError:
        return None


def trend(reviews: Sequence[PlayerReview], judged: Mapping[int, list[Judged]]) -> dict[str, Any]:
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
        decisions = [d for r in by_date[day] for d in judged[r.index]]
        dates.append(
            {
                "date": day.isoformat(),
                "hands": len(by_date[day]),
                "decisions": len(decisions),
                "accuracy": accuracy.rounded(accuracy.combined([d.accuracy for d in decisions])),
                "mean_loss": round(sum(d.loss for d in decisions) / len(decisions), 6)
                if decisions
                else None,
            }
        )
        for review in by_date[day]:
            hand = review.review["summary"][0]["accuracy"]
            if hand is not None:
                points.append((float(day.toordinal()), hand))
    return {"dates": dates, "undated": undated, "slope_per_30_days": slope(points)}


def slope(points: Sequence[tuple[float, float]]) -> float | None:
    """The least-squares slope of (day, accuracy) points per 30 days (None with one day)."""
    if len({x for x, _ in points}) < 2:
        return None
    mean_x = sum(x for x, _ in points) / len(points)
    mean_y = sum(y for _, y in points) / len(points)
    sxx = sum((x - mean_x) ** 2 for x, _ in points)
    sxy = sum((x - mean_x) * (y - mean_y) for x, y in points)
    return round(sxy / sxx * DAYS_PER_TREND_STEP, 3)


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
    figures = [f for r in used if (f := seat_figures(r.review["summary"][0])) is not None]
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
    request: InsightsRequest,
    loaded: Sequence[PlayerHand | ProblemError],
    config: Mapping[str, Any],
    advice_of: AdviceOf,
) -> dict[str, Any]:
    """The insights of a player's hands (module docstring)."""
    hands_to_review = HandsToReview(loaded, request.player, request.budget, request.seed)
    reviews, problems = reviewed_hands(hands_to_review, config, advice_of)
    return insights_of(request, reviews, problems)


def insights_of(
    request: InsightsRequest, reviews: Sequence[PlayerReview], problems: list[dict[str, Any]]
) -> dict[str, Any]:
    """The insights of a player's hands once reviewed, and the problems of those left out."""
    judged = {r.index: judged_decisions(r.review) for r in reviews}
    everything = [d for r in reviews for d in judged[r.index]]
    labels = Counter(d.label for d in everything)
    count = len(everything)
    categories: dict[str, float] = defaultdict(float)
    for d in everything:
        for name in set(d.best) | set(d.played):
            categories[name] += d.best.get(name, 0.0) - d.played.get(name, 0.0)
    situations: Counter[str] = Counter()
    for r in reviews:
        found = situations_of(r.prepared.done, r.prepared.request.record.moves, r.seat)
        situations.update(found.to_dict())
    hands = len(reviews)
    budget = (request.budget or REVIEW_BUDGET).to_dict()
    level, level_note = level_dict(reviews, budget)
    return {
        "player": request.player,
        "hands": hands,
        "budget": budget,
        "seed": REVIEW_SEED if request.seed is None else request.seed,
        "decisions": count,
        "accuracy": accuracy.rounded(accuracy.combined([d.accuracy for d in everything])),
        "phases": {
            phase: accuracy.rounded(
                accuracy.combined([d.accuracy for d in everything if d.phase == phase])
            )
            for phase in accuracy.PHASES
        },
        "mean_loss": mean_with_interval(
            [(sum(d.loss for d in judged[r.index]), len(judged[r.index])) for r in reviews]
        ),
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
        "trend": trend(reviews, judged),
        "level": level,
        "level_note": level_note,
        "per_hand": [
            {
                "index": r.index,
                "seat": r.seat,
                "date": None if (day := date_of(r)) is None else day.isoformat(),
                "decisions": len(judged[r.index]),
                "accuracy": r.review["summary"][0]["accuracy"],
                "total_loss": r.review["summary"][0]["total_loss"],
            }
            for r in reviews
        ],
        "problems": problems,
    }
