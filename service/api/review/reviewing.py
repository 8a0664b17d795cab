"""Reviews of hand records: each reviewed decision advised as an identical /v1/advice request
would be (the seat's view at that moment, engine ``view_of``, checked; the same budget, match
and seed; the same cache key, so a position already advised is not searched again), then
judged by ``search.review``, which also plans which decisions are searched, forced or unranked.

Before any search the total is checked: the decisions to search times the budget per decision
may not pass REVIEW_MAX_TOTAL_MS (or REVIEW_MAX_TOTAL_ITERATIONS); the time cap also bounds
each iteration budget's search (``cached_advice``'s deadline), so a review never holds a worker
longer; an advice so cut is not cached under the key of the full budget
(``advising.searched_in_full``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Flask

from service.api.advice.advising import (
    AdviceJob,
    advice_job,
    budget_of,
    cached_advice,
    computed_advice,
    match_of,
)
from service.api.advice.answer import advised_move_dict, sweeps
from service.api.http.problems import (
    BUDGET_TOO_LARGE,
    BUDGET_TOO_LARGE_TITLE,
    VALIDATION,
    ProblemError,
    field_message,
)
from service.api.records.answer import replayed
from service.api.review.request import ReviewRequest
from service.api.shapes.values import MatchInput, Seed
from service.engine import codec
from service.engine.message import Joined, Message
from service.engine.moves import Move, MoveKind
from service.engine.record import Replay
from service.engine.rules import Rules
from service.engine.state import EventKind, State, is_sweep
from service.engine.view import View, view_of
from service.search import Advice, Budget, MatchContext, decision_of
from service.search.accuracy import AT_THRESHOLDS, rounded
from service.search.advisor import searched_plays
from service.search.review import (
    NOISE_Z,
    POINTS,
    SEARCHED,
    UNRANKED,
    WIN,
    Judged,
    Planned,
    SeatSummary,
    compare,
    decision_accuracy,
    legal_plays,
    plan,
    summaries,
)
from service.search.special import UNRANKED_NOTES

PLAYS_NO_CARD = "plays no card: the search does not rank it"
# The advice of a job searched within a deadline (ms), and its cache status.
AdviceOf = Callable[[AdviceJob, int], tuple[Advice, str]]


def app_advice(app: Flask) -> AdviceOf:
    """Advice through the app's advice cache and its worker's search slot."""

    def advice_of(job: AdviceJob, deadline_ms: int) -> tuple[Advice, str]:
        advice, status, _ = cached_advice(app, job, deadline_ms)
        return advice, status

    return advice_of


def uncached_advice(config: Mapping[str, Any]) -> AdviceOf:
    """Advice searched every time, under the settings' caps (examples, benchmarks)."""

    def advice_of(job: AdviceJob, deadline_ms: int) -> tuple[Advice, str]:
        max_ms = min(config["ADVICE_MAX_MS"], deadline_ms)
        return computed_advice(job, max(1, max_ms), config["ADVICE_QUEUE_MS"]), "bypass"

    return advice_of


def seats_of(rules: Rules, data: Sequence[int] | None) -> frozenset[int]:
    """The seats to review (every seat by default), or a 422 naming the bad entries."""
    if data is None:
        return frozenset(range(rules.players))
    errors: dict[str, list[str]] = {}
    for i, seat in enumerate(data):
        if seat >= rules.players:
            errors[f"seats[{i}]"] = [Message("must be a seat 0..{last}", last=rules.players - 1)]
        elif seat in data[:i]:
            errors[f"seats[{i}]"] = [Message("seat {seat} is listed twice", seat=seat)]
    if errors:
        detail = Joined("; ", (field_message(k, v[0]) for k, v in errors.items()))
        raise ProblemError(422, detail, errors, VALIDATION)
    return frozenset(data)


