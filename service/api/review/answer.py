"""The answer of /v1/review: a review written as JSON (each decision with its values, the value
graph, each seat's summary), what it refuses as 422 problems, and its X-Review-Cache and
Server-Timing headers. Batches, insights and jobs write their reviews and refusals this way."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from flask import Flask

from service.api.advice.answer import advised_move_dict, sweeps
from service.api.http.problems import ProblemError, problem_body, problem_of
from service.api.http.refused import illegal_record_move, invalid_state, refused
from service.api.http.searches import app_advice
from service.api.refusals import RefusedError
from service.api.review import lines
from service.api.review.batch import (
    BatchSummary,
    KeptAlive,
    Refused,
    Reviewed,
    batch_run,
    check_batch_total,
    check_count,
    prepared_entries,
)
from service.api.review.request import BatchReviewRequest, ReviewRequest
from service.api.review.reviewing import REFUSALS, Review, ReviewedDecision, review
from service.cache.advice_job import AdviceOf
from service.engine import codec
from service.engine.errors import InvalidStateError
from service.engine.message import Message
from service.engine.moves import Move, MoveKind
from service.engine.record import RecordMoveError
from service.engine.rules import Rules
from service.engine.state import EventKind, State, is_sweep
from service.search.accuracy import AT_THRESHOLDS, rounded
from service.search.review import (
    NOISE_Z,
    POINTS,
    UNRANKED,
    WIN,
    SeatSummary,
    decision_accuracy,
    legal_plays,
)
from service.search.special import UNRANKED_NOTES

PLAYS_NO_CARD = "plays no card: the search does not rank it"
THRESHOLDS = {
    "points": POINTS.to_dict(),
    "win_probability": WIN.to_dict(),
    "noise_z": NOISE_Z,
    "accuracy_at_thresholds": list(AT_THRESHOLDS),
}


def review_problem(error: Exception) -> ProblemError:
    """The 422 of what a review refuses (``reviewing.REFUSALS``): the record's replay under
    ``record``, the request's other fields as the refusal names them."""
    if isinstance(error, RefusedError):
        return refused(error)
    if isinstance(error, InvalidStateError):
        return invalid_state(error.problems, "record")
    assert isinstance(error, RecordMoveError)
    return illegal_record_move(error, "record")


def move_dict(state: State, move: Move) -> dict[str, Any]:
    """A move with whether it sweeps."""
    return codec.move_to_dict(move, is_sweep(state, move))


def decision_dict(decision: ReviewedDecision) -> dict[str, Any]:
    """One reviewed move as the answer lists it."""
    planned = decision.planned
    state, play = planned.state, planned.play
    entry: dict[str, Any] = {
        "index": planned.index,
        "seat": play.seat,
        "side": state.rules.side_of(play.seat),
        "status": planned.status,
        "legal_plays": legal_plays(state),
    }
    searched = decision.searched
    if searched is None:
        entry |= {
            "played": move_dict(state, play.move),
            "loss": None,
            "label": None,
            "accuracy": None,
        }
        if planned.status == UNRANKED:
            entry["note"] = UNRANKED_NOTES.get(play.move.kind, PLAYS_NO_CARD)
            if play.move.kind is MoveKind.CLAIM:
                right = any(e.kind is EventKind.CLAIM for e in planned.events)
                entry["claim"] = "right" if right else "wrong"
        return entry
    view, found, advice = searched.view, searched.compared, searched.advice
    with_match = searched.with_match
    if found.played is not None and found.best is not None:
        entry["played"] = {**advised_move_dict(view, found.played, with_match), "rank": found.rank}
        entry["best"] = {**advised_move_dict(view, found.best, with_match), "rank": 1}
    else:
        entry["played"] = move_dict(state, play.move)
    entry |= {
        "chosen": codec.move_to_dict(advice.chosen, sweeps(view, advice.chosen)),
        "chosen_by": advice.chosen_by,
    }
    verdict = found.verdict
    entry |= {
        "loss": None if verdict is None else verdict.loss,
        "noise": None if verdict is None else verdict.noise,
    }
    if with_match:
        entry["win_probability_loss"] = None if verdict is None else verdict.win_loss
        entry["win_probability_noise"] = None if verdict is None else verdict.win_noise
    stats = advice.stats
    entry |= {
        "label": None if verdict is None else verdict.label,
        "accuracy": None if verdict is None else rounded(decision_accuracy(verdict)),
        "exact": stats.exact,
        "worlds": stats.worlds,
        "undersampled": stats.undersampled,
        "seed": searched.job.seed,
    }
    return entry


