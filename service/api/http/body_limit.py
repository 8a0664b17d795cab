"""The body size limit for chunked requests too, where there is no Content-Length to check.

Werkzeug cuts a chunked body off at ``MAX_CONTENT_LENGTH`` without saying so, and the truncated
JSON is then answered 400. This middleware reads such a body up to one byte past the limit: a
longer one is answered 413 like any oversized body, a shorter one is handed on with its length.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask, request
from werkzeug.exceptions import RequestEntityTooLarge

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

TOO_LARGE_FLAG = "scopa.body_too_large"


class ChunkedBodyLimit:
    """WSGI middleware: buffer a body without Content-Length, up to ``limit`` bytes."""

    def __init__(self, app: WSGIApplication, limit: int) -> None:
        self.app = app
        self.limit = limit

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        """Serve the request with its chunked body buffered, or flagged as too large."""
        if environ.get("CONTENT_LENGTH") in (None, "") and is_chunked(environ):
            body = environ["wsgi.input"].read(self.limit + 1)
            if len(body) > self.limit:
                environ[TOO_LARGE_FLAG] = True
                body = b""
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("wsgi.input_terminated", None)
        return self.app(environ, start_response)


def is_chunked(environ: WSGIEnvironment) -> bool:
    """Whether the request's body comes in chunks (or otherwise without a length)."""
    encoding = str(environ.get("HTTP_TRANSFER_ENCODING", "")).lower()
    return "chunked" in encoding or bool(environ.get("wsgi.input_terminated"))


def _refuse_flagged() -> None:
    if request.environ.get(TOO_LARGE_FLAG):
        raise RequestEntityTooLarge()


def install_chunked_body_limit(app: Flask) -> None:
    """Answer 413 to chunked bodies over ``MAX_CONTENT_LENGTH`` instead of truncating them."""
    limit: Any = app.config.get("MAX_CONTENT_LENGTH")
    if not limit:
        return
    app.wsgi_app = ChunkedBodyLimit(app.wsgi_app, int(limit))  # type: ignore[method-assign]
    app.before_request(_refuse_flagged)
