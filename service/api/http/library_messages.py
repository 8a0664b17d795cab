"""The English messages that the libraries under the API write into problems, as templates.

marshmallow (its fields, validators and schemas) and webargs word the validation errors of a
request; werkzeug words the HTTP errors (404, 405, ...) and ``http.HTTPStatus`` their titles.
Their texts arrive formatted (``"Length must be between 1 and 8."``): ``as_message`` recognises
one by its template and gives it back as a ``Message`` with the same English text, so the
problem is translated like the engine's own messages. ``make translations`` puts every
template here into the ``messages`` catalogue.
"""

from __future__ import annotations

import http
import inspect
import re
import string
from functools import cache
from itertools import product

import marshmallow as ma
import marshmallow.validate as mv
from webargs import core
from werkzeug.exceptions import default_exceptions

from service.engine.message import Message

# Every status a problem of this API can carry (problems.PROBLEM_TYPES and werkzeug's).
STATUSES = (400, 404, 405, 406, 413, 415, 422, 429, 500, 503)


def _range_templates() -> list[str]:
    """The texts of ``validate.Range``, its comparison words filled in as the validator does."""
    words = {
        "min": (mv.Range.message_gte, mv.Range.message_gt),
        "max": (mv.Range.message_lte, mv.Range.message_lt),
    }
    found = [mv.Range.message_min.format(min_op=op) for op in words["min"]]
    found += [mv.Range.message_max.format(max_op=op) for op in words["max"]]
    found += [
        mv.Range.message_all.format(min_op=low, max_op=high)
        for low, high in product(words["min"], words["max"])
    ]
    return found


def _validator_templates() -> list[str]:
    """The texts of marshmallow's validators (Range's comparison words excluded)."""
    found = []
    for _name, cls in inspect.getmembers(mv, inspect.isclass):
        if not issubclass(cls, mv.Validator) or cls is mv.Range:
            continue
        for attribute in ("default_message", "message_min", "message_max", "message_all"):
            text = getattr(cls, attribute, None)
            if isinstance(text, str):
                found.append(text)
        if cls is mv.Length:
            found.append(cls.message_equal)
    return found


def _field_templates() -> list[str]:
    """The error texts of marshmallow's fields and schemas, and webargs' default."""
    found: list[str] = []
    for _name, cls in inspect.getmembers(ma.fields, inspect.isclass):
        if issubclass(cls, ma.fields.Field):
            for klass in cls.__mro__:
                found.extend(getattr(klass, "default_error_messages", {}).values())
    found.extend(ma.Schema().error_messages.values())
    found.append(core.Parser.DEFAULT_VALIDATION_MESSAGE)
    return found


@cache
def library_templates() -> tuple[str, ...]:
    """Every template of the libraries' problem texts, each once, in a stable order."""
    texts = _field_templates() + _validator_templates() + _range_templates()
    texts += [http.HTTPStatus(status).phrase for status in STATUSES]
    texts += [str(default_exceptions[status].description) for status in STATUSES]
    return tuple(sorted({text for text in texts if isinstance(text, str) and text.strip()}))


def _fields(template: str) -> list[tuple[str, str | None]]:
    """The named fields of a template and their conversions, in order."""
    return [
        (name, conversion)
        for _text, name, _spec, conversion in string.Formatter().parse(template)
        if name is not None
    ]


def _literal(template: str) -> str:
    """The text of a template outside its fields."""
    return "".join(text for text, _name, _spec, _conv in string.Formatter().parse(template))


@cache
def _patterns() -> tuple[tuple[re.Pattern[str], str], ...]:
    """A regular expression for each template with fields, the most specific first (the most
    literal text), so that a text matches the template it was made from."""
    found = []
    ordered = sorted(library_templates(), key=lambda t: (-len(_literal(t)), t))
    for template in ordered:
        fields = _fields(template)
        if any(conversion for _name, conversion in fields) or not fields:
            continue
        pattern = ""
        for text, name, _spec, _conversion in string.Formatter().parse(template):
            pattern += re.escape(text)
            if name is not None:
                pattern += f"(?P<{name}>.+?)" if f"(?P<{name}>" not in pattern else f"(?P={name})"
        found.append((re.compile(pattern + r"\Z", re.DOTALL), template))
    return tuple(found)


def as_message(text: str) -> str:
    """A library's text as a Message of its template (the same English), else as it is."""
    if isinstance(text, Message) or not text:
        return text
    if "{" not in text and text in library_templates():
        return Message(text)
    for pattern, template in _patterns():
        found = pattern.match(text)
        if found is not None:
            message = Message(template, **found.groupdict())
            if message == text:
                return message
    return text
