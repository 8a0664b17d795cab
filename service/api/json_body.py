"""JSON by orjson: request bodies with bounded nesting and number size, answers faster.

The standard library's decoder recurses once per nesting level and converts integer literals
of any length, so a small body of a few thousand brackets escapes as a RecursionError and a
few thousand digits as a ValueError: both were 500s with a traceback. orjson refuses nesting
deeper than 1024 levels and numbers beyond a double's range (and NaN, Infinity, invalid
UTF-8), raising its JSONDecodeError, which is answered here as a 400 problem naming the body.

Answers are written by orjson too, as Flask's default provider writes them (compact, keys
sorted, dataclasses and dates through its ``default``), except that text outside ASCII is
sent as UTF-8 rather than as escapes (the same JSON value; JSON is UTF-8 by spec).

``BodyBlueprint`` keeps flask-smorest's documentation and drops its wrappers at request time:
``doc`` and ``alt_response`` only document, a JSON body is loaded by one wrapper and an answer
sent as built by another (flask-smorest's chain of four or five wrappers, each asking Flask
whether its view is a coroutine, cost /v1/moves about 12 of its 340 microseconds in process).
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from typing import Any, cast

import flask
import marshmallow as ma
import orjson
from flask.json.provider import DefaultJSONProvider
from flask_smorest import Blueprint
from flask_smorest.utils import set_status_and_headers_in_response, unpack_tuple_response
from webargs import core
from webargs.flaskparser import FlaskParser, is_json_request
from werkzeug.exceptions import ClientDisconnected
from werkzeug.sansio.response import Response

from service.api.fast_load import with_fast_load
from service.api.problems import VALIDATION, ProblemError
from service.engine.message import Message

MAX_REASON = 200
JSON_TYPE = "application/json"


# Sorted keys as Flask's provider writes them; dataclasses and dates go to its ``default``
# (asdict, then sorted; HTTP dates) instead of orjson's own forms.
JSON_OPTIONS = (
    orjson.OPT_SORT_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
)
# An answer ends with a newline, as Flask's provider writes it.
ANSWER_OPTIONS = JSON_OPTIONS | orjson.OPT_APPEND_NEWLINE


class BodyJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider, reading and writing with orjson (depth and number size bounded)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """The JSON value of a text; orjson.JSONDecodeError (a ValueError) when it is not one."""
        return orjson.loads(s)

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """Compact JSON with sorted keys; other layouts (``indent``) by Flask's provider."""
        if set(kwargs) - {"separators"} or kwargs.get("separators", (",", ":")) != (",", ":"):
            return super().dumps(obj, **kwargs)
        return orjson.dumps(obj, default=self.default, option=JSON_OPTIONS).decode()

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """A JSON answer, compact unless the app is in debug mode (as Flask's provider)."""
        if self.compact is False or (self.compact is None and self._app.debug):
            return super().response(*args, **kwargs)
        obj = self._prepare_response_obj(args, kwargs)
        body = orjson.dumps(obj, default=self.default, option=ANSWER_OPTIONS)
        response_class = cast(type[flask.Response], self._app.response_class)
        return response_class(body, mimetype=self.mimetype)


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


def body_bytes(req: flask.Request) -> bytes:
    """The request's body, kept for later readers (``get_data`` returns it again).

    A body with a plain Content-Length within the app's limit is read by one read of exactly
    that many bytes (a shorter body is a disconnected client, 400); any other (chunked, no or a
    malformed length, over the limit, already being read) goes through werkzeug's ``get_data``,
    which answers 413 or reads a terminated stream as it always did. werkzeug's wrapping stream
    costs a small JSON request about a tenth of its time.
    """
    cached: bytes | None = getattr(req, CACHED_BODY, None)
    if cached is not None:
        return cached
    environ = req.environ
    length = environ.get("CONTENT_LENGTH") or ""
    size = int(length) if length.isascii() and length.isdigit() else None
    limit = req.max_content_length
    if (
        size is None
        or "HTTP_TRANSFER_ENCODING" in environ
        or "stream" in req.__dict__
        or (limit is not None and size > limit)
    ):
        return req.get_data(cache=True)
    data: bytes = environ["wsgi.input"].read(size)
    if len(data) != size:
        raise ClientDisconnected()
    setattr(req, CACHED_BODY, data)
    return data


# Where werkzeug's Request.get_data keeps the body it read (checked by tests/api/test_errors.py).
CACHED_BODY = "_cached_data"


