"""Many hand records reviewed in one request, each reported as it finishes.

Every record is an entry as /v1/review takes it, loaded and planned before any search: one
that does not load or replay is refused on its own and costs nothing. The batch's total (every
record's decisions to search times its budget per decision) may not pass the batch cap
(REVIEW_BATCH_MAX_TOTAL_MS, REVIEW_BATCH_MAX_TOTAL_ITERATIONS); an over-cap batch is refused
whole, before any search. The time cap also bounds the whole batch's searches, as a single
review's does.

The run (``batch_run``) yields, in record order, each record ``Reviewed`` or ``Refused``, a
``KeptAlive`` when ``lines.KEEPALIVE_S`` seconds pass without either, between two decisions,
and the ``BatchSummary`` last; ``review.answer`` writes them as the stream's lines.
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.api.refusals import BudgetTooLargeError, RefusedError
from service.api.review import lines
from service.api.review.request import ReviewRequest
from service.api.review.reviewing import (
    REFUSALS,
    PreparedReview,
    Review,
    Reviewer,
    prepared_review,
    review_steps,
)
from service.cache.advice_job import AdviceOf
from service.engine.message import Message
from service.search import Budget

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class BatchEntry:
    """One record of a batch: planned for review, or refused (its error)."""

    index: int
    prepared: PreparedReview | None
    refused: Exception | None


@dataclass(frozen=True, slots=True)
class Reviewed:
    """A record reviewed."""

    index: int
    review: Review


@dataclass(frozen=True, slots=True)
class Refused:
    """A record refused: a request that did not load, one of the review's ``REFUSALS``, or an
    unexpected error (logged), which must not end the others."""

    index: int
    error: Exception


@dataclass(frozen=True, slots=True)
class KeptAlive:
    """A record under review, and the records finished so far."""

    index: int
    done: int


@dataclass(frozen=True, slots=True)
class BatchSummary:
    """The batch at its end: records, reviewed, refused, the searches by cache status and the
    milliseconds it took."""

    records: int
    reviewed: int
    problems: int
    cache: Mapping[str, int]
    elapsed_ms: float


def prepared_entries(
    loaded: Sequence[ReviewRequest | Exception], config: Mapping[str, Any]
) -> list[BatchEntry]:
    """Each loaded record replayed and planned, or refused."""
    entries = []
    for index, each in enumerate(loaded):
        if isinstance(each, Exception):
            entries.append(BatchEntry(index, None, each))
            continue
        try:
            entries.append(BatchEntry(index, prepared_review(each, config), None))
        except REFUSALS as error:
            entries.append(BatchEntry(index, None, error))
    return entries


def check_count(count: int, config: Mapping[str, Any], field: str) -> None:
    """Refused naming ``field`` when a batch has more records than BATCH_MAX_RECORDS."""
    most = config["BATCH_MAX_RECORDS"]
    if count <= most:
        return
    reason = Message(
        "{count} records, over this server's batch limit of {most}", count=count, most=most
    )
    raise RefusedError.of(field, reason)


def check_batch_total(
    planned: Sequence[PreparedReview],
    config: Mapping[str, Any],
    field: str,
    also_per_decision: Budget | None = None,
) -> None:
    """Refused naming ``field`` when the records' decisions to search at their budgets (and at
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
        raise BudgetTooLargeError.of(field, reason)


def entry_steps(
    index: int, prepared: PreparedReview, reviewer: Reviewer
) -> Iterator[Reviewed | Refused | None]:
    """One record's review: None after each decision (a keep-alive's chance), then the record
    reviewed, or refused when a search is refused or fails unexpectedly."""
    try:
        for step in review_steps(prepared, reviewer):
            yield None if step is None else Reviewed(index, step)
    except RefusedError as error:
        yield Refused(index, error)
    except Exception as error:  # a record must not end the stream: it is refused on its own
        log.exception("unexpected error while reviewing record %d of a batch", index)
        yield Refused(index, error)


def batch_run(
    entries: Sequence[BatchEntry], config: Mapping[str, Any], advice_of: AdviceOf
) -> Iterator[Reviewed | Refused | KeptAlive | BatchSummary]:
    """Each record as it finishes, keep-alives between, the summary last."""
    start = last = time.perf_counter()
    cache: Counter[str] = Counter()
    reviewed = refused = 0
    cap_ms = config["REVIEW_BATCH_MAX_TOTAL_MS"]
    for entry in entries:
        outcome: Reviewed | Refused
        if entry.prepared is None:
            assert entry.refused is not None
            outcome = Refused(entry.index, entry.refused)
        else:
            found: Reviewed | Refused | None = None
            reviewer = Reviewer.of(entry.prepared, advice_of, cap_ms, start=start, cache=cache)
            for step in entry_steps(entry.index, entry.prepared, reviewer):
                if step is not None:
                    found = step
                elif time.perf_counter() - last >= lines.KEEPALIVE_S:
                    last = time.perf_counter()
                    yield KeptAlive(entry.index, reviewed + refused)
            assert found is not None
            outcome = found
        if isinstance(outcome, Reviewed):
            reviewed += 1
        else:
            refused += 1
        last = time.perf_counter()
        yield outcome
    yield BatchSummary(
        len(entries),
        reviewed,
        refused,
        {status: cache[status] for status in ("hit", "miss", "bypass")},
        round((time.perf_counter() - start) * 1000.0, 3),
    )
