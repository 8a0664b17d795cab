"""Reviews of hand records: each reviewed decision advised as an identical /v1/advice request
would be (the seat's view at that moment, engine ``view_of``, checked; the same budget, match
and seed; the same cache key, so a position already advised is not searched again), then
judged by ``search.review``, which also plans which decisions are searched, forced or unranked.

Before any search the total is checked: the decisions to search times the budget per decision
may not pass REVIEW_MAX_TOTAL_MS (or REVIEW_MAX_TOTAL_ITERATIONS); the time cap also bounds
each iteration budget's search (the deadline ``AdviceOf`` is given), so a review never holds a
worker longer; an advice so cut is not cached under the key of the full budget
(``http.searches.searched_in_full``).

A review is values (``Review``): each decision planned, judged and, when searched, its advice;
``review.answer`` writes it as JSON. What a review refuses (a record that does not replay,
seats not at the table, a budget over the caps) is raised as the engine's error or a
``RefusedError`` (``REFUSALS``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.api.advice.advising import budget_of, match_of
from service.api.refusals import BudgetTooLargeError, RefusedError
from service.api.review.request import ReviewRequest
from service.api.shapes.values import MatchInput, Seed
from service.cache.advice_job import AdviceJob, AdviceOf, advice_job
from service.engine.errors import InvalidStateError
from service.engine.message import Message
from service.engine.moves import Move
from service.engine.record import RecordMoveError, Replay, replay
from service.engine.rules import Rules
from service.engine.view import View, view_of
from service.search import Advice, Budget, MatchContext, decision_of
from service.search.advisor import searched_plays
from service.search.review import (
    SEARCHED,
    Compared,
    Judged,
    Planned,
    SeatSummary,
    compare,
    plan,
    summaries,
)

# What a review refuses a record with: its replay's errors, and the use case's refusals.
REFUSALS = (RefusedError, InvalidStateError, RecordMoveError)


def seats_of(rules: Rules, data: Sequence[int] | None) -> frozenset[int]:
    """The seats to review (every seat by default); refused naming the bad entries."""
    if data is None:
        return frozenset(range(rules.players))
    errors: dict[str, list[str]] = {}
    for i, seat in enumerate(data):
        if seat >= rules.players:
            errors[f"seats[{i}]"] = [Message("must be a seat 0..{last}", last=rules.players - 1)]
        elif seat in data[:i]:
            errors[f"seats[{i}]"] = [Message("seat {seat} is listed twice", seat=seat)]
    if errors:
        raise RefusedError(errors)
    return frozenset(data)


def check_total(budget: Budget, searched: int, config: Mapping[str, Any]) -> None:
    """Refused when the decisions to search times the budget pass the review cap, giving the
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
    raise BudgetTooLargeError.of(f"budget.{kind}", reason, largest_budget={kind: largest})


def played_move_job(
    view: View, move: Move, budget: Budget, match: MatchContext | None, seed: Seed | None
) -> AdviceJob:
    """The advice job of a decision whose played move must be ranked, even in a position with
    more plays than the search ranks."""
    decision = decision_of(view)
    plays = [m for m in decision.legal if m.plays_card]
    must = () if move in searched_plays(view, plays) else (move,)
    return advice_job(decision, budget, match, seed, must)


@dataclass(frozen=True, slots=True)
class Searched:
    """A searched decision: the seat's view then, the advice job (its seed and match), the
    advice, and the played move found among its ranked moves and judged."""

    view: View
    job: AdviceJob
    advice: Advice
    compared: Compared

    @property
    def with_match(self) -> bool:
        """Whether the decision was advised in a match (win probabilities)."""
        return self.job.match is not None


@dataclass(frozen=True, slots=True)
class ReviewedDecision:
    """One reviewed move: its plan, how the summary reads it, and its search when it had one."""

    planned: Planned
    judged: Judged
    searched: Searched | None = None


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


@dataclass(frozen=True, slots=True)
class Review:
    """A record reviewed: its plan, each reviewed decision in move order, and each reviewed
    seat's summary in seat order."""

    prepared: PreparedReview
    decisions: tuple[ReviewedDecision, ...]
    summaries: tuple[SeatSummary, ...]


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

    def searched(self, planned: Planned) -> ReviewedDecision:
        """A searched decision: advised through the source (the played move searched even in a
        position with more plays than the search ranks), judged."""
        move = planned.play.move
        view = view_of(planned.state, planned.play.seat)
        match = match_of(view.rules, self.match, view)
        job = played_move_job(view, move, self.budget, match, self.seed)
        advice, status = self.advice_of(job, self.deadline_ms())
        self.cache[status] += 1
        found = compare(advice, move)
        judged = Judged(planned.index, planned.play.seat, SEARCHED, found.verdict)
        return ReviewedDecision(planned, judged, Searched(view, job, advice, found))

    def decision(self, planned: Planned) -> ReviewedDecision:
        """One reviewed move: searched, or as its plan says (forced, unranked)."""
        if planned.status == SEARCHED:
            return self.searched(planned)
        return ReviewedDecision(planned, Judged(planned.index, planned.play.seat, planned.status))


def prepared_review(request: ReviewRequest, config: Mapping[str, Any]) -> PreparedReview:
    """A request's record replayed and its review planned (``REFUSALS`` raised)."""
    record = request.record
    done = replay(record)
    rules = record.rules
    seats = seats_of(rules, request.seats)
    budget = budget_of(request.budget, config, "budget", rules)
    context = match_of(rules, request.match, view_of(done.states[0], 0))
    planned = tuple(plan(done, record.moves, seats))
    return PreparedReview(request, done, seats, budget, context, planned)


def review_steps(prepared: PreparedReview, reviewer: Reviewer) -> Iterator[Review | None]:
    """A planned review run decision by decision: None after each, then the review."""
    decisions = []
    for each in prepared.planned:
        decisions.append(reviewer.decision(each))
        yield None
    with_match = prepared.context is not None
    judged = [d.judged for d in decisions]
    seats = summaries(sorted(prepared.seats), judged, with_match)
    yield Review(prepared, tuple(decisions), tuple(seats))


def finished(steps: Iterator[Review | None]) -> Review:
    """The review at the end of its steps."""
    found = None
    for step in steps:
        found = step
    assert found is not None
    return found


def review(
    request: ReviewRequest, config: Mapping[str, Any], advice_of: AdviceOf
) -> tuple[Review, Counter[str]]:
    """The review of a request's record under the settings, each decision's advice from
    ``advice_of``, and how the searches met the cache."""
    prepared = prepared_review(request, config)
    check_total(prepared.budget, prepared.searched, config)
    cap_ms = config["REVIEW_MAX_TOTAL_MS"]
    reviewer = Reviewer(advice_of, cap_ms, prepared.budget, request.seed, request.match)
    return finished(review_steps(prepared, reviewer)), reviewer.cache
