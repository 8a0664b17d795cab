"""A fast path for marshmallow loads of request bodies that are valid.

Marshmallow's load of a full state costs a /v1/moves request about a fifth of its time, most
of it generic machinery (an error store, a getter and a validator list per field) that a valid
body never needs. ``fast_loader`` reads a schema's fields once and builds a loader that checks
the common field kinds inline (strict integers in a range, booleans, card lists, bounded lists,
nested schemas) and hands any other field to its own ``deserialize``; it runs the schema's own
``validates_schema`` methods on the result (a schema with field ``validates`` methods, or load
hooks, is loaded by marshmallow whole). At the first sign that the body
may be invalid (a wrong type, a value out of range, a missing required field, an unknown key,
a validator's error) it raises ``FallbackError``, and the caller loads the body with marshmallow as
before, so every error answer is marshmallow's own. A valid body loads to the same dict either
way (``tests/api/test_fast_load.py`` checks both paths on every preset's example bodies).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import marshmallow as ma
from marshmallow.decorators import POST_LOAD, PRE_LOAD, VALIDATES, VALIDATES_SCHEMA

from service.api.fields import CARD_CODES, CardCode, CardList, StrictBoolean, StrictInteger

Reader = Callable[[Any, str, Mapping[str, Any]], Any]
Loader = Callable[[Any], dict[str, Any]]


class FallbackError(Exception):
    """The body needs marshmallow's full load: it may be invalid."""


def fast_loader(schema: ma.Schema) -> Loader:
    """A loader of ``schema``'s valid bodies; raises ``FallbackError`` on anything else."""
    if (
        schema.many
        or schema.unknown != ma.RAISE
        or schema.partial
        or schema._hooks[PRE_LOAD]
        or schema._hooks[POST_LOAD]
        or schema._hooks[VALIDATES]
        or any(f.attribute is not None for f in schema.load_fields.values())
    ):
        return _marshmallow_loader(schema)
    fields = [
        (
            name if field.data_key is None else field.data_key,
            name,
            field_reader(field),
            field.required,
            field.load_default,
            field.allow_none,
        )
        for name, field in schema.load_fields.items()
    ]
    known = frozenset(key for key, *_ in fields)
    validate = _validator_of(schema)

    def load(data: Any) -> dict[str, Any]:
        if type(data) is not dict or not known.issuperset(data):
            raise FallbackError
        result: dict[str, Any] = {}
        for key, name, read, required, default, allow_none in fields:
            value = data.get(key, ma.missing)
            if value is ma.missing:
                if required:
                    raise FallbackError
                if default is not ma.missing:
                    result[name] = default() if callable(default) else default
            elif value is None:
                if not allow_none:
                    raise FallbackError
                result[name] = None
            else:
                result[name] = read(value, key, data)
        if validate is not None:
            validate(result, data)
        return result

    return load


def _validator_of(schema: ma.Schema) -> Callable[[dict[str, Any], Any], None] | None:
    """What runs the schema's ``validates_schema`` methods on a loaded body, as its load runs
    them; None when it has none (a schema with field ``validates`` is not read fast)."""
    hooks = schema._hooks[VALIDATES_SCHEMA]
    if not hooks:
        return None
    # Load runs those given the whole collection first; with one object, both get the object.
    ordered = [h for h in hooks if h[1]] + [h for h in hooks if not h[1]]
    methods = [
        (getattr(schema, name), bool(options.get("pass_original"))) for name, _, options in ordered
    ]

    def validate(result: dict[str, Any], data: Any) -> None:
        try:
            for method, pass_original in methods:
                if pass_original:
                    method(result, data, partial=None, many=False, unknown=ma.RAISE)
                else:
                    method(result, partial=None, many=False, unknown=ma.RAISE)
        except ma.ValidationError:
            raise FallbackError from None

    return validate


def _marshmallow_loader(schema: ma.Schema) -> Loader:
    """A schema the fast path does not read: its own load, any error a ``FallbackError``."""
    load_fully = schema.load  # bound now: ``with_fast_load`` may replace the attribute later

    def load(data: Any) -> dict[str, Any]:
        try:
            loaded: dict[str, Any] = load_fully(data)
        except ma.ValidationError:
            raise FallbackError from None
        return loaded

    return load


