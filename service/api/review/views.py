"""POST /v1/review (every decision of a hand record judged against the advice) and POST
/v1/review/batch (many records reviewed, one NDJSON line each): their declarations, blueprint
and views."""

from __future__ import annotations

import orjson
from flask import Response, current_app

from service.api.examples import Lazy, loaded, short_record
from service.api.http.json import NDJSON_TYPE, Blueprint, json_answer, ndjson_answer
from service.api.http.operations import BATCH_LIMIT, BY_SEARCHES, Operation, route
from service.api.http.searches import app_advice, uncached_advice
from service.api.review.answer import batch_answer, review_answer, review_dict
from service.api.review.request import BatchReviewRequest, ReviewRequest
from service.api.review.reviewing import review
from service.api.review.schemas import (
    BatchReviewLineSchema,
    BatchReviewRequestSchema,
    ReviewRequestSchema,
    ReviewResponseSchema,
)
from service.config import DEFAULTS


def review_searches(request: ReviewRequest) -> int:
    """The card plays of the record made by the seats it reviews (every seat's when ``seats``
    is omitted), forced ones included."""
    return request.searches


def batch_searches(request: BatchReviewRequest) -> int:
    """The searches of every record of the batch that loads, as /v1/review counts them."""
    return request.searches


REVIEW_HAND = Operation(
    "reviewHand",
    BY_SEARCHES,
    "POST",
    "/v1/review",
    request=ReviewRequestSchema,
    searches=review_searches,
    cache_header="X-Review-Cache",
)
REVIEW_BATCH = Operation(
    "reviewHands",
    BY_SEARCHES,
    "POST",
    "/v1/review/batch",
    request=BatchReviewRequestSchema,
    searches=batch_searches,
    body_limit=BATCH_LIMIT,
)

blp = Blueprint("review", __name__, url_prefix="/v1", description="Hand review.")

EXAMPLE = Lazy(lambda: {"record": short_record(), "budget": {"iterations": 8}, "seed": 7})


@route(blp, REVIEW_HAND, example=EXAMPLE)
@blp.response(
    200,
    ReviewResponseSchema,
    example=Lazy(
        lambda: review_dict(
            review(
                loaded(ReviewRequestSchema, EXAMPLE.value()), DEFAULTS, uncached_advice(DEFAULTS)
            )[0]
        )
    ),
)
def post_review(request: ReviewRequest) -> Response:
    """Review a hand record: each decision of the chosen seats against the advice.

    The record is replayed and checked first (its problems are 422s as in /v1/replay). For
    every reviewed move the advice search runs on that seat's view at that moment (only what
    the seat could know), exactly as a /v1/advice request with that view, `budget`, `match`
    and `seed` would: the same cache entry, so a position already advised is not searched
    again (`X-Review-Cache` counts hits, misses and bypasses). The same record, seed and
    iteration budget give a byte-identical answer.

    Each searched decision gives the move played and the best ranked move with their values
    (`value`: expected hand points for the seat's side less the others'; `win_probability`
    with a match), breakdown by scoring category, sweep risk and standard errors; the `loss`
    (best less played, never negative; `win_probability_loss` with a match), its `noise`
    allowance, a `label` and whether the values are `exact` (a solved endgame). A card play
    that was the seat's only one is `forced`: reported, not searched. Moves that play no card
    (the Chkobba cutter's keep or table, a declaration, a claim) are `unranked`: the search
    does not rank them, so they carry the advice's `note` (a claim also its verdict, `claim`)
    and no loss. The `summary` gives each seat's searched decisions, total and mean loss, share
    of best moves, count of each label and costliest decisions, and its `accuracy` from 0 to
    100, overall and per third of the hand (`phases`); every searched decision has its own
    `accuracy` (the formula is in `thresholds.accuracy_at_thresholds`). `graph` is the value
    graph: for each reviewed decision the side to move's expected value before the move (the
    best move's) and after it (the played move's).

    Budget: `budget` applies to each searched decision, with /v1/advice's default and caps;
    the decisions to search times it may not pass the server's review cap
    (`REVIEW_MAX_TOTAL_MS`, 30,000 ms, or `REVIEW_MAX_TOTAL_ITERATIONS`, 100,000): such a
    request is a 422 `budget-too-large` problem on `budget.ms` or `budget.iterations` whose
    `largest_budget` is the largest budget per decision the record allows. The time cap also
    cuts an iteration budget's searches (as ADVICE_MAX_MS does for advice), so no review holds
    a worker longer; a search so cut (fewer `worlds` than the budget) is not cached. A worker
    runs one search at a time: a review waits for its turn before each search like an advice
    request, and answers 503 with `Retry-After` when it waits too long (what was searched in
    full is cached, so a retry goes on from there).

    Rate limit: a review spends the cost of an advice request (`RATE_LIMIT_ADVICE_COST` units)
    per card play of the reviewed seats in the record, forced ones included (they are counted
    from the body, before the record is replayed); one unit when there is none.
    """
    return json_answer(*review_answer(current_app, request))


BATCH_EXAMPLE = Lazy(
    lambda: {
        "reviews": [
            {"record": short_record(), "budget": {"iterations": 8}, "seed": 7},
            {"record": short_record(), "seats": [1], "budget": {"iterations": 8}, "seed": 8},
        ]
    }
)


def batch_answer_example() -> str:
    """The example batch's stream, its summary's time fixed (the spec is written the same
    every time)."""
    body = loaded(BatchReviewRequestSchema, BATCH_EXAMPLE.value())
    lines = list(batch_answer(body, DEFAULTS, uncached_advice(DEFAULTS)))
    lines[-1]["elapsed_ms"] = 25.0
    return "".join(
        orjson.dumps(line, option=orjson.OPT_SORT_KEYS).decode() + "\n" for line in lines
    )


BATCH_ANSWER = Lazy(batch_answer_example)


@route(blp, REVIEW_BATCH, example=BATCH_EXAMPLE)
@blp.response(200, BatchReviewLineSchema, content_type=NDJSON_TYPE, example=BATCH_ANSWER)
def post_review_batch(request: BatchReviewRequest) -> Response:
    """Review many hand records in one request, streaming one NDJSON line per record.

    Each entry of `reviews` is a /v1/review body (record, seats, budget, seed, match). Every
    entry is loaded, replayed and planned before any search: one with a problem becomes a
    `problem` line of its own (its problem as /v1/review would answer it) and does not stop
    the batch. The batch's total, every entry's decisions to search times its budget per
    decision, may not pass the server's batch cap (`REVIEW_BATCH_MAX_TOTAL_MS`, 300,000 ms, or
    `REVIEW_BATCH_MAX_TOTAL_ITERATIONS`, 5,000,000): an over-cap batch is a 422
    `budget-too-large` problem before any search. Then the answer streams (status 200,
    `application/x-ndjson`): one line per record in order, each written as its review
    finishes, with the same bytes /v1/review would answer for it (same cache entries, same
    seeds); a `keepalive` line when 10 s pass without a line; and a last `summary` line
    (records, reviewed, problems, how the searches met the cache, elapsed ms). A stream that
    ends without its summary was cut short.

    Rate limit: the searches of every entry, counted as /v1/review counts them. The body may
    be as large as `BATCH_MAX_CONTENT_LENGTH` (1 MiB), and hold `BATCH_MAX_RECORDS` (200)
    entries.
    """
    return ndjson_answer(batch_answer(request, current_app.config, app_advice(current_app)))
