"""The request body, read once at the WSGI door, within the size limit.

``BodyReader`` wraps the app. A body with a plain Content-Length within ``MAX_CONTENT_LENGTH``
is read whole there and kept in the WSGI environ for the request (``request_body``). A chunked
body (no Content-Length) is read up to one byte past the limit, since werkzeug would cut it off
at the limit without saying so and the truncated JSON would be answered 400: a longer one is
answered 413 like any oversized body, a shorter one is kept with its length. Every other body
(a Content-Length over the limit, malformed, or longer than what arrives) is left to werkzeug's
``get_data``, which answers it as werkzeug does (413, or 400 for a client gone).

The paths of operations that carry many records (``larger``) have a larger limit of their
own: their bodies are read at the door up to it, and a Content-Length over it is answered 413
there. The limit a request met is kept in the environ for the 413's words (``problems.BODY_LIMIT``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from flask import Flask, Request, request
from werkzeug.exceptions import RequestEntityTooLarge

from service.api.http.problems import BODY_LIMIT as LIMIT

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

TOO_LARGE_FLAG = "scopa.body_too_large"
# Where the body read at the door is kept for the request.
BODY = "scopa.body"
# Longer Content-Length texts are left to werkzeug (they are over any limit anyway).
MAX_LENGTH_DIGITS = 18


class BodyReader:
    """WSGI middleware: read a body within ``limit`` bytes (``larger`` ones on their paths)
    once, before the app sees it."""

    def __init__(
        self, app: WSGIApplication, limit: int, larger: Mapping[str, int] | None = None
    ) -> None:
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        """Serve the request with its body read, or flagged as too large."""
        limit = self.larger.get(environ.get("PATH_INFO", ""), self.limit)
        environ[LIMIT] = limit
        length = environ.get("CONTENT_LENGTH")
        if length in (None, ""):
            if is_chunked(environ):
                read_chunked(environ, limit)
        elif len(length) <= MAX_LENGTH_DIGITS and length.isascii() and length.isdigit():
            if int(length) <= limit:
                read_whole(environ, int(length))
            elif limit != self.limit:
                environ[TOO_LARGE_FLAG] = True
        return self.app(environ, start_response)


def read_chunked(environ: WSGIEnvironment, limit: int) -> None:
    """Buffer a body without a length, or flag it when it passes the limit."""
    body = environ["wsgi.input"].read(limit + 1)
    if len(body) > limit:
        environ[TOO_LARGE_FLAG] = True
        body = b""
    else:
        environ[BODY] = body
    environ["wsgi.input"] = io.BytesIO(body)
    environ["CONTENT_LENGTH"] = str(len(body))
    environ.pop("wsgi.input_terminated", None)


def read_whole(environ: WSGIEnvironment, length: int) -> None:
    """Read a body of ``length`` bytes; one cut short is left for werkzeug to answer."""
    body = environ["wsgi.input"].read(length) if length else b""
    if len(body) == length:
        environ[BODY] = body
    environ["wsgi.input"] = io.BytesIO(body)


def is_chunked(environ: WSGIEnvironment) -> bool:
    """Whether the request's body comes in chunks (or otherwise without a length)."""
    encoding = str(environ.get("HTTP_TRANSFER_ENCODING", "")).lower()
    return "chunked" in encoding or bool(environ.get("wsgi.input_terminated"))


def request_body(req: Request) -> bytes:
    """The request's body: as read at the door, else by werkzeug's ``get_data`` (which
    answers 413 for a body over the limit and 400 for one cut short)."""
    body: bytes | None = req.environ.get(BODY)
    return req.get_data() if body is None else body


def _refuse_flagged() -> None:
    if request.environ.get(TOO_LARGE_FLAG):
        raise RequestEntityTooLarge()


def install_body_reader(app: Flask, larger: Mapping[str, str] | None = None) -> None:
    """Read bodies within ``MAX_CONTENT_LENGTH`` (on the ``larger`` paths, within the setting
    each names, such as ``BATCH_MAX_CONTENT_LENGTH``) once at the door, and answer 413 to
    chunked bodies over it instead of truncating them."""
    limit: Any = app.config.get("MAX_CONTENT_LENGTH")
    if not limit:
        return
    paths = {
        path: max(int(app.config.get(setting) or limit), int(limit))
        for path, setting in (larger or {}).items()
    }
    app.wsgi_app = BodyReader(app.wsgi_app, int(limit), paths)  # type: ignore[method-assign]
    app.before_request(_refuse_flagged)
