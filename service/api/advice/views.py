"""POST /v1/advice: every legal move of the seat to move ranked by a determinized search; its
declaration, blueprint and view."""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Response, current_app

from service.api.advice.answer import advice_answer, uncached_answer
from service.api.advice.request import AdviceRequest
from service.api.advice.schemas import AdviceRequestSchema, AdviceResponseSchema
from service.api.examples import Lazy, dealt_state, loaded, preset_examples, view_json
from service.api.http.json import Blueprint, json_answer
from service.api.http.operations import BY_SEARCHES, Operation, route
from service.config import DEFAULTS


def one_search(request: AdviceRequest) -> int:
    """One search, whatever the decision."""
    return 1


ADVISE_MOVE = Operation(
    "adviseMove",
    BY_SEARCHES,
    "POST",
    "/v1/advice",
    request=AdviceRequestSchema,
    searches=one_search,
    cache_header="X-Cache",
)

blp = Blueprint("advice", __name__, url_prefix="/v1", description="Move advice.")


def example_request() -> dict[str, Any]:
    """A request about the example deal's first player, with a small reproducible budget."""
    return {
        "rules": "scopa",
        "view": view_json(dealt_state()),
        "budget": {"iterations": 8},
        "seed": 7,
    }


@cache
def example_answer() -> dict[str, Any]:
    """The answer to the example request under the default settings."""
    return uncached_answer(loaded(AdviceRequestSchema, example_request()), DEFAULTS)


EXAMPLE = Lazy(example_request)


@route(
    blp,
    ADVISE_MOVE,
    examples=preset_examples(
        lambda name: {
            "rules": name,
            "view": view_json(dealt_state(name)),
            "budget": {"iterations": 8},
            "seed": 7,
        },
        {"example": {"summary": "the example deal's first player", "value": EXAMPLE}},
    ),
)
@blp.response(200, AdviceResponseSchema, example=Lazy(example_answer))
def post_advice(request: AdviceRequest) -> Response:
    """Every legal move of the seat to move, ranked best first by a determinized search.

    The seat's `view` holds what it can know; `piles` and `scope` may be left out when the
    `history` of the hand's plays is given (they are rebuilt from it). `value` is a move's
    expected hand-point differential for the seat's side; with `match` the moves are ranked by
    `win_probability`. `budget` is `{"ms": N}` or `{"iterations": N}` (default `{"ms": 50}`,
    unless the server sets another); the same
    view, seed and iteration budget give a byte-identical answer (`stats.elapsed_ms` is then
    null; the time is in the `Server-Timing` header). `X-Cache` says whether the answer came
    from the cache (hit, miss or bypass); an iteration budget that the server's time cap
    (ADVICE_MAX_MS) cut short, its `stats.budget` giving the worlds searched, is not cached. A
    worker runs one search at a time; a request that
    finds its worker searching waits a bounded time for it, then gets 503 with `Retry-After`.

    Every view the engine accepts is advised, with a history of any move kind. The search
    ranks card plays only: the moves that play no card (the Chkobba cutter's `keep` and
    `table`, a `declare` or `decline`, a `claim`) are listed after the ranked plays with
    `value` null (and `win_probability` null with a match) and a `note`. `chosen` is always a
    legal move and `chosen_by` says how it was picked: `search` (the best ranked play),
    `declaration` / `no_declaration` (in the declaration round after a deal a hand that
    declares something is declared, else the seat declines; ask again for the next seat) or
    `cutter_keeps` (the cutter's choice is not searched; keep is chosen by rule). When only
    such moves are legal (the cutter's choice, the declaration round) no search runs:
    `stats.algorithm` is `none` and its counts are 0. Without `match`, the view's own
    `match_scores` and `match_target` give the match context. A view of a hand ended by a
    claim (`claimed_by`) is a 422, like a finished hand; the cutter's view must show
    `cut_card`.
    """
    return json_answer(*advice_answer(current_app, request))
