"""POST /v1/advice cached in a real redis-server: hits, TTLs, versions, Redis stopped and back."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from service.api.advice.advising import advice_job_of
from service.api.advice.answer import job_answer
from service.api.advice.schemas import AdviceRequestSchema
from service.api.app import close_connections, create_app
from service.api.http.searches import CACHE_EXTENSION
from service.cache import key_prefix
from service.cache.advice_form import advice_of_bytes
from service.cache.advice_job import AdviceJob
from service.engine import codec
from service.engine.presets import make_rules
from service.engine.state import deal
from service.engine.view import view_of
from tests.integration.redis_server import RedisServer

pytestmark = pytest.mark.integration

TTL_S = 120


@pytest.fixture
def app(redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch) -> Iterator[Flask]:
    monkeypatch.setenv("SCOPA_CACHE_BREAKER_COOLDOWN_MS", "200")
    made = create_app({"TESTING": True, "REDIS_URL": redis_server.url, "CACHE_TTL": TTL_S})
    yield made
    close_connections(made)


def request(seed: int = 1, iterations: int = 4) -> dict[str, Any]:
    """An advice request about a dealt two-player hand."""
    state = deal(make_rules("scopa"), 21)
    view = codec.view_to_dict(view_of(state, state.to_move))
    for derived in ("rules", "unseen", "history"):
        view.pop(derived)
    return {"rules": "scopa", "view": view, "budget": {"iterations": iterations}, "seed": seed}


def job_of(app: Flask, body: dict[str, Any]) -> AdviceJob:
    """The advice job of a request."""
    with app.app_context():
        return advice_job_of(AdviceRequestSchema().load(body), app.config)


def key_of(app: Flask, body: dict[str, Any]) -> str:
    """The Redis key of a request's advice."""
    key: str = app.extensions[CACHE_EXTENSION].advice_key_for(job_of(app, body).key_fields)
    return key


def test_miss_then_hit_with_the_same_body_ttl_and_version(
    app: Flask, redis_server: RedisServer
) -> None:
    client = app.test_client()
    first = client.post("/v1/advice", json=request())
    second = client.post("/v1/advice", json=request())
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert first.get_data() == second.get_data()
    key = key_of(app, request())
    assert key.startswith(key_prefix())
    with redis_server.client() as raw:
        stored = advice_of_bytes(raw.get(key))
        assert job_answer(job_of(app, request()), stored) == first.get_json()
        assert 0 < raw.ttl(key) <= TTL_S
    cache = app.extensions[CACHE_EXTENSION]
    with app.app_context():
        fields = advice_job_of(AdviceRequestSchema().load(request()), app.config).key_fields
    assert cache.key_for(fields) != type(cache)(
        cache.backend, cache.settings, engine_version=cache.engine_version + "+next"
    ).key_for(fields)
    # Another worker (another app, its own client) shares the entry.
    other = create_app({"TESTING": True, "REDIS_URL": redis_server.url})
    assert other.test_client().post("/v1/advice", json=request()).headers["X-Cache"] == "hit"
    close_connections(other)


def test_a_different_seed_or_budget_misses(app: Flask) -> None:
    client = app.test_client()
    assert client.post("/v1/advice", json=request()).headers["X-Cache"] == "miss"
    assert client.post("/v1/advice", json=request(seed=2)).headers["X-Cache"] == "miss"
    assert client.post("/v1/advice", json=request(iterations=5)).headers["X-Cache"] == "miss"
    assert client.post("/v1/advice", json=request(seed=2)).headers["X-Cache"] == "hit"


def test_redis_stopped_mid_run_then_back(app: Flask, redis_server: RedisServer) -> None:
    client = app.test_client()
    assert client.post("/v1/advice", json=request()).headers["X-Cache"] == "miss"
    redis_server.stop()
    for seed in range(10, 16):
        response = client.post("/v1/advice", json=request(seed=seed))
        assert response.status_code == 200
        assert response.headers["X-Cache"] == "bypass"
    assert client.get("/readyz").status_code == 200
    redis_server.start()
    time.sleep(0.3)  # the breaker's cooldown
    assert client.post("/v1/advice", json=request(seed=20)).headers["X-Cache"] == "miss"
    assert client.post("/v1/advice", json=request(seed=20)).headers["X-Cache"] == "hit"