def summary_dict(summary: SeatSummary, rules: Rules, with_match: bool) -> dict[str, Any]:
    """A seat's summary as JSON."""
    data: dict[str, Any] = {
        "seat": summary.seat,
        "side": rules.side_of(summary.seat),
        "decisions": summary.decisions,
        "forced": summary.forced,
        "unranked": summary.unranked,
        "undersampled": summary.undersampled,
        "total_loss": summary.total_loss,
        "mean_loss": summary.mean_loss,
        "best_share": summary.best_share,
        "labels": summary.labels,
        "accuracy": summary.accuracy,
        "phases": summary.phases,
    }
    if with_match:
        data["total_win_probability_loss"] = summary.total_win_loss
        data["mean_win_probability_loss"] = summary.mean_win_loss
    costliest = []
    for judged in summary.costliest:
        assert judged.verdict is not None
        costly: dict[str, Any] = {
            "index": judged.index,
            "loss": judged.verdict.loss,
            "label": judged.verdict.label,
        }
        if with_match:
            costly["win_probability_loss"] = judged.verdict.win_loss
        costliest.append(costly)
    data["costliest"] = costliest
    return data


def graph_point(decision: dict[str, Any], with_match: bool) -> dict[str, Any]:
    """One decision on the value graph: the side to move's expected value before the move
    (the best move's) and after it (the played move's), as the review measured them; null for
    a decision it did not search or could not rank."""
    best, played = decision.get("best"), decision["played"]
    point: dict[str, Any] = {
        "index": decision["index"],
        "seat": decision["seat"],
        "side": decision["side"],
        "before": None if best is None else best["value"],
        "after": None if best is None else played["value"],
        "label": decision["label"],
    }
    if with_match:
        point["win_before"] = None if best is None else best.get("win_probability")
        point["win_after"] = None if best is None else played.get("win_probability")
    return point


def review_dict(found: Review) -> dict[str, Any]:
    """A review as /v1/review answers it."""
    prepared = found.prepared
    request, context = prepared.request, prepared.context
    rules = request.record.rules
    with_match = context is not None
    decisions = [decision_dict(d) for d in found.decisions]
    return {
        "moves": len(request.record.moves),
        "finished": prepared.done.final.finished,
        "seats": sorted(prepared.seats),
        "budget": prepared.budget.to_dict(),
        "seed": request.seed,
        "match": None
        if context is None
        else {"scores": list(context.scores), "target": context.target},
        "thresholds": THRESHOLDS,
        "decisions": decisions,
        "graph": [graph_point(d, with_match) for d in decisions],
        "summary": [summary_dict(s, rules, with_match) for s in found.summaries],
    }


def review_answer(app: Flask, request: ReviewRequest) -> tuple[dict[str, Any], dict[str, str]]:
    """The review and its headers: X-Review-Cache and Server-Timing."""
    start = time.perf_counter()
    try:
        found, cache = review(request, app.config, app_advice(app))
    except REFUSALS as error:
        raise review_problem(error) from error
    counts = ", ".join(f"{status}={cache[status]}" for status in ("hit", "miss", "bypass"))
    elapsed = (time.perf_counter() - start) * 1000.0
    return review_dict(found), {
        "X-Review-Cache": counts,
        "Server-Timing": f"review;dur={elapsed:.3f}",
    }


def refusal_json(error: Exception) -> dict[str, Any]:
    """A refused record's problem as JSON: its request's, its review's (``review_problem``),
    or a 500 for an unexpected error (logged where it happened)."""
    if isinstance(error, ProblemError):
        return problem_of(error)
    if isinstance(error, REFUSALS):
        return problem_of(review_problem(error))
    return problem_body(500, Message("the server met an unexpected error; it has been logged"))


def outcome_line(outcome: Reviewed | Refused) -> dict[str, Any]:
    """A record's line: its review, or its problem."""
    if isinstance(outcome, Reviewed):
        return lines.review_line(outcome.index, review_dict(outcome.review))
    return lines.problem_line(outcome.index, refusal_json(outcome.error))


def batch_lines(
    events: Iterable[Reviewed | Refused | KeptAlive | BatchSummary],
) -> Iterator[dict[str, Any]]:
    """A batch's run as the stream's lines (``batch.batch_run``)."""
    for event in events:
        if isinstance(event, KeptAlive):
            yield {"type": lines.KEEPALIVE, "index": event.index, "done": event.done}
        elif isinstance(event, BatchSummary):
            yield {
                "type": lines.SUMMARY,
                "records": event.records,
                "reviewed": event.reviewed,
                "problems": event.problems,
                "cache": dict(event.cache),
                "elapsed_ms": event.elapsed_ms,
            }
        else:
            yield outcome_line(event)


def batch_answer(
    request: BatchReviewRequest, config: Mapping[str, Any], advice_of: AdviceOf
) -> Iterator[dict[str, Any]]:
    """A batch's lines under the settings, its records loaded one by one and planned before any
    search (a batch over its limits a 422), each record's advice from ``advice_of``."""
    try:
        check_count(len(request.reviews), config, "reviews")
        entries = prepared_entries(list(request.reviews), config)
        check_batch_total([e.prepared for e in entries if e.prepared], config, "reviews")
    except RefusedError as error:
        raise refused(error) from error
    return batch_lines(batch_run(entries, config, advice_of))
