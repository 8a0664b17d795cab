"""Reviews of hand records: each reviewed decision advised as an identical /v1/advice request
would be (the seat's view at that moment, engine ``view_of``, checked; the same budget, match
and seed; the same cache key, so a position already advised is not searched again), then
judged by ``search.review``.

A move that plays a card while it was the seat's only legal card play is forced: reported, not
searched. A move that plays no card (the cutter's keep or table, a declaration, a claim) is
unranked: the search does not rank such moves, so it is reported with the advice's note (and a
claim with its verdict) and counts in no loss. Before any search the total is checked: the
decisions to search times the budget per decision may not pass REVIEW_MAX_TOTAL_MS (or
REVIEW_MAX_TOTAL_ITERATIONS); the time cap also bounds each iteration budget's search
(``cached_answer``'s deadline), so a review never holds a worker longer; an answer so cut is
not cached under the key of the full budget (``advising.searched_in_full``).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Flask

from service.api.advising import (
    AdviceJob,
    advice_job,
    budget_of,
    cached_answer,
    computed_answer,
    match_of,
)
from service.api.hand_records import record_from_body, replayed
from service.api.problems import (
    BUDGET_TOO_LARGE,
    BUDGET_TOO_LARGE_TITLE,
    VALIDATION,
    ProblemError,
    field_message,
)
from service.engine import codec
from service.engine.message import Joined, Message
from service.engine.moves import Move, MoveKind
from service.engine.record import Replay
from service.engine.rules import Rules
from service.engine.state import Event, EventKind, Play, State, is_sweep, legal_moves
from service.engine.view import view_of
from service.search import Budget, MatchContext, decision_of
from service.search.review import (
    FORCED,
    NOISE_Z,
    POINTS,
    SEARCHED,
    UNRANKED,
    WIN,
    Estimate,
    Judged,
    SeatSummary,
    judge,
    summaries,
)
from service.search.special import UNRANKED_NOTES

PLAYS_NO_CARD = "plays no card: the search does not rank it"
# The advice answer of a job searched within a deadline (ms), and its cache status.
AnswerOf = Callable[[AdviceJob, int], tuple[dict[str, Any], str]]


def app_answers(app: Flask) -> AnswerOf:
    """Answers through the app's advice cache and its worker's search slot."""

    def answer_of(job: AdviceJob, deadline_ms: int) -> tuple[dict[str, Any], str]:
        answer, status, _ = cached_answer(app, job, deadline_ms)
        return answer, status

    return answer_of


def uncached_answers(config: Mapping[str, Any]) -> AnswerOf:
    """Answers searched every time, under the settings' caps (examples, benchmarks)."""

    def answer_of(job: AdviceJob, deadline_ms: int) -> tuple[dict[str, Any], str]:
        max_ms = min(config["ADVICE_MAX_MS"], deadline_ms)
        return computed_answer(job, max(1, max_ms), config["ADVICE_QUEUE_MS"]), "bypass"

    return answer_of


@dataclass(frozen=True, slots=True)
class Planned:
    """A reviewed move: its index, the state it met, the move and its events, its status."""

    index: int
    state: State
    play: Play
    events: tuple[Event, ...]
    status: str


def plan(done: Replay, moves: Sequence[Play], seats: frozenset[int]) -> list[Planned]:
    """The reviewed seats' moves, each searched, forced or unranked."""
    found = []
    for index, play in enumerate(moves):
        if play.seat not in seats:
            continue
        state = done.states[index]
        if not play.move.plays_card:
            status = UNRANKED
        elif sum(1 for m in legal_moves(state) if m.plays_card) == 1:
            status = FORCED
        else:
            status = SEARCHED
        found.append(Planned(index, state, play, done.events[index], status))
    return found


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
    field = f"budget.{kind}"
    raise ProblemError(
        422,
        field_message(field, reason),
        {field: [reason]},
        BUDGET_TOO_LARGE,
        BUDGET_TOO_LARGE_TITLE,
        largest_budget={kind: largest},
    )


def move_dict(state: State, move: Move) -> dict[str, Any]:
    """A move with whether it sweeps."""
    return codec.move_to_dict(move, is_sweep(state, move))


def estimate_of(entry: Mapping[str, Any]) -> Estimate:
    """A ranked move of an advice answer as the judge reads it."""
    return Estimate(
        value=entry["value"],
        win_probability=entry.get("win_probability"),
        std_error=entry.get("std_error"),
        win_std_error=entry.get("win_std_error"),
        std_error_vs_best=entry.get("std_error_vs_best"),
    )


