"""Hand records (component HandRecord) and the requests that make, replay and view them."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import marshmallow as ma

from service.api.http.problems import VALIDATION, ProblemError, field_message
from service.api.requests import RecordRequest, ReplayRequest, ViewRequest
from service.api.schemas.advice import ViewSchema
from service.api.schemas.fields import CardField, StrictInteger, card_list
from service.api.schemas.game import (
    MAX_CARDS,
    MAX_PLAYS,
    MAX_SEATS,
    EventSchema,
    HandScoreSchema,
    HistoryPlaySchema,
    MatchResultSchema,
    StateSchema,
    bounded_list,
    match_scores_field,
    match_target_field,
    seat_field,
)
from service.api.schemas.rules import RulesField
from service.api.usecases.convert import effective_rules, record_of, state_of
from service.engine.assemble import meta_from_parts
from service.engine.message import Message
from service.engine.record import RECORD_FORMAT, RECORD_VERSION

MAX_META_KEYS = 16
MAX_META_KEY = 64
MAX_META_TEXT = 200
MAX_META_ITEMS = 8
META_DESCRIPTION = (
    "free-form: any keys, each a text, a number, true or false, or a list of texts; "
    'for example "players" (names by seat), "date" (ISO 8601), "place", "event", "comment"'
)


class MetaValue(ma.fields.Field[Any]):
    """One metadata value: a text, a finite number, a boolean, or a list of texts."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [
                {"type": "string", "maxLength": MAX_META_TEXT},
                {"type": "number"},
                {"type": "boolean"},
                {
                    "type": "array",
                    "items": {"type": "string", "maxLength": MAX_META_TEXT},
                    "maxItems": MAX_META_ITEMS,
                },
            ]
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and len(value) <= MAX_META_TEXT:
            return value
        if isinstance(value, bool):
            return value
        if isinstance(value, int | float) and math.isfinite(value):
            return value
        if (
            isinstance(value, list)
            and len(value) <= MAX_META_ITEMS
            and all(isinstance(x, str) and len(x) <= MAX_META_TEXT for x in value)
        ):
            return value
        raise ma.ValidationError(
            Message(
                "must be a text of at most {longest} characters, a number, true or false, or a "
                "list of at most {items} such texts",
                longest=MAX_META_TEXT,
                items=MAX_META_ITEMS,
            )
        )


_META_KEYS = ma.validate.Length(max=MAX_META_KEYS)


def meta_keys(value: Mapping[str, Any]) -> None:
    """At most MAX_META_KEYS keys. A plain function rather than a Length validator on the field,
    which apispec would document as an object's maxLength: the field says maxProperties."""
    _META_KEYS(value)


def meta_field(**kwargs: Any) -> ma.fields.Dict:
    """Free-form metadata about a hand, bounded."""
    return ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.Length(1, MAX_META_KEY)),
        values=MetaValue(),
        validate=meta_keys,
        metadata={"description": META_DESCRIPTION, "maxProperties": MAX_META_KEYS},
        **kwargs,
    )


class HandDealSchema(ma.Schema):
    """The cards as dealt: each seat's first hand, the table and the stock in dealing order."""

    hands = bounded_list(
        card_list(MAX_CARDS),
        MAX_SEATS,
        required=True,
        metadata={
            "description": "each seat's first hand (seat 0 first); empty with first_card_choice"
        },
    )
    table = card_list(
        MAX_CARDS,
        load_default=list,
        metadata={"description": "the initial table; empty with first_card_choice"},
    )
    stock = card_list(
        MAX_CARDS,
        load_default=list,
        metadata={
            "description": "the cards still to deal after the first deal, in dealing order "
            "(each later deal gives the seats their cards in turn from the one after the "
            "dealer); with first_card_choice, every card but cut_card"
        },
    )
    cut_card = CardField(
        metadata={
            "description": "first_card_choice (Chkobba) only: the card the cutter drew; kept, "
            "it is the cutter's first card and the hands are dealt from the stock after it; "
            "tabled, it is the first table card"
        }
    )


class RecordMatchSchema(ma.Schema):
    """The match around the hand: the sides' scores before it and the target."""

    scores = match_scores_field(metadata={"description": "one per side, before this hand"})
    target = match_target_field(metadata={"description": "omitted: the rules' target"})


