"""GET /v1/bot: the computer opponents' levels; POST /v1/bot: the move a bot of a level makes."""

from __future__ import annotations

import http
from collections.abc import Mapping
from functools import cache
from typing import Any

from flask import current_app

from service.api.advising import match_of
from service.api.bot_playing import BotJob, bot_answer, level_answer
from service.api.bot_schemas import BotRequestSchema, BotResponseSchema, LevelsSchema
from service.api.contract import STATIC_CACHE_CONTROL
from service.api.convert import effective_rules, state_of
from service.api.examples import Lazy, dealt_state
from service.api.json_body import BodyBlueprint
from service.api.language import answer_language
from service.api.problems import (
    INVALID_STATE,
    INVALID_STATE_TITLE,
    VALIDATION,
    ProblemError,
    field_message,
)
from service.api.v1.advice import decision_from
from service.engine import codec
from service.engine.message import Message
from service.engine.view import view_of
from service.i18n.catalogues import gettext_of
from service.i18n.languages import MESSAGES, SOURCE
from service.search import Decision, UnadvisableError, decision_of
from service.search.levels import LEVELS, level_named

blp = BodyBlueprint("bot", __name__, url_prefix="/v1", description="Computer opponents by level.")

TOO_LARGE = http.HTTPStatus(413).name
# A state's field for each view field that can make a decision impossible.
STATE_FIELDS = {"seat": "seat", "hand_sizes": "state.hands"}


@cache
def levels(lang: str = SOURCE) -> dict[str, Any]:
    """Every level, weakest first, with its words (in a language) and parameters."""
    say = gettext_of(lang, MESSAGES)
    return {
        "levels": [
            {
                "name": level.name,
                "rank": rank,
                "description": say(level.description),
                "suits": say(level.suits),
                "searches": level.advisor,
                "parameters": {} if level.advisor else level.parameters(),
            }
            for rank, level in enumerate(LEVELS, start=1)
        ]
    }


def state_decision(body: Mapping[str, Any]) -> Decision:
    """The decision of the request's seat in its full state, or a 422 naming the field."""
    rules = effective_rules(body, "state")
    state = state_of(rules, body["state"])
    seat = body["seat"]
    if seat >= rules.players:
        reason = Message("must be a seat 0..{last}", last=rules.players - 1)
        raise ProblemError(422, field_message("seat", reason), {"seat": [reason]}, VALIDATION)
    try:
        return decision_of(view_of(state, seat))
    except UnadvisableError as error:
        field = STATE_FIELDS.get(error.field, f"state.{error.field}")
        raise ProblemError(
            422, error.reason, {field: [error.reason]}, INVALID_STATE, INVALID_STATE_TITLE
        ) from error


def job_of(body: Mapping[str, Any]) -> BotJob:
    """Every part of the request checked, as a bot's job."""
    decision = decision_from(body) if "view" in body else state_decision(body)
    match = match_of(decision.view.rules, body.get("match"), decision.view)
    return BotJob(decision, level_named(body["level"]), match, body.get("seed"))


def example_request() -> dict[str, Any]:
    """The example deal's first player as a club bot, with a seed."""
    state = dealt_state()
    view = codec.view_to_dict(view_of(state, state.to_move))
    for derived in ("rules", "history", "unseen"):
        view.pop(derived)
    return {"rules": "scopa", "view": view, "level": "club", "seed": 7}


EXAMPLE = Lazy(example_request)


@blp.route("/bot", methods=["GET"])
@blp.doc(operationId="listBotLevels")
@blp.etag
@blp.response(200, LevelsSchema, example=Lazy(levels))
def get_bot() -> tuple[dict[str, Any], dict[str, str]]:
    """The levels a bot plays at, weakest first, each with a line on how it plays.

    The levels below master play like people of that level (a model of memory, sight and
    care, parameters listed), answer in milliseconds and search nothing; master is the advisor
    at its default budget, with the advice's cost, cache and search slot. The answer changes
    only with a release and the language of its words (`lang`, else `Accept-Language`;
    `Content-Language`, `Vary`, `ETag`, `Cache-Control`; a matching `If-None-Match` gets a 304).
    """
    return levels(answer_language(MESSAGES)), {"Cache-Control": STATIC_CACHE_CONTROL}


@blp.route("/bot", methods=["POST"])
@blp.doc(operationId="playBotMove")
@blp.arguments(BotRequestSchema, example=EXAMPLE)
@blp.response(
    200, BotResponseSchema, example=Lazy(lambda: level_answer(job_of(EXAMPLE.value()))[0])
)
@blp.alt_response(413, response=TOO_LARGE)
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def post_bot(body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The move a bot of the given level makes for its seat.

    Give the bot's `view` as /v1/advice takes it, or a full `state` and the bot's `seat` (it
    sees only that seat's view). Every legal move kind may be answered: a declaration, the
    Chkobba cutter's keep or table, a claim when its level would make it; a beginner may
    forget to declare or to claim. The same request and `seed` give the same move (omitted,
    the seed is derived from the request); for master, whose search has a time budget, while
    its answer is cached. Master is the advisor at the default advice budget, through the
    advice's cache (`X-Cache`), the worker's search slot (503 with `Retry-After` when busy)
    and the advice's rate-limit cost; the other levels search nothing (`X-Cache: bypass`) and
    cost as any cheap request. A view that is not the seat's turn, a finished hand or an
    unknown level is a 422 problem naming the field.
    """
    return answer(body)


def answer(body: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The bot's move and its headers."""
    return bot_answer(current_app, job_of(body))