class Reviewer:
    """One review's run: where answers come from, the time cap, the budget, seed and match, and
    how the answers met the cache."""

    def __init__(
        self,
        answer_of: AnswerOf,
        cap_ms: int,
        budget: Budget,
        seed: int | str | None,
        match: Mapping[str, Any] | None,
    ) -> None:
        self.answer_of = answer_of
        self.budget = budget
        self.seed = seed
        self.match = match
        self.cap_ms = cap_ms
        self.start = time.perf_counter()
        self.cache: Counter[str] = Counter()

    def deadline_ms(self) -> int:
        """What is left of the review's time cap, for the next search (at least 1 ms)."""
        spent = (time.perf_counter() - self.start) * 1000.0
        return max(1, int(self.cap_ms - spent))

    def searched(self, planned: Planned) -> tuple[dict[str, Any], Judged]:
        """A searched decision: advised through the cache, judged."""
        state, move = planned.state, planned.play.move
        decision = decision_of(view_of(state, planned.play.seat))
        match: MatchContext | None = match_of(state.rules, self.match, decision.view)
        job = advice_job(decision, self.budget, match, self.seed)
        answer, status = self.answer_of(job, self.deadline_ms())
        self.cache[status] += 1
        ranked = [m for m in answer["moves"] if m["value"] is not None]
        played_rank = next(
            rank for rank, m in enumerate(ranked, 1) if codec.move_from_dict(m) == move
        )
        best, played = ranked[0], ranked[played_rank - 1]
        stats = answer["stats"]
        verdict = judge(
            estimate_of(best), estimate_of(played), is_best=played_rank == 1, exact=stats["exact"]
        )
        entry: dict[str, Any] = {
            "played": {**played, "rank": played_rank},
            "best": {**best, "rank": 1},
            "chosen": answer["chosen"],
            "chosen_by": answer["chosen_by"],
            "loss": verdict.loss,
            "noise": verdict.noise,
        }
        if match is not None:
            entry["win_probability_loss"] = verdict.win_loss
            entry["win_probability_noise"] = verdict.win_noise
        entry |= {
            "label": verdict.label,
            "exact": stats["exact"],
            "worlds": stats["worlds"],
            "seed": stats["seed"],
        }
        judged = Judged(planned.index, planned.play.seat, SEARCHED, verdict)
        return entry, judged

    def decision(self, planned: Planned) -> tuple[dict[str, Any], Judged]:
        """One reviewed move as the answer lists it, and as the summary reads it."""
        state, play = planned.state, planned.play
        entry: dict[str, Any] = {
            "index": planned.index,
            "seat": play.seat,
            "side": state.rules.side_of(play.seat),
            "status": planned.status,
            "legal_plays": sum(1 for m in legal_moves(state) if m.plays_card),
        }
        if planned.status == SEARCHED:
            found, judged = self.searched(planned)
            return entry | found, judged
        entry |= {"played": move_dict(state, play.move), "loss": None, "label": None}
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
        "total_loss": summary.total_loss,
        "mean_loss": summary.mean_loss,
        "best_share": summary.best_share,
        "labels": summary.labels,
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


THRESHOLDS = {"points": POINTS.to_dict(), "win_probability": WIN.to_dict(), "noise_z": NOISE_Z}


def review(
    body: Mapping[str, Any], config: Mapping[str, Any], answer_of: AnswerOf
) -> tuple[dict[str, Any], Counter[str]]:
    """The review of a request's record under the settings, each decision's advice from
    ``answer_of`` (``app_answers`` for a request), and how they met the cache."""
    record = record_from_body(body["record"])
    done = replayed(record)
    rules = record.rules
    seats = seats_of(rules, body.get("seats"))
    budget = budget_of(body.get("budget"), config, "budget")
    match_data = body.get("match")
    context = match_of(rules, match_data, view_of(done.states[0], 0))
    planned = plan(done, record.moves, seats)
    check_total(budget, sum(1 for p in planned if p.status == SEARCHED), config)
    cap_ms = config["REVIEW_MAX_TOTAL_MS"]
    reviewer = Reviewer(answer_of, cap_ms, budget, body.get("seed"), match_data)
    decisions, judged = [], []
    for each in planned:
        entry, verdict = reviewer.decision(each)
        decisions.append(entry)
        judged.append(verdict)
    with_match = context is not None
    answer = {
        "moves": len(record.moves),
        "finished": done.final.finished,
        "seats": sorted(seats),
        "budget": budget.to_dict(),
        "seed": body.get("seed"),
        "match": None
        if context is None
        else {"scores": list(context.scores), "target": context.target},
        "thresholds": THRESHOLDS,
        "decisions": decisions,
        "summary": [
            summary_dict(s, rules, with_match) for s in summaries(sorted(seats), judged, with_match)
        ],
    }
    return answer, reviewer.cache
