"""GET /v1/bot: the computer opponents' levels; POST /v1/bot: the move a bot of a level makes;
their declarations, blueprint and views."""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Response, current_app

from service.api.bot.answer import bot_answer, level_example
from service.api.bot.request import BotRequest
from service.api.bot.schemas import BotRequestSchema, BotResponseSchema, LevelsSchema
from service.api.examples import Lazy, dealt_state, loaded, view_json
from service.api.http.json import Blueprint, json_answer
from service.api.http.language import answer_language
from service.api.http.operations import BY_SEARCHES, ONE_UNIT, Operation, route
from service.i18n.catalogues import gettext_of
from service.i18n.languages import MESSAGES, SOURCE
from service.search.levels import LEVELS


def bot_searches(request: BotRequest) -> int:
    """One search for a bot at a level that searches (master), none for the others."""
    return int(request.level.advisor)


LIST_BOT_LEVELS = Operation(
    "listBotLevels", ONE_UNIT, "GET", "/v1/bot", static=True, localised=True
)
PLAY_BOT_MOVE = Operation(
    "playBotMove",
    BY_SEARCHES,
    "POST",
    "/v1/bot",
    request=BotRequestSchema,
    searches=bot_searches,
    cache_header="X-Cache",
)

blp = Blueprint("bot", __name__, url_prefix="/v1", description="Computer opponents by level.")


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


def example_request() -> dict[str, Any]:
    """The example deal's first player as a club bot, with a seed."""
    return {"rules": "scopa", "view": view_json(dealt_state()), "level": "club", "seed": 7}


EXAMPLE = Lazy(example_request)


@route(blp, LIST_BOT_LEVELS)
@blp.etag
@blp.response(200, LevelsSchema, example=Lazy(levels))
def get_bot() -> dict[str, Any]:
    """The levels a bot plays at, weakest first, each with a line on how it plays.

    The levels below master play like people of that level (a model of memory, sight and
    care, parameters listed), answer in milliseconds and search nothing; master is the advisor
    at its default budget, with the advice's cost, cache and search slot. The answer changes
    only with a release and the language of its words (`lang`, else `Accept-Language`;
    `Content-Language`, `Vary`, `ETag`, `Cache-Control`; a matching `If-None-Match` gets a 304).
    """
    return levels(answer_language(MESSAGES))


@route(blp, PLAY_BOT_MOVE, example=EXAMPLE)
@blp.response(
    200,
    BotResponseSchema,
    example=Lazy(lambda: level_example(loaded(BotRequestSchema, EXAMPLE.value()))),
)
def post_bot(request: BotRequest) -> Response:
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
    return json_answer(*bot_answer(current_app, request))