class BodyParser(FlaskParser):
    """Webargs' Flask parser reading JSON bodies with orjson, as the app's provider does.

    An empty body is missing (the schema names its required fields); any other body that
    does not decode, invalid UTF-8 included, is the same 400.
    """

    def load_json(self, req: flask.Request, schema: ma.Schema) -> Any:
        """The decoded JSON body, ``missing`` when there is none, or a 400 problem."""
        if req.environ.get("CONTENT_TYPE") != JSON_TYPE and not is_json_request(req):
            return core.missing
        data = body_bytes(req)
        if not data:
            return core.missing
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError as error:
            raise invalid_body(str(error)) from None

    def load_body(self, schema: ma.Schema) -> Any:
        """The current request's JSON body loaded by ``schema``, as ``parse`` loads it at the
        json location; a body the schema refuses is parsed again by ``parse``, so that its
        error answer is webargs' own."""
        req = flask.request._get_current_object()  # type: ignore[attr-defined]  # one proxy look-up
        data = self.load_json(req, schema)
        try:
            return schema.load({} if data is core.missing else data)
        except ma.ValidationError:
            return self.parse(schema, location="json")


class BodyBlueprint(Blueprint):  # type: ignore[misc]
    """A flask-smorest blueprint whose arguments come from bodies decoded by ``BodyParser``."""

    ARGUMENTS_PARSER = BodyParser()

    def arguments(self, schema: type[ma.Schema] | ma.Schema, *args: Any, **kwargs: Any) -> Any:
        """flask-smorest's ``arguments``, with one schema instance built here for every request.

        Given a class, webargs builds an instance per request, and with it each nested schema
        (a state's schema costs about half a millisecond); loading keeps no state, so one
        instance is safe to share. A JSON body is loaded by ``fast_load`` when it is valid, by
        the parser's own ``parse`` (the same loading and error answers as webargs' ``use_args``)
        called from one plain wrapper; flask-smorest's wrappers only document.
        """
        instance = schema() if isinstance(schema, type) else copy.copy(schema)
        document = super().arguments(instance, *args, **kwargs)
        if kwargs.get("location", "json") != "json" or set(kwargs) - {"location"} - DOC_ONLY:
            return document
        instance = with_fast_load(instance)
        parser = self.ARGUMENTS_PARSER

        def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(func)
            def with_body(*f_args: Any, **f_kwargs: Any) -> Any:
                return func(*f_args, parser.load_body(instance), **f_kwargs)

            return documented_as(with_body, document(func))

        return decorator

    def doc(self, **kwargs: Any) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """flask-smorest's ``doc``, adding to the view's documentation without a wrapper."""
        document = super().doc(**kwargs)
        return lambda func: documented_as(func, document(func))

    def alt_response(
        self, *args: Any, **kwargs: Any
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """flask-smorest's ``alt_response``, documenting another answer without a wrapper."""
        document = super().alt_response(*args, **kwargs)
        return lambda func: documented_as(func, document(func))

    def response(
        self,
        status_code: int,
        schema: type[ma.Schema] | ma.Schema | None = None,
        *,
        as_built: bool = False,
        **kwargs: Any,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """flask-smorest's ``response``; with ``as_built``, the answer is documented by the
        schema but sent as the view built it, without marshmallow's dump.

        For views whose answers are already in the schema's exact form (plain JSON values, no
        float fields to coerce); the view function carries ``SENT_AS_BUILT`` (the schema class),
        and a contract test checks that dumping those answers changes nothing.
        """
        if not as_built or schema is None:
            decorate: Callable[[Callable[..., Any]], Callable[..., Any]]
            decorate = super().response(status_code, schema, **kwargs)
            return decorate
        documented = schema() if isinstance(schema, type) else copy.copy(schema)
        documented.dump = _unchanged  # type: ignore[method-assign,assignment]
        document = super().response(status_code, documented, **kwargs)

        def decorator(func: Callable[..., Any]) -> Callable[..., Any]:
            @functools.wraps(func)
            def send(*args: Any, **f_kwargs: Any) -> Any:
                return _sent_as_built(func(*args, **f_kwargs), status_code)

            setattr(send, SENT_AS_BUILT, type(documented))
            return documented_as(send, document(func))

        return decorator


# Arguments options that only document: the lean body wrapper serves routes using no others.
DOC_ONLY = frozenset({"content_type", "required", "description", "example", "examples"})


def documented_as(func: Callable[..., Any], documented: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` carrying the documentation flask-smorest's decorator stored on its wrapper
    (the wrapper itself is left unused: it would only add a call per request)."""
    func._apidoc = documented._apidoc  # type: ignore[attr-defined]
    return func


def _sent_as_built(answer: Any, status_code: int) -> Response:
    """A view's answer sent as flask-smorest's ``response`` sends it, without the dump: a
    Response as it is, else JSON; a (body, status, headers) tuple's parts applied."""
    body, status, headers = unpack_tuple_response(answer)
    if isinstance(body, flask.Response):
        set_status_and_headers_in_response(body, status, headers)
        return body
    sent = flask.current_app.json.response(body)
    set_status_and_headers_in_response(sent, status, headers)
    if status is None:
        sent.status_code = status_code
    return sent


# The attribute naming a view's response schema when its answers are sent as built.
SENT_AS_BUILT = "sent_as_built"


def _unchanged(answer: Any, **_kwargs: Any) -> Any:
    return answer
