"""GET /healthz and GET /readyz: liveness, and readiness (warmed up, not saturated, the search
kernel named)."""

from __future__ import annotations

import threading

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.health import views as health
from service.api.http import readiness
from service.api.http.admission import SEARCHES
from service.search.kernel import backend
from tests.api.problem_asserts import assert_problem


def test_healthz_answers_ok(client: FlaskClient) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_readyz_answers_ready_and_names_the_kernel(client: FlaskClient) -> None:
    response = client.get("/readyz")
    assert response.status_code == 200
    body = response.get_json()
    assert body["status"] == "ready"
    assert body["kernel"] == backend.active_backend()
    assert body["degraded"] == ([] if body["kernel"] == "compiled" else body["degraded"])


def test_a_worker_on_the_pure_kernel_is_ready_but_degraded(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(backend.ENV, "python")
    body = client.get("/readyz", headers={"Accept-Language": "it"}).get_json()
    assert body["kernel"] == "python"
    assert len(body["degraded"]) == 1
    assert body["degraded"][0] != readiness.SLOW_KERNEL  # in Italian


def test_readyz_is_a_503_problem_when_the_engine_misbehaves(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(health, "engine_answers", lambda: False)
    body = assert_problem(client.get("/readyz"), 503)
    assert "engine" in body["detail"]


def test_a_worker_is_not_ready_until_its_search_is_warmed_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    started, finish = threading.Event(), threading.Event()

    def slow_warm_up() -> float:
        started.set()
        finish.wait(10)
        return 0.0

    monkeypatch.setattr(readiness, "warm_up", slow_warm_up)
    app: Flask = create_app({"TESTING": True})
    readiness.start_warm_up(app)
    started.wait(10)
    client = app.test_client()
    warming = client.get("/readyz")
    body = assert_problem(warming, 503)
    assert "warming up" in body["detail"]
    assert warming.headers["Retry-After"] == "1"
    assert client.get("/healthz").status_code == 200
    finish.set()
    app.extensions[readiness.WARMUP_EXTENSION].done.wait(10)
    assert client.get("/readyz").status_code == 200


def test_a_saturated_worker_is_not_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app({"TESTING": True, "ADVICE_QUEUE_MS": 100})
    client = app.test_client()
    monkeypatch.setattr(SEARCHES, "expected_ms", 50.0)
    monkeypatch.setattr(SEARCHES, "admitted", 3)  # 150 ms of searches ahead of a newcomer
    body = assert_problem(client.get("/readyz"), 503)
    assert "saturated" in body["detail"]
    monkeypatch.setattr(SEARCHES, "admitted", 0)
    assert client.get("/readyz").status_code == 200


def test_health_rejects_other_methods_with_allow(client: FlaskClient) -> None:
    response = client.post("/healthz")
    assert_problem(response, 405)
    assert "GET" in response.headers["Allow"]
