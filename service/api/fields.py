"""Strict marshmallow fields: each accepts exactly what its OpenAPI description promises."""

from __future__ import annotations

import re
from typing import Any

import marshmallow as ma

from service.engine.message import Message

# Rank 1-10 then suit D, C, S or B; lower case accepted, answers use upper case.
CARD_PATTERN = "(10|[1-9])[DCSBdcsb]"
MAX_SEED = 2**63 - 1
MAX_SEED_TEXT = 64
# Every accepted spelling of every card code, to its upper-case form: one lookup per card.
CARD_CODES = {
    f"{rank}{suit}": f"{rank}{suit.upper()}" for rank in range(1, 11) for suit in "DCSBdcsb"
}


class StrictInteger(ma.fields.Integer):
    """A JSON integer: no strings, no floats, no booleans."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


class StrictBoolean(ma.fields.Boolean):
    """A JSON true or false: no 1, 0 or "yes"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise self.make_error("invalid")
        return value


class CardCode(ma.fields.String):
    """A card code such as ``7D`` or ``10b``, loaded in upper case."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {"pattern": f"^{CARD_PATTERN}$", "example": "7D", **kwargs.pop("metadata", {})}
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        code = CARD_CODES.get(value) if isinstance(value, str) else None
        if code is not None:
            return code
        text = super()._deserialize(value, attr, data, **kwargs)
        if not re.fullmatch(CARD_PATTERN, text):
            raise ma.ValidationError(
                Message(
                    "not a card code: {text!r} (rank 1-10 then suit D, C, S or B)", text=text[:12]
                )
            )
        return text.upper()


class CardList(ma.fields.List[Any]):
    """A list of card codes: a list of valid codes is read in one pass, anything else item by
    item (for the per-item error messages)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> list[Any]:
        if isinstance(value, list):
            codes = [CARD_CODES.get(item) if isinstance(item, str) else None for item in value]
            if None not in codes:
                return codes
        return super()._deserialize(value, attr, data, **kwargs)


def card_list(max_items: int = 40, **kwargs: Any) -> ma.fields.List[Any]:
    """A bounded list of card codes."""
    return CardList(CardCode(), validate=ma.validate.Length(max=max_items), **kwargs)


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
