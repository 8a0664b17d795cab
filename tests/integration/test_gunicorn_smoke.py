"""Real gunicorn on a free loopback port: every endpoint answers as in-process."""

from __future__ import annotations

import http.client
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.local_gunicorn import HOST, call, gunicorn_path, running_gunicorn
from service.search.kernel.backend import active_backend

pytestmark = pytest.mark.integration

if gunicorn_path() is None and os.environ.get("CI", "").lower() != "true":
    pytest.skip("gunicorn is not installed (never skipped in CI)", allow_module_level=True)


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    """The port of a gunicorn serving the app, with a small body limit to see a 413."""
    with running_gunicorn(workers=2, threads=2, env={"SCOPA_MAX_CONTENT_LENGTH": "8192"}) as bound:
        yield bound


def test_every_endpoint_answers_under_gunicorn(port: int) -> None:
    assert call(port, "GET", "/healthz")[2] == {"status": "ok"}
    ready = {"status": "ready", "kernel": active_backend(), "degraded": []}
    assert call(port, "GET", "/readyz")[2] == ready
    status, _, catalog = call(port, "GET", "/v1/rules")
    assert status == 200
    assert "scopone_scientifico" in {p["name"] for p in catalog["presets"]}

    status, _, dealt = call(port, "POST", "/v1/deal", {"rules": "scopa", "seed": 9})
    assert status == 200
    state = dealt["state"]
    status, _, moves = call(port, "POST", "/v1/moves", {"state": state})
    assert status == 200
    assert moves["moves"] == dealt["moves"]
    hint = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}
    assert call(port, "POST", "/v1/moves", hint)[2]["moves"][0]["sweep"] is True

    while not state["finished"]:
        move = call(port, "POST", "/v1/moves", {"state": state})[2]["moves"][0]
        status, _, played = call(port, "POST", "/v1/play", {"state": state, "move": move})
        assert status == 200
        state = played["state"]
    piles = [{"cards": c, "scope": s} for c, s in zip(state["piles"], state["scope"], strict=True)]
    status, _, scored = call(port, "POST", "/v1/score", {"rules": "scopa", "piles": piles})
    assert status == 200
    assert scored["totals"] == played["score"]["totals"]


def test_errors_are_problems_under_gunicorn(port: int) -> None:
    status, headers, body = call(port, "GET", "/v1/nothing")
    assert (status, headers["content-type"], body["status"]) == (
        404,
        "application/problem+json",
        404,
    )
    status, headers, _ = call(port, "DELETE", "/v1/play")
    assert status == 405
    assert "POST" in headers["allow"]
    status, _, body = call(port, "POST", "/v1/play", {"state": {}, "move": {"card": "7D"}})
    assert status == 422
    assert body["type"] == "urn:scopa:problem:validation"
    status, _, body = call(port, "POST", "/v1/deal", {"rules": "scopa", "seed": "x" * 9000})
    assert (status, body["status"]) == (413, 413)


def test_docs_are_served_offline(port: int) -> None:
    status, _, html = call(port, "GET", "/docs")
    assert status == 200
    assert "/docs/assets/swagger-ui-bundle.js" in html
    status, headers, _ = call(port, "GET", "/docs/assets/swagger-ui-bundle.js")
    assert status == 200
    assert "javascript" in headers["content-type"]


def post_raw(port: int, path: str, payload: bytes) -> tuple[int, str, dict[str, Any]]:
    """Status, content type and decoded body of a POST of raw bytes as JSON."""
    connection = http.client.HTTPConnection(HOST, port, timeout=10)
    connection.request("POST", path, body=payload, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    raw = response.read()
    kind = response.getheader("Content-Type", "")
    connection.close()
    return response.status, kind, json.loads(raw)


def test_hostile_bodies_are_400s_with_one_log_line_each(tmp_path: Path) -> None:
    # ~10 kB of brackets, and an integer of 5000 digits: 500s with a traceback before orjson.
    hostile = [b"[" * 5000 + b"]" * 5000, b'{"rules": "scopa", "seed": ' + b"7" * 5000 + b"}"]
    paths = ["/v1/deal", "/v1/moves", "/v1/play", "/v1/score", "/v1/advice"]
    log = tmp_path / "gunicorn.log"
    with running_gunicorn(
        workers=1, threads=2, env={"SCOPA_LOG_LEVEL": "INFO"}, log_path=log
    ) as port:
        for payload in hostile:
            for path in paths:
                status, kind, body = post_raw(port, path, payload)
                assert (status, kind, body["status"]) == (400, "application/problem+json", 400)
                assert list(body["errors"]) == ["body"]
        assert call(port, "GET", "/healthz")[0] == 200  # the worker lives on
    text = log.read_text()
    assert "Traceback" not in text
    entries = [json.loads(line) for line in text.splitlines() if line.startswith('{"time"')]
    assert not [e for e in entries if e["level"] in ("ERROR", "CRITICAL")]
    answered = [e for e in entries if e.get("status") == 400]
    assert [e["path"] for e in answered] == paths * len(hostile)
