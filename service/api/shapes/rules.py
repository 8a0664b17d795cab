"""The rules field of a request: a preset name, or a preset with option overrides, loaded as
the engine's Rules."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

import marshmallow as ma
import orjson

from service.api.shapes.fields import StrictBoolean, StrictInteger
from service.api.shapes.values import RulesRefused, RulesValue
from service.engine.errors import RulesError
from service.engine.memo import Memo, json_key
from service.engine.message import Message
from service.engine.presets import PRESETS, rules_from_mapping
from service.engine.rules import OPTIONS, OptionSpec, Rules

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
# Loading is stateless, so one instance serves every request.
RULES_OPTIONS = RulesOptionsSchema()


def rules_text(value: Any) -> Hashable:
    """A memo key equal only for equal JSON values, types told apart (``true`` is not ``1``):
    the value's compact JSON text, or ``json_key`` where the text holds ``null`` (orjson writes
    NaN and the infinities as ``null``); TypeError for what JSON cannot write."""
    text = orjson.dumps(value)
    if b"null" in text:
        return json_key(value)
    return text


def built(value: str | Mapping[str, Any]) -> RulesValue:
    """The Rules a preset name or a loaded options object describes, or the refusal."""
    try:
        return rules_from_mapping(value)
    except RulesError as error:
        return RulesRefused(error)


# States carry their full rules, so most requests send one of a few identical objects: each
# is loaded and built once, by its text.
_RULES_MEMO: Memo[RulesValue] = Memo(256, key=rules_text)


class RulesField(ma.fields.Field[Any]):
    """A preset name, or an object of a preset and option overrides; loaded as the engine's
    Rules (or its refusal, for the request to answer after the other fields' checks)."""

    def __init__(self, **kwargs: Any) -> None:
        given = kwargs.pop("metadata", {})
        # A field that documents its own type (a query parameter's text) keeps only that.
        metadata = (
            given
            if "type" in given
            else {
                "oneOf": [
                    {"type": "string", "enum": sorted(PRESETS)},
                    {"$ref": "#/components/schemas/RulesOptions"},
                ],
                "description": 'a preset name, or {"preset": name, <option overrides>}',
                **given,
            }
        )
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> RulesValue:
        if isinstance(value, str):
            if value not in PRESETS:
                known = ", ".join(sorted(PRESETS))
                raise ma.ValidationError(
                    Message(
                        "unknown preset {preset!r}; known: {known}", preset=value[:40], known=known
                    )
                )
            return built(value)
        if isinstance(value, Mapping):
            return _RULES_MEMO.get(value, lambda: built(RULES_OPTIONS.load(value)))
        raise ma.ValidationError(Message("must be a preset name or an object of options"))

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return value.options() if isinstance(value, Rules) else value


class RulesTextField(RulesField):
    """A query parameter's rules: a preset name, or the JSON text of an object of a preset and
    option overrides."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> RulesValue:
        if isinstance(value, str) and value.lstrip().startswith("{"):
            try:
                value = orjson.loads(value)
            except orjson.JSONDecodeError:
                raise ma.ValidationError(
                    Message("not a preset name, nor the JSON text of an object of options")
                ) from None
        return super()._deserialize(value, attr, data, **kwargs)
