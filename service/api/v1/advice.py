"""POST /v1/advice: every legal move of the seat to move ranked by a determinized search."""

from __future__ import annotations

import http
from collections.abc import Mapping
from functools import cache
from typing import Any

from flask import current_app

from service.api.advice_schemas import AdviceRequestSchema, AdviceResponseSchema
from service.api.advising import (
    AdviceJob,
    advice_job,
    budget_of,
    cached_answer,
    computed_answer,
    match_of,
)
from service.api.convert import effective_rules, invalid_state
from service.api.examples import Lazy, dealt_state, preset_examples, view_json
from service.api.json_body import BodyBlueprint
from service.api.problems import INVALID_STATE, INVALID_STATE_TITLE, ProblemError
from service.config import DEFAULTS
from service.engine import codec
from service.engine.errors import InvalidStateError
from service.search import Decision, UnadvisableError, decision_of

blp = BodyBlueprint("advice", __name__, url_prefix="/v1", description="Move advice.")

TOO_LARGE = http.HTTPStatus(413).name


def decision_from(body: Mapping[str, Any]) -> Decision:
    """The request's view as a checked decision, or a 422 naming the view's fields."""
    rules = effective_rules(body, "view")
    try:
        return decision_of(codec.view_from_dict(body["view"], rules))
    except InvalidStateError as error:
        raise invalid_state(error.problems, "view") from error
    except UnadvisableError as error:
        field = f"view.{error.field}"
        raise ProblemError(
            422, error.reason, {field: [error.reason]}, INVALID_STATE, INVALID_STATE_TITLE
        ) from error


def job_of(body: Mapping[str, Any], config: Mapping[str, Any]) -> AdviceJob:
    """Every part of the request checked, as a job with its seed and cache key."""
    decision = decision_from(body)
    view = decision.view
    budget = budget_of(body.get("budget"), config, "budget")
    match = match_of(view.rules, body.get("match"), view)
    return advice_job(decision, budget, match, body.get("seed"))


def answer(body: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The advice and its headers: X-Cache and Server-Timing."""
    result, status, elapsed = cached_answer(current_app, job_of(body, current_app.config))
    return result, {"X-Cache": status, "Server-Timing": f"search;dur={elapsed:.3f}"}


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
    return computed_answer(
        job_of(example_request(), DEFAULTS), DEFAULTS["ADVICE_MAX_MS"], DEFAULTS["ADVICE_QUEUE_MS"]
    )


EXAMPLE = Lazy(example_request)


@blp.route("/advice", methods=["POST"])
@blp.doc(operationId="adviseMove")
@blp.arguments(
    AdviceRequestSchema,
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
@blp.alt_response(413, response=TOO_LARGE)
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def post_advice(body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Every legal move of the seat to move, ranked best first by a determinized search.

    The seat's `view` holds what it can know; `piles` and `scope` may be left out when the
    `history` of the hand's plays is given (they are rebuilt from it). `value` is a move's
    expected hand-point differential for the seat's side; with `match` the moves are ranked by
    `win_probability`. `budget` is `{"ms": N}` (default 50) or `{"iterations": N}`; the same
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
    return answer(body)
