"""The rules field of a request: a preset name, or a preset with option overrides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import marshmallow as ma

from service.api.fields import StrictBoolean, StrictInteger
from service.api.json_text import json_text
from service.engine.memo import Memo
from service.engine.message import Message
from service.engine.presets import PRESETS
from service.engine.rules import OPTIONS, OptionSpec

MAX_OPTION_NUMBER = 10_000
MAX_DEALS = 40


def _option_field(spec: OptionSpec) -> ma.fields.Field[Any]:
    """The marshmallow field of one engine option, bounded by its choices or a range."""
    metadata = {"description": spec.description}
    if spec.kind is bool:
        return StrictBoolean(metadata=metadata)
    if spec.kind is int:
        if spec.choices is not None:
            return StrictInteger(validate=ma.validate.OneOf(spec.choices), metadata=metadata)
        low = spec.minimum or 0
        return StrictInteger(validate=ma.validate.Range(low, MAX_OPTION_NUMBER), metadata=metadata)
    if spec.kind is str:
        choices = spec.choices or ()
        return ma.fields.String(validate=ma.validate.OneOf(choices), metadata=metadata)
    return ma.fields.List(
        StrictInteger(validate=ma.validate.Range(1, MAX_DEALS)),
        validate=ma.validate.Length(1, MAX_DEALS),
        metadata=metadata,
    )


RulesOptionsSchema: type[ma.Schema] = ma.Schema.from_dict(
    {
        "preset": ma.fields.String(
            required=True,
            validate=ma.validate.OneOf(sorted(PRESETS)),
            metadata={"description": "the preset the options start from"},
        ),
        **{spec.name: _option_field(spec) for spec in OPTIONS},
    },
    name="RulesOptionsSchema",
)
# Loading is stateless, so one instance serves every request (building one costs ~0.5 ms).
RULES_OPTIONS = RulesOptionsSchema()


# States carry their full rules, so most requests send one of a few identical objects.
# Each entry: the loaded object and the names of its list values (copied for every caller).
_LOADED_MEMO: Memo[tuple[dict[str, Any], tuple[str, ...]]] = Memo(256, key=json_text)


def loaded_options(value: Mapping[str, Any]) -> dict[str, Any]:
    """A rules object loaded by ``RULES_OPTIONS`` (a fresh copy), remembered by value."""
    loaded, lists = _LOADED_MEMO.get(value, lambda: _loaded_with_lists(value))
    copy = dict(loaded)
    for name in lists:
        copy[name] = list(copy[name])
    return copy


def _loaded_with_lists(value: Mapping[str, Any]) -> tuple[dict[str, Any], tuple[str, ...]]:
    loaded: dict[str, Any] = RULES_OPTIONS.load(value)
    return loaded, tuple(name for name, item in loaded.items() if isinstance(item, list))


class RulesField(ma.fields.Field[Any]):
    """A preset name, or an object of a preset and option overrides."""

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "oneOf": [
                {"type": "string", "enum": sorted(PRESETS)},
                {"$ref": "#/components/schemas/RulesOptions"},
            ],
            "description": 'a preset name, or {"preset": name, <option overrides>}',
            **kwargs.pop("metadata", {}),
        }
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            if value not in PRESETS:
                known = ", ".join(sorted(PRESETS))
                raise ma.ValidationError(
                    Message(
                        "unknown preset {preset!r}; known: {known}", preset=value[:40], known=known
                    )
                )
            return value
        if isinstance(value, Mapping):
            return loaded_options(value)
        raise ma.ValidationError(Message("must be a preset name or an object of options"))
