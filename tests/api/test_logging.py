"""JSON log lines on stderr with a request ID taken from X-Request-ID or generated."""

from __future__ import annotations

import datetime
import json
import logging
import subprocess
import sys
from types import SimpleNamespace
from typing import Any

import pytest
from gunicorn.config import Config

from service.api.app import create_app
from service.api.http.request_log import REQUEST_ID_PATTERN, JsonFormatter, request_id_from
from service.api.http.server_logging import JsonLogger, fatal

HINT = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}
FIELDS = {"time", "level", "logger", "message", "pid", "request_id", "method", "path", "status"}
NASTY = 'evil" \\ \n{"level":"CRITICAL","message":"forged"}\r\t\x1b\x85\u2028\u2029end\\'


def request_lines(stderr: str) -> list[dict[str, Any]]:
    """The request log entries among the JSON lines of stderr."""
    entries = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    return [e for e in entries if e["logger"] == "service.api.request"]


def test_a_valid_request_id_is_echoed_and_logged(capsys: pytest.CaptureFixture[str]) -> None:
    client = create_app({"TESTING": True}).test_client()
    response = client.post("/v1/moves", json=HINT, headers={"X-Request-ID": "trace-42.a:b_c"})
    assert response.headers["X-Request-ID"] == "trace-42.a:b_c"
    (entry,) = request_lines(capsys.readouterr().err)
    assert FIELDS | {"duration_ms", "bytes", "remote", "user_agent"} <= entry.keys()
    assert entry["request_id"] == "trace-42.a:b_c"
    assert (entry["method"], entry["path"], entry["status"]) == ("POST", "/v1/moves", 200)
    assert entry["level"] == "INFO"
    assert entry["time"].endswith("Z")
    assert entry["duration_ms"] >= 0


