"""Strict marshmallow fields: each accepts exactly what its OpenAPI description promises, and
loads it as the engine reads it (a card code as the card's id, by the engine's grammar)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.engine.cards import CARD_OF_CODE, CARD_PATTERN, Card, code, parse_card
from service.engine.errors import CardCodeError
from service.engine.message import Message

MAX_SEED = 2**63 - 1
MAX_SEED_TEXT = 64


class StrictInteger(ma.fields.Integer):
    """A JSON integer: no strings, no floats, no booleans."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if type(value) is int:  # a JSON integer, as it comes most often
            return value
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictNumber(ma.fields.Float):
    """A JSON number, whole or not: no strings, no booleans, no NaN or infinity."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(ma.fields.Boolean):
    """A JSON true or false: no 1, 0 or "yes"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class CardField(ma.fields.String):
    """A card code such as ``7D`` or ``10b``, loaded as the card's id; written as its code."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"pattern": f"^{CARD_PATTERN}$", "example": "7D", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    # A String in the spec and its errors, whose value is loaded as the engine's card id.
    def _deserialize(  # type: ignore[override]
        self, value: Any, attr: str | None, data: Any, **kwargs: Any
    ) -> Card:
        if not isinstance(value, str):
            super()._deserialize(value, attr, data, **kwargs)  # not a string: its error
        try:
            return parse_card(value)
        except CardCodeError:
            raise ma.ValidationError(
                Message(
                    "not a card code: {text!r} (rank 1-10 then suit D, C, S or B)",
                    text=value[:12],
                )
            ) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return code(value) if isinstance(value, int) else super()._serialize(value, attr, obj)


class CardsField(ma.fields.List[Any]):
    """A list of card codes, loaded as the cards' ids in order (a card listed twice is the
    engine's to name, ``engine.assemble``); a list of valid codes is read in one pass,
    anything else item by item for the per-item errors."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(CardField(), **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list):
            try:
                return [CARD_OF_CODE[item] for item in value]
            except (KeyError, TypeError):  # a bad entry: each named below
                pass
        return super()._deserialize(value, attr, data, **kwargs)


def card_list(max_items: int = 40, **kwargs: Any) -> CardsField:
    """A bounded list of card codes."""
    return CardsField(validate=ma.validate.Length(max=max_items), **kwargs)


class CardListsField(ma.fields.List[Any]):
    """A list of card lists (hands, piles), each of at most ``max_cards`` codes, loaded as
    lists of card ids; read in one pass when every list is valid, else list by list for the
    per-item errors."""

    def __init__(self, max_cards: int, **kwargs: Any) -> None:
        super().__init__(card_list(max_cards), **kwargs)
        self.max_cards = max_cards

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list):
            try:
                lists = []
                for item in value:
                    if type(item) is not list or len(item) > self.max_cards:
                        raise TypeError  # read below, with its error
                    lists.append([CARD_OF_CODE[code] for code in item])
            except (KeyError, TypeError):
                pass
            else:
                return lists
        return super()._deserialize(value, attr, data, **kwargs)


def card_lists(max_lists: int, max_cards: int, **kwargs: Any) -> CardListsField:
    """A bounded list of bounded card lists."""
    return CardListsField(max_cards, validate=ma.validate.Length(max=max_lists), **kwargs)


class IntegerListField(ma.fields.List[Any]):
    """A list of JSON integers from ``low`` to ``high``: read in one pass when every one is,
    else item by item for the per-item errors."""

    def __init__(self, low: int, high: int, **kwargs: Any) -> None:
        super().__init__(StrictInteger(validate=ma.validate.Range(low, high)), **kwargs)
        self.low = low
        self.high = high

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list) and all(
            type(v) is int and self.low <= v <= self.high for v in value
        ):
            return list(value)
        return super()._deserialize(value, attr, data, **kwargs)


def integer_list(low: int, high: int, max_items: int, **kwargs: Any) -> IntegerListField:
    """A bounded list of integers in a range."""
    return IntegerListField(low, high, validate=ma.validate.Length(max=max_items), **kwargs)


class SeedField(ma.fields.Field[Any]):
    """A deal seed: an integer 0..2**63-1 or a short string."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [
                {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
                {"type": "string", "minLength": 1, "maxLength": MAX_SEED_TEXT},
            ],
            "description": "the same seed deals the same cards",
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_SEED:
            return value
        if isinstance(value, str) and 1 <= len(value) <= MAX_SEED_TEXT:
            return value
        raise ma.ValidationError(
            Message(
                "must be an integer 0..2**63-1 or a string of 1 to {longest} characters",
                longest=MAX_SEED_TEXT,
            )
        )
