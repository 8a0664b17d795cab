"""Real gunicorn: every line it writes is JSON, each request is logged once, headers can't forge."""

from __future__ import annotations

import json
import os
import socket
from pathlib import Path
from typing import Any

import pytest

from scripts.local_gunicorn import HOST, gunicorn_path, running_gunicorn

pytestmark = pytest.mark.integration

if gunicorn_path() is None and os.environ.get("CI", "").lower() != "true":
    pytest.skip("gunicorn is not installed (never skipped in CI)", allow_module_level=True)

# A quote, a backslash, a tab, a forged JSON object and a byte outside ASCII in one header.
NASTY = b'evil" \\ {"level":"CRITICAL","message":"forged"}\t\xff end\\'
HINT = json.dumps({"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}).encode()


def raw_request(port: int, request: bytes) -> bytes:
    """Send ``request`` bytes as they are and read the whole answer."""
    with socket.create_connection((HOST, port), timeout=10) as connection:
        connection.sendall(request)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def get(port: int, path: str, request_id: str, user_agent: bytes = b"test") -> bytes:
    return raw_request(
        port,
        b"GET "
        + path.encode()
        + b" HTTP/1.1\r\nHost: test\r\nUser-Agent: "
        + user_agent
        + b"\r\nX-Request-ID: "
        + request_id.encode()
        + b"\r\nConnection: close\r\n\r\n",
    )


def post_hint(port: int, request_id: str) -> bytes:
    return raw_request(
        port,
        b"POST /v1/moves HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
        b"Content-Length: "
        + str(len(HINT)).encode()
        + b"\r\nX-Request-ID: "
        + request_id.encode()
        + b"\r\nConnection: close\r\n\r\n"
        + HINT,
    )


def lines_of(path: Path) -> list[dict[str, Any]]:
    """Every line of the log file, each parsed as one JSON object (failing on any other)."""
    text = path.read_bytes().decode()
    entries = []
    for number, line in enumerate(text.split("\n")[:-1], start=1):
        try:
            entries.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise AssertionError(f"line {number} is not JSON: {line!r}") from error
    assert text.endswith("\n")
    return entries


def exercise(port: int) -> dict[str, int]:
    """Requests of several kinds; the status each request ID got."""
    expected = {}
    for n in range(4):
        assert b" 200 " in post_hint(port, f"moves-{n}").split(b"\r\n", 1)[0]
        expected[f"moves-{n}"] = 200
    assert get(port, "/v1/nothing", "missing-1").startswith(b"HTTP/1.1 404")
    expected["missing-1"] = 404
    assert get(port, "/healthz", "nasty-1", NASTY).startswith(b"HTTP/1.1 200")
    expected["nasty-1"] = 200
    return expected


def test_every_line_is_json_and_each_request_is_logged_once(tmp_path: Path) -> None:
    log = tmp_path / "gunicorn.log"
    env = {"SCOPA_LOG_LEVEL": "INFO", "GUNICORN_ACCESS_LOG": "off"}
    with running_gunicorn(workers=2, threads=2, env=env, log_path=log) as port:
        expected = exercise(port)
        # A header line with a bare line feed inside is refused by gunicorn's parser itself.
        refused = raw_request(
            port, b"GET /healthz HTTP/1.1\r\nHost: t\r\nUser-Agent: a\nb: c\r\n\r\n"
        )
        assert refused.startswith(b"HTTP/1.1 400")
    entries = lines_of(log)
    loggers = {entry["logger"] for entry in entries}
    assert "gunicorn.error" in loggers  # gunicorn's own lines are JSON too
    assert "gunicorn.access" not in loggers
    requests = [e for e in entries if e["logger"] == "service.api.request"]
    by_id = {e["request_id"]: e for e in requests if e["request_id"] in expected}
    assert {key: entry["status"] for key, entry in by_id.items()} == expected
    ids = [e["request_id"] for e in requests]
    assert len(ids) == len(set(ids)), "a request was logged twice"
    nasty = by_id["nasty-1"]
    assert nasty["user_agent"] == NASTY.decode("latin-1")
    assert nasty["remote"] == "127.0.0.1"
    assert {"method", "path", "status", "duration_ms", "bytes", "pid", "time"} <= nasty.keys()
    assert not [e for e in entries if e.get("message") == "forged"]
    # The request gunicorn refused itself never reached the app; gunicorn logs it, once.
    invalid = [e for e in entries if e["message"].startswith("Invalid request from ip=")]
    assert [(e["logger"], e["level"]) for e in invalid] == [("gunicorn.error", "WARNING")]
    assert any(e["message"].startswith("Shutting down") for e in entries)


def test_gunicorns_access_log_when_asked_is_json_too(tmp_path: Path) -> None:
    log = tmp_path / "gunicorn.log"
    env = {"SCOPA_LOG_LEVEL": "WARNING", "GUNICORN_ACCESS_LOG": "on"}
    with running_gunicorn(workers=1, threads=2, env=env, log_path=log) as port:
        expected = exercise(port)
    entries = lines_of(log)
    access = {e["request_id"]: e for e in entries if e["logger"] == "gunicorn.access"}
    assert {key: access[key]["status"] for key in expected} == expected
    nasty = access["nasty-1"]
    assert (nasty["type"], nasty["method"], nasty["path"]) == ("access", "GET", "/healthz")
    assert nasty["user_agent"] == NASTY.decode("latin-1")
    assert not [e for e in entries if e["logger"] == "service.api.request"]