@pytest.mark.parametrize("given", [None, "", "x" * 129, "has space", "new\\nline", "<script>", "é"])
def test_a_missing_or_unsafe_request_id_is_replaced(
    given: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    client = create_app({"TESTING": True}).test_client()
    headers = {} if given is None else {"X-Request-ID": given}
    response = client.get("/healthz", headers=headers)
    generated = response.headers["X-Request-ID"]
    assert generated != given
    assert REQUEST_ID_PATTERN.fullmatch(generated)
    (entry,) = request_lines(capsys.readouterr().err)
    assert entry["request_id"] == generated
    assert entry["status"] == 200


def test_two_requests_get_different_ids() -> None:
    client = create_app({"TESTING": True}).test_client()
    first = client.get("/healthz").headers["X-Request-ID"]
    second = client.get("/healthz").headers["X-Request-ID"]
    assert first != second


def test_errors_are_logged_with_the_request_id(capsys: pytest.CaptureFixture[str]) -> None:
    client = create_app({"TESTING": True}).test_client()
    response = client.post("/v1/moves", json={"rules": "scopa"}, headers={"X-Request-ID": "r-1"})
    assert response.status_code == 422
    assert response.headers["X-Request-ID"] == "r-1"
    (entry,) = request_lines(capsys.readouterr().err)
    assert entry["status"] == 422


def test_log_level_setting_silences_request_lines(capsys: pytest.CaptureFixture[str]) -> None:
    client = create_app({"TESTING": True, "LOG_LEVEL": "WARNING"}).test_client()
    client.get("/healthz")
    assert request_lines(capsys.readouterr().err) == []


def test_formatter_writes_one_line_with_extras_and_exception() -> None:
    try:
        raise ValueError("boom\nsecond line")
    except ValueError:
        record = logging.getLogger("service.x").makeRecord(
            "service.x", logging.ERROR, __file__, 1, "failed %s", ("here",), None
        )
        record.exc_info = sys.exc_info()
    record.__dict__["endpoint"] = "/v1/moves"
    line = JsonFormatter().format(record)
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["message"] == "failed here"
    assert entry["level"] == "ERROR"
    assert entry["endpoint"] == "/v1/moves"
    assert "ValueError: boom" in entry["exception"]
    assert "request_id" not in entry


def test_request_id_from() -> None:
    assert request_id_from("abc") == "abc"
    assert request_id_from("a b") != "a b"


def test_header_values_never_break_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    client = create_app({"TESTING": True}).test_client()
    response = client.get("/healthz", environ_base={"HTTP_USER_AGENT": NASTY})
    assert response.status_code == 200
    lines = [line for line in capsys.readouterr().err.splitlines() if line]
    entries = [json.loads(line) for line in lines]  # every line is one whole JSON object
    (entry,) = [e for e in entries if e["logger"] == "service.api.request"]
    assert entry["user_agent"] == NASTY
    assert not [e for e in entries if e.get("message") == "forged"]


def test_remote_is_the_client_behind_trusted_proxies(capsys: pytest.CaptureFixture[str]) -> None:
    forwarded = {"X-Forwarded-For": "203.0.113.7"}
    for trusted, remote in ((0, "10.1.2.3"), (1, "203.0.113.7")):
        client = create_app({"TESTING": True, "TRUSTED_PROXIES": trusted}).test_client()
        client.get("/healthz", headers=forwarded, environ_base={"REMOTE_ADDR": "10.1.2.3"})
        (entry,) = request_lines(capsys.readouterr().err)
        assert entry["remote"] == remote


def test_library_logs_are_json_lines_too(capsys: pytest.CaptureFixture[str]) -> None:
    create_app({"TESTING": True})
    logging.getLogger("some.library").warning("careful:\n%s", 'a "quoted" value')
    (line,) = capsys.readouterr().err.splitlines()
    entry = json.loads(line)
    assert (entry["logger"], entry["level"]) == ("some.library", "WARNING")
    assert entry["message"] == 'careful:\na "quoted" value'


def gunicorn_logger(**settings: Any) -> JsonLogger:
    cfg = Config()
    for name, value in settings.items():
        cfg.set(name, value)
    return JsonLogger(cfg)


def test_gunicorn_error_log_is_json(capsys: pytest.CaptureFixture[str]) -> None:
    logger = gunicorn_logger(errorlog="-", loglevel="info")
    logger.info("Booting worker with pid: %s", 42)
    try:
        raise RuntimeError("worker\nfailed")
    except RuntimeError:
        logger.exception("Exception in worker process")
    entries = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert [e["message"] for e in entries] == [
        "Booting worker with pid: 42",
        "Exception in worker process",
    ]
    assert entries[0]["logger"] == "gunicorn.error"
    assert "RuntimeError: worker\nfailed" in entries[1]["exception"]


def test_gunicorn_access_log_is_off_unless_asked(capsys: pytest.CaptureFixture[str]) -> None:
    response = SimpleNamespace(status="200 OK", sent=16, headers=[])
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": "/healthz", "HTTP_USER_AGENT": NASTY}
    quiet = gunicorn_logger(errorlog="-", accesslog=None)
    quiet.access(response, None, environ, datetime.timedelta(milliseconds=3))
    assert capsys.readouterr().out == ""


def test_gunicorn_access_lines_carry_header_values_as_json_strings(
    capsys: pytest.CaptureFixture[str],
) -> None:
    logger = gunicorn_logger(errorlog="-", accesslog="-")
    response = SimpleNamespace(
        status="404 NOT FOUND", sent=207, headers=[("X-Request-ID", "r-9"), ("Server", "x")]
    )
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": '/a"b',
        "QUERY_STRING": "q=1",
        "REMOTE_ADDR": "10.0.0.1",
        "HTTP_USER_AGENT": NASTY,
    }
    logger.access(response, None, environ, datetime.timedelta(milliseconds=12, microseconds=500))
    (line,) = capsys.readouterr().out.splitlines()
    entry = json.loads(line)
    assert entry["type"] == "access"
    assert entry["user_agent"] == NASTY
    assert (entry["method"], entry["path"], entry["query"]) == ("GET", '/a"b', "q=1")
    assert (entry["status"], entry["bytes"], entry["duration_ms"]) == (404, 207, 12.5)
    assert (entry["request_id"], entry["remote"]) == ("r-9", "10.0.0.1")


def test_fatal_writes_one_json_line_per_problem_and_exits_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as stopped:
        fatal(["SCOPA_CACHE_TTL='x': bad", "PORT='y': bad"])
    assert stopped.value.code == 2
    entries = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert [(e["level"], e["logger"], e["message"]) for e in entries] == [
        ("CRITICAL", "service.config", "SCOPA_CACHE_TTL='x': bad"),
        ("CRITICAL", "service.config", "PORT='y': bad"),
    ]


CRASH = """
import threading, warnings
from service.api.http.server_logging import capture_process_output
capture_process_output()
warnings.warn("deprecated\\nthing", UserWarning)
thread = threading.Thread(target=lambda: 1 / 0, name="worker-thread")
thread.start()
thread.join()
raise RuntimeError("main thread died")
"""


def test_warnings_and_uncaught_exceptions_of_the_process_are_json() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CRASH], capture_output=True, text=True, check=False
    )
    assert result.returncode == 1
    entries = [json.loads(line) for line in result.stderr.splitlines()]
    assert [(e["logger"], e["level"]) for e in entries] == [
        ("py.warnings", "WARNING"),
        ("service.process", "CRITICAL"),
        ("service.process", "CRITICAL"),
    ]
    assert "deprecated\nthing" in entries[0]["message"]
    assert "ZeroDivisionError in thread worker-thread" in entries[1]["message"]
    assert "RuntimeError: main thread died" in entries[2]["exception"]