def check_total(budget: Budget, searched: int, config: Mapping[str, Any]) -> None:
    """A 422 when the decisions to search times the budget pass the review cap, giving the
    largest budget per decision this record allows."""
    if budget.ms is not None:
        kind, asked, cap = "ms", budget.ms, config["REVIEW_MAX_TOTAL_MS"]
    else:
        kind, asked, cap = (
            "iterations",
            budget.iterations or 0,
            config["REVIEW_MAX_TOTAL_ITERATIONS"],
        )
    if searched * asked <= cap:
        return
    largest = cap // searched
    allowed = (
        Message("at most {largest} {kind} per decision for this record", largest=largest, kind=kind)
        if largest
        else Message("no budget fits: review fewer seats")
    )
    reason = Message(
        "{searched} decisions to search at {asked} {kind} each is {total} {kind}, over this "
        "server's review cap of {cap}: {allowed}",
        searched=searched,
        asked=asked,
        kind=kind,
        total=searched * asked,
        cap=cap,
        allowed=allowed,
    )
    raise budget_too_large(f"budget.{kind}", reason, largest_budget={kind: largest})


def budget_too_large(field: str, reason: Message, **extensions: Any) -> ProblemError:
    """The 422 budget-too-large problem of a field, with its extensions."""
    return ProblemError(
        422,
        field_message(field, reason),
        {field: [reason]},
        BUDGET_TOO_LARGE,
        BUDGET_TOO_LARGE_TITLE,
        **extensions,
    )


def move_dict(state: State, move: Move) -> dict[str, Any]:
    """A move with whether it sweeps."""
    return codec.move_to_dict(move, is_sweep(state, move))


def played_move_job(
    view: View, move: Move, budget: Budget, match: MatchContext | None, seed: Seed | None
) -> AdviceJob:
    """The advice job of a decision whose played move must be ranked, even in a position with
    more plays than the search ranks."""
    decision = decision_of(view)
    plays = [m for m in decision.legal if m.plays_card]
    must = () if move in searched_plays(view, plays) else (move,)
    return advice_job(decision, budget, match, seed, must)


class Reviewer:
    """One review's run: where advice comes from, the time cap, the budget, seed and match, and
    how the searches met the cache (a batch gives every record's run its own start and
    counts)."""

    def __init__(
        self,
        advice_of: AdviceOf,
        cap_ms: int,
        budget: Budget,
        seed: Seed | None,
        match: MatchInput | None,
        *,
        start: float | None = None,
        cache: Counter[str] | None = None,
    ) -> None:
        self.advice_of = advice_of
        self.budget = budget
        self.seed = seed
        self.match = match
        self.cap_ms = cap_ms
        self.start = time.perf_counter() if start is None else start
        self.cache: Counter[str] = Counter() if cache is None else cache

    @classmethod
    def of(
        cls,
        prepared: PreparedReview,
        advice_of: AdviceOf,
        cap_ms: int,
        *,
        start: float | None,
        cache: Counter[str],
    ) -> Reviewer:
        """The run of one planned review among others (a batch's): their start and counts."""
        request = prepared.request
        return cls(
            advice_of,
            cap_ms,
            prepared.budget,
            request.seed,
            request.match,
            start=start,
            cache=cache,
        )

    def deadline_ms(self) -> int:
        """What is left of the review's time cap, for the next search (at least 1 ms)."""
        spent = (time.perf_counter() - self.start) * 1000.0
        return max(1, int(self.cap_ms - spent))

    def searched(self, planned: Planned) -> tuple[dict[str, Any], Judged]:
        """A searched decision: advised through the cache (the played move searched even in a
        position with more plays than the search ranks), judged."""
        move = planned.play.move
        view = view_of(planned.state, planned.play.seat)
        match: MatchContext | None = match_of(view.rules, self.match, view)
        job = played_move_job(view, move, self.budget, match, self.seed)
        advice, status = self.advice_of(job, self.deadline_ms())
        self.cache[status] += 1
        found = compare(advice, move)
        with_match = match is not None
        stats = advice.stats
        entry: dict[str, Any] = {}
        if found.played is not None and found.best is not None:
            entry["played"] = {
                **advised_move_dict(view, found.played, with_match),
                "rank": found.rank,
            }
            entry["best"] = {**advised_move_dict(view, found.best, with_match), "rank": 1}
        else:
            entry["played"] = move_dict(planned.state, move)
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
        entry |= {
            "label": None if verdict is None else verdict.label,
            "accuracy": None if verdict is None else rounded(decision_accuracy(verdict)),
            "exact": stats.exact,
            "worlds": stats.worlds,
            "undersampled": stats.undersampled,
            "seed": job.seed,
        }
        return entry, Judged(planned.index, planned.play.seat, SEARCHED, verdict)

    def decision(self, planned: Planned) -> tuple[dict[str, Any], Judged]:
        """One reviewed move as the answer lists it, and as the summary reads it."""
        state, play = planned.state, planned.play
        entry: dict[str, Any] = {
            "index": planned.index,
            "seat": play.seat,
            "side": state.rules.side_of(play.seat),
            "status": planned.status,
            "legal_plays": legal_plays(state),
        }
        if planned.status == SEARCHED:
            found, judged = self.searched(planned)
            return entry | found, judged
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
        return entry, Judged(planned.index, play.seat, planned.status)


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


