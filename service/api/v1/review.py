"""POST /v1/review: every decision of a hand record judged against the advice."""

from __future__ import annotations

from flask import Response, current_app

from service.api.endpoints import REVIEW_HAND, route
from service.api.examples import Lazy, loaded, short_record
from service.api.http.json import Blueprint, json_answer
from service.api.requests import ReviewRequest
from service.api.schemas.review import ReviewRequestSchema, ReviewResponseSchema
from service.api.usecases.reviewing import review, review_answer, uncached_advice
from service.config import DEFAULTS

blp = Blueprint("review", __name__, url_prefix="/v1", description="Hand review.")

EXAMPLE = Lazy(lambda: {"record": short_record(), "budget": {"iterations": 8}, "seed": 7})


@route(blp, REVIEW_HAND)
@blp.arguments(ReviewRequestSchema(), example=EXAMPLE)
@blp.response(
    200,
    ReviewResponseSchema,
    example=Lazy(
        lambda: review(
            loaded(ReviewRequestSchema, EXAMPLE.value()), DEFAULTS, uncached_advice(DEFAULTS)
        )[0]
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
    of best moves, count of each label and costliest decisions.

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
