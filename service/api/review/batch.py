"""Many hand records reviewed in one request, one NDJSON line each as it finishes.

Every record is an entry as /v1/review takes it, loaded and planned before any search: one
that does not load or replay is a ``problem`` line of its own and costs nothing. The batch's
total (every record's decisions to search times its budget per decision) may not pass the
batch cap (REVIEW_BATCH_MAX_TOTAL_MS, REVIEW_BATCH_MAX_TOTAL_ITERATIONS); an over-cap batch is
refused whole, before any search. The time cap also bounds the whole batch's searches, as a
single review's does.

The stream: one JSON object a line, in record order; ``review`` lines carry what /v1/review
answers, ``problem`` lines the record's problem; a ``keepalive`` line is written when
``KEEPALIVE_S`` seconds pass without one, between two decisions; the last line is the
``summary``.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.api.http.problems import (
    VALIDATION,
    ProblemError,
    field_message,
    problem_body,
    problem_of,
)
from service.api.review.request import ReviewRequest
from service.api.review.reviewing import (
    AdviceOf,
    PreparedReview,
    Reviewer,
    budget_too_large,
    prepared_review,
    review_steps,
)
from service.engine.message import Message
from service.search import Budget

KEEPALIVE_S = 10.0
REVIEW, PROBLEM, KEEPALIVE, SUMMARY = "review", "problem", "keepalive", "summary"
LINE_TYPES = (REVIEW, PROBLEM, KEEPALIVE, SUMMARY)

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class BatchEntry:
    """One record of a batch: planned for review, or refused with its problem."""

    index: int
    prepared: PreparedReview | None
    problem: ProblemError | None


def prepared_entries(
    loaded: Sequence[ReviewRequest | ProblemError], config: Mapping[str, Any]
) -> list[BatchEntry]:
    """Each loaded record replayed and planned, or its problem."""
    entries = []
    for index, each in enumerate(loaded):
        if isinstance(each, ProblemError):
            entries.append(BatchEntry(index, None, each))
            continue
        try:
            entries.append(BatchEntry(index, prepared_review(each, config), None))
        except ProblemError as error:
            entries.append(BatchEntry(index, None, error))
    return entries


def problem_line(index: int, problem: dict[str, Any]) -> dict[str, Any]:
    """A record's line when it has a problem instead of a review."""
    return {"type": PROBLEM, "index": index, "problem": problem}


def check_count(count: int, config: Mapping[str, Any], field: str) -> None:
    """A 422 on ``field`` when a batch has more records than BATCH_MAX_RECORDS."""
    most = config["BATCH_MAX_RECORDS"]
    if count <= most:
        return
    reason = Message(
        "{count} records, over this server's batch limit of {most}", count=count, most=most
    )
    raise ProblemError(422, field_message(field, reason), {field: [reason]}, VALIDATION)


def check_batch_total(
    planned: Sequence[PreparedReview],
    config: Mapping[str, Any],
    field: str,
    also_per_decision: Budget | None = None,
) -> None:
    """A 422 on ``field`` when the records' decisions to search at their budgets (and at
    ``also_per_decision`` each, for a later re-search) pass the batch cap, in milliseconds or
    in iterations."""
    extra = {} if also_per_decision is None else also_per_decision.to_dict()
    for kind, cap in (
        ("ms", config["REVIEW_BATCH_MAX_TOTAL_MS"]),
        ("iterations", config["REVIEW_BATCH_MAX_TOTAL_ITERATIONS"]),
    ):
        per = extra.get(kind) or 0
        total = sum(p.searched * ((p.budget.to_dict().get(kind) or 0) + per) for p in planned)
        if total <= cap:
            continue
        reason = Message(
            "the records' decisions to search at their budgets come to {total} {kind}, over "
            "this server's batch cap of {cap}: send fewer records or smaller budgets",
            total=total,
            kind=kind,
            cap=cap,
        )
        raise budget_too_large(field, reason)


def batch_lines(
    entries: Sequence[BatchEntry], config: Mapping[str, Any], advice_of: AdviceOf
) -> Iterator[dict[str, Any]]:
    """The stream's lines, each record's as it finishes, keep-alives between, the summary
    last."""
    start = last = time.perf_counter()
    cache: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    cap_ms = config["REVIEW_BATCH_MAX_TOTAL_MS"]
    for entry in entries:
        if entry.prepared is None:
            assert entry.problem is not None
            line: dict[str, Any] = problem_line(entry.index, problem_of(entry.problem))
        else:
            line = {}
            reviewer = Reviewer.of(entry.prepared, advice_of, cap_ms, start=start, cache=cache)
            for step in entry_steps(entry.index, entry.prepared, reviewer):
                if step.get("type") != KEEPALIVE:
                    line = step
                elif time.perf_counter() - last >= KEEPALIVE_S:
                    last = time.perf_counter()
                    yield step | {"index": entry.index, "done": sum(counts.values())}
        counts[line["type"]] += 1
        last = time.perf_counter()
        yield line
    yield {
        "type": SUMMARY,
        "records": len(entries),
        "reviewed": counts[REVIEW],
        "problems": counts[PROBLEM],
        "cache": {status: cache[status] for status in ("hit", "miss", "bypass")},
        "elapsed_ms": round((time.perf_counter() - start) * 1000.0, 3),
    }


def entry_steps(
    index: int, prepared: PreparedReview, reviewer: Reviewer
) -> Iterator[dict[str, Any]]:
    """One record's review: a keep-alive chance after each decision, then its line (its
    problem when a search is refused, or fails unexpectedly)."""
    try:
        for step in review_steps(prepared, reviewer):
            if step is None:
                yield {"type": KEEPALIVE}
            else:
                yield {"type": REVIEW, "index": index, "review": step}
    except ProblemError as error:
        yield problem_line(index, problem_of(error))
    except Exception:  # a record must not end the stream: it gets a 500 line of its own
        log.exception("unexpected error while reviewing record %d of a batch", index)
        problem = problem_body(
            500, Message("the server met an unexpected error; it has been logged")
        )
        yield problem_line(index, problem)
