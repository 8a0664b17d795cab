"""JSON log lines on stderr with a request ID taken from X-Request-ID or generated."""

from __future__ import annotations

import json
import logging
import sys
from typing import Any

import pytest

from service.api.app import create_app
from service.api.logging_setup import REQUEST_ID_PATTERN, JsonFormatter, request_id_from

HINT = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}
FIELDS = {"time", "level", "logger", "message", "request_id", "method", "path", "status"}


def request_lines(stderr: str) -> list[dict[str, Any]]:
    """The request log entries among the JSON lines of stderr."""
    entries = [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]
    return [e for e in entries if e["logger"] == "service.api.request"]


def test_a_valid_request_id_is_echoed_and_logged(capsys: pytest.CaptureFixture[str]) -> None:
    client = create_app({"TESTING": True}).test_client()
    response = client.post("/v1/moves", json=HINT, headers={"X-Request-ID": "trace-42.a:b_c"})
    assert response.headers["X-Request-ID"] == "trace-42.a:b_c"
    (entry,) = request_lines(capsys.readouterr().err)
    assert FIELDS | {"duration_ms"} <= entry.keys()
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
