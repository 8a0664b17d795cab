"""GET /healthz and GET /readyz."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from service.api.v1 import health
from tests.api.problem_asserts import assert_problem


def test_healthz_answers_ok(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_readyz_answers_ready(client: FlaskClient) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ready"}


def test_readyz_is_a_503_problem_when_the_engine_misbehaves(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(health, "engine_answers", lambda: False)
    body = assert_problem(client.get("/readyz"), 503)
    assert "engine" in body["detail"]


def test_health_rejects_other_methods_with_allow(client: FlaskClient) -> None:
    response = client.post("/healthz")
    assert_problem(response, 405)
    assert "GET" in response.headers["Allow"]
