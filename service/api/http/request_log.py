"""Structured logs: one JSON object per line on stderr, with the request's ID in every line.

Each answered request is logged once, here (gunicorn's access log is off by default): request
ID, method, path, status, duration, response bytes, client address and user agent. Values are
JSON-encoded, so a quote or a newline in a header stays inside its string. The request ID comes
from ``X-Request-ID`` when it is short and made of safe characters, else a new one is generated;
it is echoed in the response's ``X-Request-ID`` header.
"""

from __future__ import annotations

import datetime
import logging
import re
import sys
import time
import uuid
from typing import Any, TextIO

import orjson
from flask import Flask, Response, g, has_request_context, request

from service.api.http.tracing import current_trace_ids

REQUEST_ID_HEADER = "X-Request-ID"
REQUEST_ID_PATTERN = re.compile(r"[A-Za-z0-9._:-]{1,128}")
REQUEST_LOGGER = "service.api.request"
SERVICE_LOGGER = "service"

# Attributes every LogRecord has; anything else was passed in ``extra`` and is logged as a field.
_STANDARD_ATTRIBUTES = frozenset(
    logging.LogRecord("", 0, "", 0, "", None, None).__dict__.keys() | {"message", "asctime"}
)

request_log = logging.getLogger(REQUEST_LOGGER)

# JSON allows these raw inside strings, but many readers (Python's splitlines among them) take
# them for line ends; escaped, every record stays on one line whatever a header held.
_LINE_BREAKING = str.maketrans({"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def request_id_from(header: str | None) -> str:
    """The client's request ID when it is valid, else a new random one."""
    if header is not None and REQUEST_ID_PATTERN.fullmatch(header):
        return header
    return uuid.uuid4().hex


def current_request_id() -> str | None:
    """The ID of the request being served, or None outside a request."""
    if not has_request_context():
        return None
    request_id: str | None = g.get("request_id")
    return request_id


class JsonFormatter(logging.Formatter):
    """Formats a record as one line of JSON: time, level, logger, message, pid and extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as compact JSON on one line."""
        stamp = datetime.datetime.fromtimestamp(record.created, tz=datetime.UTC)
        entry: dict[str, Any] = {
            "time": stamp.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "pid": record.process,
        }
        request_id = current_request_id()
        if request_id is not None:
            entry["request_id"] = request_id
        ids = current_trace_ids()
        if ids is not None:
            entry["trace_id"], entry["span_id"] = ids
        for key, value in record.__dict__.items():
            if key not in _STANDARD_ATTRIBUTES and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode().translate(_LINE_BREAKING)


class StderrHandler(logging.StreamHandler[TextIO]):
    """A stream handler that writes to whatever ``sys.stderr`` is at the time of each record."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> TextIO:
        """The current standard error."""
        return sys.stderr

    @stream.setter
    def stream(self, _value: TextIO) -> None:
        """Ignored: the handler always follows ``sys.stderr``."""


def configure_logging(level: str | int | None = None) -> None:
    """Send every log record to stderr as a JSON line; the service's own from ``level`` on.

    The handler sits on the root logger, so that libraries' warnings are JSON lines too; it is
    added once per process (a gunicorn worker inherits the master's).
    """
    if level is not None:
        logging.getLogger(SERVICE_LOGGER).setLevel(level)
    root = logging.getLogger()
    if not any(isinstance(h, StderrHandler) for h in root.handlers):
        handler = StderrHandler()
        handler.setFormatter(JsonFormatter())
        root.addHandler(handler)


def _begin_request() -> None:
    g.request_id = request_id_from(request.headers.get(REQUEST_ID_HEADER))
    g.log_started = time.perf_counter()


def _log_request(response: Response) -> Response:
    request_id = g.get("request_id") or request_id_from(None)
    response.headers[REQUEST_ID_HEADER] = request_id
    started: float | None = g.get("log_started")
    fields: dict[str, object] = {
        "method": request.method,
        "path": request.path,
        "status": response.status_code,
        "duration_ms": None,
        "bytes": response.content_length,
        # The client's address: the last trusted proxy's X-Forwarded-For (ProxyFix), else
        # the peer's.
        "remote": request.remote_addr,
        "user_agent": request.headers.get("User-Agent"),
    }
    args = (request.method, request.path, response.status_code)

    def log_it() -> None:
        if started is not None:
            fields["duration_ms"] = round((time.perf_counter() - started) * 1000, 3)
        request_log.info("%s %s %s", *args, extra=fields)

    if response.is_streamed:
        # A stream (a batch review's lines) is logged once sent, with its whole duration.
        response.call_on_close(log_it)
    else:
        log_it()
    return response


def install_request_logging(app: Flask) -> None:
    """Give every request an ID, echo it, and log one JSON line per answered request."""
    configure_logging(app.config["LOG_LEVEL"])
    app.before_request(_begin_request)
    app.after_request(_log_request)