def field_reader(field: ma.fields.Field[Any]) -> Reader:
    """A reader of a present, non-null value of ``field``: inline for the common kinds."""
    kind = type(field)
    if kind is StrictInteger:
        bounds = _range_of(field)
        if bounds is not None:
            return _integer_reader(*bounds)
    elif kind is StrictBoolean and not field.validators:
        return _boolean
    elif kind is CardList and type(field.inner) is CardCode:  # type: ignore[attr-defined]
        longest = _longest(field)
        if longest is not None and not field.inner.validators:  # type: ignore[attr-defined]
            return _card_list_reader(longest)
    elif kind is ma.fields.List:
        longest = _longest(field)
        inner = field.inner  # type: ignore[attr-defined]
        if longest is not None:
            return _list_reader(longest, inner, field_reader(inner))
    elif kind is ma.fields.Nested and _plain_nested(field):
        nested = fast_loader(field.schema)  # type: ignore[attr-defined]
        return lambda value, key, data: nested(value)
    return _deserializer(field)


def _deserializer(field: ma.fields.Field[Any]) -> Reader:
    """The field's own deserialization, its error a ``FallbackError`` (of a value present and
    not null, ``deserialize`` runs only ``_deserialize`` when the field has no validators and
    no ``pre_load`` functions)."""
    plain = not field.validators and not getattr(field, "pre_load", None)
    convert = field._deserialize if plain else field.deserialize

    def read(value: Any, key: str, data: Mapping[str, Any]) -> Any:
        try:
            return convert(value, key, data)
        except ma.ValidationError:
            raise FallbackError from None

    return read


def _range_of(field: ma.fields.Field[Any]) -> tuple[int | None, int | None] | None:
    """The inclusive bounds of an integer field with no validator or one inclusive Range."""
    if not field.validators:
        return None, None
    check = field.validators[0]
    if (
        len(field.validators) == 1
        and type(check) is ma.validate.Range
        and check.min_inclusive
        and check.max_inclusive
    ):
        return check.min, check.max
    return None


def _longest(field: ma.fields.Field[Any]) -> int | None:
    """The most items of a list field whose only validator is Length(max=...); else None."""
    if len(field.validators) != 1:
        return None
    check = field.validators[0]
    if type(check) is ma.validate.Length and check.min is None and check.equal is None:
        return check.max
    return None


def _plain_nested(field: ma.fields.Field[Any]) -> bool:
    """A nested schema read whole: no many, only, exclude or unknown of the field's own."""
    return not (
        field.many  # type: ignore[attr-defined]
        or field.only  # type: ignore[attr-defined]
        or field.exclude  # type: ignore[attr-defined]
        or field.unknown is not None  # type: ignore[attr-defined]
        or field.validators
    )


def _integer_reader(low: int | None, high: int | None) -> Reader:
    def read(value: Any, key: str, data: Mapping[str, Any]) -> int:
        if type(value) is not int:
            raise FallbackError
        if (low is not None and value < low) or (high is not None and value > high):
            raise FallbackError
        return value

    return read


def _boolean(value: Any, key: str, data: Mapping[str, Any]) -> bool:
    if type(value) is not bool:
        raise FallbackError
    return value


def _card_list_reader(longest: int | None) -> Reader:
    def read(value: Any, key: str, data: Mapping[str, Any]) -> list[str]:
        if type(value) is not list or (longest is not None and len(value) > longest):
            raise FallbackError
        try:
            codes = list(map(CARD_CODES.get, value))  # None for anything not a card code
        except TypeError:  # an item that cannot be a key: a list, an object
            raise FallbackError from None
        if None in codes:
            raise FallbackError
        return codes  # type: ignore[return-value]

    return read


def _list_reader(longest: int | None, inner: ma.fields.Field[Any], read_item: Reader) -> Reader:
    nullable = inner.allow_none

    def read(value: Any, key: str, data: Mapping[str, Any]) -> list[Any]:
        if type(value) is not list or (longest is not None and len(value) > longest):
            raise FallbackError
        items: list[Any] = []
        for item in value:
            if item is None:
                if not nullable:
                    raise FallbackError
                items.append(None)
            else:
                items.append(read_item(item, key, data))
        return items

    return read


def with_fast_load(schema: ma.Schema) -> ma.Schema:
    """``schema`` whose ``load`` of a body tries the fast path first (a plain load only: no
    ``many``, ``partial`` or ``unknown`` given), then marshmallow's own."""
    fast = fast_loader(schema)
    load_fully = schema.load

    def load(data: Any, **options: Any) -> Any:
        if not any(value is not None for value in options.values()):
            try:
                return fast(data)
            except FallbackError:
                pass
        return load_fully(data, **options)

    schema.load = load  # type: ignore[method-assign]
    return schema
