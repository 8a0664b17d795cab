"""JSON by orjson: request bodies of bounded nesting and number size, and the answers.

The standard library's decoder recurses once per nesting level and converts integer literals
of any length, so a small body of a few thousand brackets escapes as a RecursionError and a
few thousand digits as a ValueError: both were 500s with a traceback. orjson refuses nesting
deeper than 1024 levels and numbers beyond a double's range (and NaN, Infinity, invalid
UTF-8), raising its JSONDecodeError, which is answered here as a 400 problem naming the body.

Answers are written by orjson too, as Flask's default provider writes them (compact, keys
sorted, dataclasses and dates through its ``default``), except that text outside ASCII is
sent as UTF-8 rather than as escapes (the same JSON value; JSON is UTF-8 by spec). A spec
example computed on first use (``examples.Lazy``) is written as its value.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import flask
import flask_smorest
import marshmallow as ma
import orjson
from flask.json.provider import DefaultJSONProvider
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request

from service.api.examples import Lazy
from service.api.http.body import request_body
from service.api.http.problems import VALIDATION, ProblemError
from service.api.http.tracing import stream_follows
from service.engine.message import Message

MAX_REASON = 200
JSON_TYPE = "application/json"
NDJSON_TYPE = "application/x-ndjson"

# Sorted keys as Flask's provider writes them; dataclasses and dates go to its ``default``
# (asdict, then sorted; HTTP dates) instead of orjson's own forms.
JSON_OPTIONS = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)
# An answer ends with a newline, as Flask's provider writes it.
ANSWER_OPTIONS = JSON_OPTIONS | orjson.OPT_APPEND_NEWLINE


def answer_default(value: Any) -> Any:
    """Flask's ``default`` for what JSON has no form of, and a lazy example's value."""
    if isinstance(value, Lazy):
        return value.value()
    return DefaultJSONProvider.default(value)


class OrjsonProvider(DefaultJSONProvider):
    """Flask's JSON provider, reading and writing with orjson (depth and number size bounded)."""

    default = staticmethod(answer_default)

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """The JSON value of a text; orjson.JSONDecodeError (a ValueError) when it is not one."""
        return orjson.loads(s)

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """Compact JSON with sorted keys; other layouts (``indent``) by Flask's provider."""
        if set(kwargs) - {"separators"} or kwargs.get("separators", (",", ":")) != (",", ":"):
            return super().dumps(obj, **kwargs)
        return orjson.dumps(obj, default=self.default, option=JSON_OPTIONS).decode()


def invalid_body(reason: str) -> ProblemError:
    """The 400 problem of a request body that is not JSON the API can read."""
    reason = reason[:MAX_REASON]
    return ProblemError(
        400,
        Message("the request body is not valid JSON: {reason}", reason=reason),
        {"body": [reason]},
        VALIDATION,
        Message("Invalid JSON body"),
    )


def not_json(content_type: str) -> ProblemError:
    """The 415 problem of a body sent as another media type than JSON, naming the header."""
    sent = content_type[:MAX_REASON]
    if sent:
        reason = Message("expected {expected}, got {sent}", expected=JSON_TYPE, sent=sent)
        came = Message("this one was sent as {sent}", sent=sent)
    else:
        reason = Message("missing: expected {expected}", expected=JSON_TYPE)
        came = Message("this one named no Content-Type")
    return ProblemError(
        415,
        Message(
            "the request body is read as JSON only when sent with the header Content-Type: "
            "{expected} (curl: -H 'Content-Type: {expected}'); {came}",
            expected=JSON_TYPE,
            came=came,
        ),
        {"Content-Type": [reason]},
    )


# Where the decoded body is kept for the request: admission control, the rate limiter and the
# view all read it (each only reads it).
DECODED_BODY = "scopa.json_body"


def json_body(req: flask.Request) -> Any:
    """The request's JSON body, decoded once a request; ``core.missing`` when it has none, a
    400 problem when it is not JSON, a 415 when it was sent as another media type."""
    environ = req.environ
    if DECODED_BODY in environ:
        return environ[DECODED_BODY]
    data = request_body(req)
    if not is_json_request(req):
        if data:
            raise not_json(req.headers.get("Content-Type", ""))
        return core.missing
    if not data:
        body: Any = core.missing
    else:
        try:
            body = orjson.loads(data)
        except orjson.JSONDecodeError as error:
            raise invalid_body(str(error)) from None
    environ[DECODED_BODY] = body
    return body


# Where a request's loaded arguments are kept, by schema and location (``BodyParser.parse``).
LOADED_ARGUMENTS = "scopa.loaded_arguments"


class Failed:
    """A load that raised (``BodyParser.parse``)."""

    def __init__(self, error: Exception) -> None:
        self.error = error


class BodyParser(FlaskParser):
    """Webargs' Flask parser reading JSON bodies with orjson, as the app's provider does, and
    loading a request's arguments once: what a schema loaded (or the error it raised) is kept
    for the request, so that pricing it (``http.pricing``) and the view read one load.

    An empty body is missing (the schema names its required fields); any other body that
    does not decode, invalid UTF-8 included, is the same 400.
    """

    def load_json(self, req: flask.Request, schema: ma.Schema) -> Any:
        """The decoded JSON body, ``missing`` when there is none, or a 400 problem."""
        return json_body(req)

    def parse(self, argmap: Any, req: Any = None, **kwargs: Any) -> Any:
        """Webargs' parse, once a request for each schema and location: a second call gives
        what the first loaded, or raises what it raised."""
        req = req if req is not None else self.get_default_request()
        kept: dict[tuple[int, Any], Any] = req.environ.setdefault(LOADED_ARGUMENTS, {})
        key = (id(argmap), kwargs.get("location"))
        if key not in kept:
            try:
                kept[key] = super().parse(argmap, req, **kwargs)
            except Exception as error:  # raised again for the view, as the first load raised it
                kept[key] = Failed(error)
        found = kept[key]
        if isinstance(found, Failed):
            raise found.error
        return found


class Blueprint(flask_smorest.Blueprint):  # type: ignore[misc]
    """flask-smorest's blueprint whose request bodies are read by ``BodyParser`` (its documented
    ``ARGUMENTS_PARSER`` hook)."""

    ARGUMENTS_PARSER = BodyParser()


def json_answer(
    body: Any, headers: Mapping[str, str] | None = None, status: int = 200
) -> flask.Response:
    """An answer sent as the view built it: JSON as the app writes it (``OrjsonProvider``:
    compact, keys sorted, a newline at the end), with these headers.

    flask-smorest sends a view's Response as it is, its ``response`` schema documenting it
    (the contract tests check that the schema's dump would change nothing).
    """
    text = orjson.dumps(body, default=answer_default, option=ANSWER_OPTIONS)
    response = flask.current_app.response_class(text, status=status, mimetype=JSON_TYPE)
    if headers:
        response.headers.update(headers)
    return response


def ndjson_answer(lines: Iterator[Any], headers: Mapping[str, str] | None = None) -> flask.Response:
    """A stream of JSON lines (application/x-ndjson), each sent as soon as it is made, the
    request's context kept until the last."""
    body = (orjson.dumps(line, default=answer_default, option=ANSWER_OPTIONS) for line in lines)
    stream_follows()
    response = flask.current_app.response_class(
        flask.stream_with_context(body), mimetype=NDJSON_TYPE
    )
    if headers:
        response.headers.update(headers)
    return response
