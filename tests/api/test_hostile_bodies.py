"""Small hostile bodies on every POST endpoint: deep nesting, huge numbers, NaN, bad bytes.

The standard library's decoder turned the first two into 500s with a traceback; the app now
decodes bodies with orjson, and every body that does not decode is one 400 problem naming the
body, logged as one request line.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask

from service.api.app import create_app
from tests.api.problem_asserts import assert_problem

DEEP = b"[" * 5000 + b"]" * 5000  # ~10 kB of brackets
DEEP_OBJECT = b'{"rules": ' + b'{"a": ' * 3000 + b"1" + b"}" * 3000 + b"}"
HUGE_INTEGER = b'{"rules": "scopa", "seed": ' + b"7" * 5000 + b"}"
HOSTILE: dict[str, bytes] = {
    "deep array": DEEP,
    "deep object": DEEP_OBJECT,
    "huge integer": HUGE_INTEGER,
    "huge negative integer": b'{"seed": -' + b"9" * 4400 + b"}",
    "huge exponent": b'{"seed": 1e99999}',
    "NaN": b'{"rules": "scopa", "seed": NaN}',
    "Infinity": b'{"rules": "scopa", "seed": -Infinity}',
    "invalid UTF-8": b'{"rules": "sc\xffopa"}',
    "lone surrogate": b'{"rules": "\\ud800"}',
    "trailing garbage": b'{"rules": "scopa"} x',
    "only spaces": b"   ",
}


def post_paths(app: Flask) -> list[str]:
    """Every path of the app that takes a POST body."""
    return sorted(r.rule for r in app.url_map.iter_rules() if "POST" in (r.methods or ()))


def request_lines(stderr: str) -> list[dict[str, Any]]:
    """The JSON log entries on stderr."""
    return [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]


def test_every_post_endpoint_is_covered() -> None:
    paths = post_paths(create_app({"TESTING": True}))
    assert {"/v1/deal", "/v1/moves", "/v1/play", "/v1/score", "/v1/advice"} <= set(paths)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_body_is_one_400_problem_and_one_log_line(
    kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    app = create_app({"TESTING": True})
    client = app.test_client()
    capsys.readouterr()
    for path in post_paths(app):
        response = client.post(path, data=HOSTILE[kind], content_type="application/json")
        body = assert_problem(response, 400, "urn:scopa:problem:validation")
        assert body["detail"].startswith("the request body is not valid JSON: ")
        assert list(body["errors"]) == ["body"]
        assert "Traceback" not in response.get_data(as_text=True)
    entries = request_lines(capsys.readouterr().err)
    assert [(e["path"], e["status"]) for e in entries] == [(p, 400) for p in post_paths(app)]
    assert all(e["level"] == "INFO" and "exception" not in e for e in entries)


def test_nesting_within_the_bound_is_read_and_refused_by_the_schema() -> None:
    client = create_app({"TESTING": True}).test_client()
    nested = b'{"rules": "scopa", "seed": ' + b"[" * 1000 + b"]" * 1000 + b"}"
    body = assert_problem(
        client.post("/v1/deal", data=nested, content_type="application/json"), 422
    )
    assert list(body["errors"]) == ["seed"]


def test_an_empty_body_names_the_required_fields() -> None:
    client = create_app({"TESTING": True}).test_client()
    body = assert_problem(client.post("/v1/deal", data=b"", content_type="application/json"), 422)
    assert list(body["errors"]) == ["rules"]


def test_answers_are_written_as_before() -> None:
    # Decoding moved to orjson; answers keep Flask's encoder: sorted keys, compact.
    client = create_app({"TESTING": True}).test_client()
    text = client.post("/v1/deal", json={"rules": "scopa", "seed": 1}).get_data(as_text=True)
    assert text.startswith('{"moves":[{"capture":')
