"""Checks shared by the API tests: the problem+json shape of every error."""

from __future__ import annotations

from typing import Any

from werkzeug.test import TestResponse

PROBLEM_KEYS = {"type", "title", "status", "detail", "errors"}


def assert_problem(response: TestResponse, status: int, type_: str | None = None) -> dict[str, Any]:
    """The body of a problem response with this status (and type), after checking its shape."""
    assert response.status_code == status, response.get_data(as_text=True)
    assert response.mimetype == "application/problem+json"
    body = response.get_json(force=True)
    assert set(body) >= PROBLEM_KEYS, body
    assert body["status"] == status
    assert isinstance(body["detail"], str)
    assert isinstance(body["errors"], dict)
    for field, messages in body["errors"].items():
        assert isinstance(field, str)
        assert messages and all(isinstance(m, str) for m in messages)
    if type_ is not None:
        assert body["type"] == type_
    return body