class HandRecordSchema(ma.Schema):
    """A hand as played (version 1): the rules, the dealer, the deal, every move in order,
    and optionally the match scores before the hand and free-form metadata. A record may
    stop mid-hand."""

    format = ma.fields.String(required=True, validate=ma.validate.OneOf([RECORD_FORMAT]))
    version = StrictInteger(
        required=True,
        validate=ma.validate.OneOf([RECORD_VERSION]),
        metadata={"description": "the record format's version"},
    )
    rules = RulesField(required=True)
    dealer = seat_field(required=True)
    deal = ma.fields.Nested(HandDealSchema, required=True)
    moves = bounded_list(
        ma.fields.Nested(HistoryPlaySchema),
        MAX_PLAYS,
        load_default=list,
        metadata={
            "description": "every move of the hand in order, any kind, as a state's history "
            "lists them"
        },
    )
    match = ma.fields.Nested(RecordMatchSchema)
    meta = meta_field()


# ---- POST /v1/record -------------------------------------------------------------------------


class RecordRequestSchema(ma.Schema):
    """A state that carries its history, and optionally metadata for the record."""

    rules = RulesField(metadata={"description": "optional: must equal state.rules when both given"})
    state = ma.fields.Nested(StateSchema, required=True)
    meta = meta_field()

    @ma.post_load
    def record_request(self, data: dict[str, Any], **kwargs: Any) -> RecordRequest:
        """The state built and checked, the metadata as the engine keeps it."""
        state = state_of(effective_rules(data), data["state"])
        return RecordRequest(state, meta_from_parts(data.get("meta", {})))


class RecordResponseSchema(ma.Schema):
    """The record of the state's hand so far."""

    record = ma.fields.Nested(HandRecordSchema, required=True)


# ---- POST /v1/replay -------------------------------------------------------------------------


class ReplayRequestSchema(ma.Schema):
    """A hand record to check and replay."""

    record = ma.fields.Nested(HandRecordSchema, required=True)

    @ma.post_load
    def replay_request(self, data: dict[str, Any], **kwargs: Any) -> ReplayRequest:
        """The record built under its rules."""
        return ReplayRequest(record_of(data["record"]))


class ReplayResponseSchema(ma.Schema):
    """Every state of the hand: as dealt, then after each move; each move's events."""

    states = bounded_list(
        ma.fields.Nested(StateSchema),
        MAX_PLAYS + 1,
        required=True,
        metadata={"description": "states[0] as dealt, states[i + 1] after moves[i]"},
    )
    events = bounded_list(
        bounded_list(ma.fields.Nested(EventSchema), 8),
        MAX_PLAYS,
        required=True,
        metadata={"description": "events[i]: what moves[i] did"},
    )
    score = ma.fields.Nested(
        HandScoreSchema, metadata={"description": "only when the record ends the hand"}
    )
    match = ma.fields.Nested(
        MatchResultSchema,
        metadata={
            "description": "only when the record ends the hand and has a match, or a claim ended it"
        },
    )


# ---- POST /v1/view ---------------------------------------------------------------------------


class ViewRequestSchema(ma.Schema):
    """A full state and the seat whose view is wanted."""

    rules = RulesField(metadata={"description": "optional: must equal state.rules when both given"})
    state = ma.fields.Nested(StateSchema, required=True)
    seat = seat_field(required=True)

    @ma.post_load
    def view_request(self, data: dict[str, Any], **kwargs: Any) -> ViewRequest:
        """The state built and checked, the seat one of its table."""
        state = state_of(effective_rules(data), data["state"])
        return ViewRequest(state, seat_of(state.rules.players, data["seat"]))


def seat_of(players: int, seat: int, field: str = "seat") -> int:
    """A seat of a table of ``players``, or a 422 naming the field."""
    if seat >= players:
        reason = Message("must be a seat 0..{last}", last=players - 1)
        raise ProblemError(422, field_message(field, reason), {field: [reason]}, VALIDATION)
    return seat


class ViewResponseSchema(ma.Schema):
    """What the seat can know, in the form /v1/advice takes."""

    view = ma.fields.Nested(ViewSchema, required=True)