THRESHOLDS = {
    "points": POINTS.to_dict(),
    "win_probability": WIN.to_dict(),
    "noise_z": NOISE_Z,
    "accuracy_at_thresholds": list(AT_THRESHOLDS),
}


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


@dataclass(frozen=True, slots=True)
class PreparedReview:
    """A review request checked and planned, before any search: the replayed record, the
    seats, the budget per decision, the match and each reviewed move's plan."""

    request: ReviewRequest
    done: Replay
    seats: frozenset[int]
    budget: Budget
    context: MatchContext | None
    planned: tuple[Planned, ...]

    @property
    def searched(self) -> int:
        """How many decisions the review searches."""
        return sum(1 for p in self.planned if p.status == SEARCHED)


def prepared_review(request: ReviewRequest, config: Mapping[str, Any]) -> PreparedReview:
    """A request's record replayed and its review planned (its problems are 422s)."""
    record = request.record
    done = replayed(record)
    rules = record.rules
    seats = seats_of(rules, request.seats)
    budget = budget_of(request.budget, config, "budget", rules)
    context = match_of(rules, request.match, view_of(done.states[0], 0))
    planned = tuple(plan(done, record.moves, seats))
    return PreparedReview(request, done, seats, budget, context, planned)


def review_steps(prepared: PreparedReview, reviewer: Reviewer) -> Iterator[dict[str, Any] | None]:
    """A planned review run decision by decision: None after each, then the answer."""
    decisions, judged = [], []
    for each in prepared.planned:
        entry, verdict = reviewer.decision(each)
        decisions.append(entry)
        judged.append(verdict)
        yield None
    request, context, seats = prepared.request, prepared.context, prepared.seats
    rules = request.record.rules
    with_match = context is not None
    yield {
        "moves": len(request.record.moves),
        "finished": prepared.done.final.finished,
        "seats": sorted(seats),
        "budget": prepared.budget.to_dict(),
        "seed": request.seed,
        "match": None
        if context is None
        else {"scores": list(context.scores), "target": context.target},
        "thresholds": THRESHOLDS,
        "decisions": decisions,
        "graph": [graph_point(d, with_match) for d in decisions],
        "summary": [
            summary_dict(s, rules, with_match) for s in summaries(sorted(seats), judged, with_match)
        ],
    }


def finished(steps: Iterator[dict[str, Any] | None]) -> dict[str, Any]:
    """The answer at the end of a review's steps."""
    answer = None
    for step in steps:
        answer = step
    assert answer is not None
    return answer


def review(
    request: ReviewRequest, config: Mapping[str, Any], advice_of: AdviceOf
) -> tuple[dict[str, Any], Counter[str]]:
    """The review of a request's record under the settings, each decision's advice from
    ``advice_of`` (``app_advice`` for a request), and how the searches met the cache."""
    prepared = prepared_review(request, config)
    check_total(prepared.budget, prepared.searched, config)
    cap_ms = config["REVIEW_MAX_TOTAL_MS"]
    reviewer = Reviewer(advice_of, cap_ms, prepared.budget, request.seed, request.match)
    return finished(review_steps(prepared, reviewer)), reviewer.cache


def review_answer(app: Flask, request: ReviewRequest) -> tuple[dict[str, Any], dict[str, str]]:
    """The review and its headers: X-Review-Cache and Server-Timing."""
    start = time.perf_counter()
    result, cache = review(request, app.config, app_advice(app))
    counts = ", ".join(f"{status}={cache[status]}" for status in ("hit", "miss", "bypass"))
    elapsed = (time.perf_counter() - start) * 1000.0
    return result, {"X-Review-Cache": counts, "Server-Timing": f"review;dur={elapsed:.3f}"}
