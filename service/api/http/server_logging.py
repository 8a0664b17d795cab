"""JSON lines for everything the gunicorn process writes: gunicorn's logs, warnings, crashes.

gunicorn.conf.py names ``JsonLogger`` as gunicorn's ``logger_class``. Its error log (stderr)
and, when ``GUNICORN_ACCESS_LOG`` is on, its access log (stdout) use the app's ``JsonFormatter``;
an access line carries the request's fields as JSON values, never a hand-made JSON template in
which a quote or a backslash of a header could break the line. ``capture_process_output``
(called by the master before it forks) sends the root logger, Python warnings and uncaught
exceptions of any thread through the same formatter; ``fatal`` reports bad settings before
gunicorn has a logger.
"""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterable
from datetime import timedelta
from types import TracebackType
from typing import Any, NoReturn

from gunicorn.glogging import Logger

from service.api.http.request_log import REQUEST_ID_HEADER, JsonFormatter, configure_logging

PROCESS_LOGGER = "service.process"

log = logging.getLogger(PROCESS_LOGGER)


def _log_uncaught(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    log.critical("uncaught %s: %s", kind.__name__, error, exc_info=(kind, error, trace))


def _log_uncaught_in_thread(args: threading.ExceptHookArgs) -> None:
    if args.exc_type is SystemExit or args.exc_value is None:
        return
    name = args.thread.name if args.thread is not None else "?"
    log.critical(
        "uncaught %s in thread %s: %s",
        args.exc_type.__name__,
        name,
        args.exc_value,
        exc_info=(args.exc_type, args.exc_value, args.exc_traceback),
    )


def capture_process_output() -> None:
    """Make the root logger, warnings and uncaught exceptions of this process JSON lines."""
    configure_logging()
    logging.captureWarnings(True)
    sys.excepthook = _log_uncaught
    threading.excepthook = _log_uncaught_in_thread


def fatal(problems: Iterable[str], logger: str = "service.config") -> NoReturn:
    """Write each problem as a CRITICAL JSON line on stderr and exit with status 2."""
    formatter = JsonFormatter()
    for problem in problems:
        record = logging.LogRecord(logger, logging.CRITICAL, __file__, 0, problem, None, None)
        sys.stderr.write(formatter.format(record) + "\n")
    sys.stderr.flush()
    raise SystemExit(2)


def _header(headers: Iterable[tuple[str, str]], name: str) -> str | None:
    for key, value in headers:
        if key.lower() == name:
            return value
    return None


class JsonLogger(Logger):  # type: ignore[misc]
    """gunicorn's logger writing JSON lines: error log on stderr, optional access log on stdout."""

    def setup(self, cfg: Any) -> None:
        """gunicorn's set-up, then the JSON formatter on each of its handlers."""
        super().setup(cfg)
        formatter = JsonFormatter()
        for logger in (self.error_log, self.access_log):
            for handler in logger.handlers:
                handler.setFormatter(formatter)

    def access(self, resp: Any, req: Any, environ: dict[str, Any], request_time: timedelta) -> None:
        """One JSON access line per request, its fields as values (only when the log is on)."""
        if not self.access_log_enabled:
            return
        status = resp.status
        code = int(status.split(None, 1)[0]) if isinstance(status, str) else status
        method = environ.get("REQUEST_METHOD")
        path = environ.get("PATH_INFO")
        self.access_log.info(
            "%s %s %s",
            method,
            path,
            code,
            extra={
                "type": "access",
                "remote": environ.get("REMOTE_ADDR"),
                "method": method,
                "path": path,
                "query": environ.get("QUERY_STRING") or None,
                "status": code,
                "bytes": getattr(resp, "sent", None),
                "duration_ms": round(request_time.total_seconds() * 1000, 3),
                "request_id": _header(resp.headers, REQUEST_ID_HEADER.lower()),
                "user_agent": environ.get("HTTP_USER_AGENT"),
            },
        )
