"""Request and response schemas of /v1/bot."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.bot.request import BotRequest
from service.api.http.problems import INVALID_STATE, INVALID_STATE_TITLE, ProblemError
from service.api.shapes.advice import ChosenMoveSchema, ViewSchema
from service.api.shapes.fields import SeedField, StrictBoolean, StrictInteger
from service.api.shapes.game import MatchInputSchema, StateSchema, bounded_list, seat_field
from service.api.shapes.loading import decision_from, effective_rules, seat_of, state_of
from service.api.shapes.rules import RulesField
from service.engine.message import Message
from service.engine.view import view_of
from service.search import Decision, UnadvisableError, decision_of
from service.search.levels import NAMES, level_named

LEVEL_DESCRIPTION = "the level the bot plays at, weakest first: " + ", ".join(NAMES)


def level_field(**kwargs: Any) -> ma.fields.String:
    """A level's name."""
    return ma.fields.String(
        validate=ma.validate.OneOf(NAMES),
        metadata={"description": LEVEL_DESCRIPTION, "example": "club"},
        **kwargs,
    )


class BotRequestSchema(ma.Schema):
    """The seat's view (or a full state and the seat), the level, and optionally a seed."""

    rules = RulesField(
        metadata={"description": "optional with view.rules or state.rules; equal if both given"}
    )
    view = ma.fields.Nested(
        ViewSchema, metadata={"description": "the bot's view, as /v1/advice takes it"}
    )
    state = ma.fields.Nested(
        StateSchema,
        metadata={"description": "instead of view: a full state, of which the bot sees its seat's"},
    )
    seat = seat_field(metadata={"description": "with state (required there): the bot's seat"})
    level = level_field(required=True)
    match = ma.fields.Nested(
        MatchInputSchema,
        metadata={
            "description": "the match so far (omitted: the view's match_scores): master ranks "
            "moves by match win probability, and the other levels judge a claim by it"
        },
    )
    seed = SeedField(
        metadata={"description": "omitted: derived from the request, so equal requests agree"}
    )

    @ma.validates_schema
    def view_or_state_and_seat(self, data: dict[str, Any], **kwargs: Any) -> None:
        """A view, or a state with a seat."""
        if ("view" in data) == ("state" in data):
            raise ma.ValidationError(Message("give view, or state and seat"), "view")
        if "state" in data and "seat" not in data:
            raise ma.ValidationError(Message("required with state"), "seat")
        if "view" in data and "seat" in data:
            raise ma.ValidationError(Message("only with state: a view names its own seat"), "seat")

    @ma.post_load
    def bot_request(self, data: dict[str, Any], **kwargs: Any) -> BotRequest:
        """The bot's decision, from its view or from the state and its seat."""
        decision = decision_from(data) if "view" in data else state_decision(data)
        return BotRequest(decision, level_named(data["level"]), data.get("match"), data.get("seed"))


# A state's field for each view field that can make a decision impossible.
STATE_FIELDS = {"seat": "seat", "hand_sizes": "state.hands"}


def state_decision(data: dict[str, Any]) -> Decision:
    """The decision of the request's seat in its full state, or a 422 naming the field."""
    rules = effective_rules(data, "state")
    state = state_of(rules, data["state"])
    seat = seat_of(rules.players, data["seat"])
    try:
        return decision_of(view_of(state, seat))
    except UnadvisableError as error:
        field = STATE_FIELDS.get(error.field, f"state.{error.field}")
        raise ProblemError(
            422, error.reason, {field: [error.reason]}, INVALID_STATE, INVALID_STATE_TITLE
        ) from error


class BotResponseSchema(ma.Schema):
    """The move the bot makes, its level and the seed it played with."""

    move = ma.fields.Nested(ChosenMoveSchema, required=True)
    level = level_field(required=True)
    seed = SeedField(
        required=True,
        metadata={"description": "the seed used: the request's, or the one derived from it"},
    )


class LevelSchema(ma.Schema):
    """One level: how it plays, who it suits, and its parameters."""

    name = level_field(required=True)
    rank = StrictInteger(
        required=True, metadata={"description": "1 for the weakest level, up to master"}
    )
    description = ma.fields.String(required=True, metadata={"description": "how it plays"})
    suits = ma.fields.String(required=True, metadata={"description": "who it suits"})
    searches = StrictBoolean(
        required=True,
        metadata={
            "description": "true for master: the advisor's search at its default budget, with "
            "the advice's cache, search slot (503 when busy) and rate-limit cost"
        },
    )
    parameters = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Float(),
        required=True,
        metadata={
            "description": "the human model's parameters (none for master): chances of "
            "forgetting a card played (forget) or that the settebello or a rank's last copy is "
            "out (forget_key), of missing a capture's each extra card (miss_capture) or the "
            "next player's sweep (miss_threat), of forgetting to declare (forget_declare) and "
            "of claiming a won match (claim); weights of the next player's reply (caution) and "
            "of the own next capture (plan); the points a capture is worth above its cards "
            "(grab); the choice's temperature in hand points (noise)"
        },
    )


class LevelsSchema(ma.Schema):
    """Every level, weakest first."""

    levels = bounded_list(ma.fields.Nested(LevelSchema), len(NAMES), required=True)
