"""A hand record (component HandRecord): the rules, the deal, the moves, the match and
free-form metadata."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import marshmallow as ma

from service.api.shapes.fields import CardField, StrictInteger, card_list
from service.api.shapes.game import (
    MAX_CARDS,
    MAX_PLAYS,
    MAX_SEATS,
    HistoryPlaySchema,
    bounded_list,
    match_scores_field,
    match_target_field,
    seat_field,
)
from service.api.shapes.rules import RulesField
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
