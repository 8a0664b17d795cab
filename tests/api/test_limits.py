"""Rate limits per client: 429 problems with Retry-After, advice cost, Redis storage, proxies."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask, request
from flask.testing import FlaskClient
from limits import parse_many
from limits.errors import StorageError
from limits.storage import memory

from service.api.app import close_connections, create_app
from service.api.examples import (
    dealt_state,
    finished_state,
    piles_json,
    short_record,
    view_json,
)
from service.api.http.limits import (
    KEY_PREFIX,
    LIMITER_EXTENSION,
    RATE_LIMITED,
    RateLimiter,
    request_cost,
)
from service.api.http.operations import Cost, declared
from service.api.score import loading as score_loading
from service.engine import codec
from service.engine.view import view_of
from tests.api.problem_asserts import assert_problem
from tests.integration.redis_server import RedisServer, clients_settle, free_port

HINT = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}
PILES = piles_json(finished_state())
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def no_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory storage unless a test points REDIS_URL somewhere."""
    monkeypatch.delenv("REDIS_URL", raising=False)


def limited_app(limit: str = "3/minute", **config: object) -> Flask:
    return create_app({"TESTING": True, "RATE_LIMIT": limit, **config})


def moves(client: FlaskClient, **environ: str) -> int:
    return client.post("/v1/moves", json=HINT, environ_base=environ).status_code


def test_over_the_limit_is_a_429_problem_with_retry_after() -> None:
    client = limited_app().test_client()
    assert [moves(client) for _ in range(3)] == [200, 200, 200]
    response = client.post("/v1/moves", json=HINT, headers={"X-Request-ID": "limited-1"})
    body = assert_problem(response, 429, RATE_LIMITED)
    assert 1 <= int(response.headers["Retry-After"]) <= 61
    assert response.headers["X-Request-ID"] == "limited-1"
    # Its title is the registered problem type's, in every language (/v1/problems is exempt).
    for lang in ("en", "it"):
        listed = client.get(f"/v1/problems?lang={lang}").get_json()["types"]
        title = next(t["title"] for t in listed if t["type"] == RATE_LIMITED)
        again = client.post(f"/v1/moves?lang={lang}", json=HINT)
        assert assert_problem(again, 429, RATE_LIMITED)["title"] == title, lang
    assert body["title"] == "Too many requests"


def test_the_limit_is_per_client_address() -> None:
    client = limited_app("2/minute").test_client()
    first = {"REMOTE_ADDR": "10.0.0.1"}
    second = {"REMOTE_ADDR": "10.0.0.2"}
    assert [moves(client, **first) for _ in range(3)] == [200, 200, 429]
    assert moves(client, **second) == 200


EXEMPT_PATHS = ("/healthz", "/readyz", "/metrics", "/docs", "/openapi.json", "/v1/problems")


def test_probes_metrics_docs_and_problem_types_are_exempt() -> None:
    client = limited_app("1/minute").test_client()
    assert moves(client) == 200
    assert moves(client) == 429
    for path in (*EXEMPT_PATHS, "/problems"):
        for _ in range(3):
            assert client.get(path).status_code == 200, path
    # The deployment guide lists every exemption.
    guide = " ".join((ROOT / "docs" / "deployment.md").read_text(encoding="utf-8").split())
    section = guide.split("## Rate limits", 1)[1].split("##", 1)[0]
    for path in (*EXEMPT_PATHS, "/problems"):
        assert f"`{path}`" in section or f"`GET {path}`" in section, path


def test_one_budget_covers_every_endpoint() -> None:
    client = limited_app("2/minute").test_client()
    assert client.get("/v1/rules").status_code == 200
    assert moves(client) == 200
    assert client.get("/v1/rules").status_code == 429


def cost_of(app: Flask, path: str, body: Any = None) -> int:
    """The units a POST of ``body`` to ``path`` spends."""
    with app.test_request_context(path, method="POST", json=body):
        endpoint = declared(app, request.endpoint)
        assert endpoint is not None
        return request_cost(endpoint)


def test_advice_costs_more_than_a_legal_move_call() -> None:
    app = limited_app(RATE_LIMIT_ADVICE_COST=7)
    view = view_json(dealt_state())
    assert cost_of(app, "/v1/moves", HINT) == 1
    assert cost_of(app, "/v1/advice", {"rules": "scopa", "view": view}) == 7
    assert cost_of(app, "/v1/bot", {"rules": "scopa", "view": view, "level": "master"}) == 7
    assert cost_of(app, "/v1/bot", {"rules": "scopa", "view": view, "level": "club"}) == 1
    record = short_record()
    plays = len(record["moves"])
    seat_1 = sum(1 for move in record["moves"] if move["seat"] == 1)
    assert 0 < seat_1 < plays
    assert cost_of(app, "/v1/review", {"record": record}) == 7 * plays
    assert cost_of(app, "/v1/review", {"record": record, "seats": [1]}) == 7 * seat_1
    batch = {"reviews": [{"record": record}, {"record": record, "seats": [1]}, {"record": 1}]}
    assert cost_of(app, "/v1/review/batch", batch) == 7 * (plays + seat_1)
    hands = {"hands": [{"record": record, "seat": 1}, {"record": record}, {"seat": 0}]}
    assert cost_of(app, "/v1/insights", hands) == 7 * (seat_1 + plays)


def test_a_body_that_does_not_load_costs_one_unit_and_no_search() -> None:
    app = limited_app(RATE_LIMIT_ADVICE_COST=7)
    assert cost_of(app, "/v1/advice", {}) == 1
    assert cost_of(app, "/v1/bot", {"level": "master"}) == 1
    moves = [{"seat": 0, "card": "7D"}, {"seat": 1, "card": "1C"}]
    assert cost_of(app, "/v1/review", {"record": {"moves": moves}}) == 1
    assert cost_of(app, "/v1/match", {"rules": "scopa", "hands": "no"}) == 1


def test_each_endpoint_counts_as_its_declaration_says() -> None:
    app = limited_app()
    counting = {
        rule.endpoint: declared(app, rule.endpoint).cost  # type: ignore[union-attr]
        for rule in app.url_map.iter_rules()
    }
    assert counting["health.healthz"] is counting["health.readyz"] is Cost.EXEMPT
    assert counting["moves.post_moves"] is counting["score.post_score"] is Cost.ONE_UNIT
    searching = {e for e, c in counting.items() if c is Cost.BY_SEARCHES}
    assert {e.partition(".")[0] for e in searching} == {
        "advice",
        "bot",
        "review",
        "insights",
        "fair_play",
    }
    assert counting["ledger.post_match"] is Cost.BY_PARTS
    assert declared(app, None) is None


def test_a_ledger_spends_a_unit_a_hand() -> None:
    client = limited_app("100/minute").test_client()
    scored = client.post("/v1/match", json={"rules": "scopa", "target": 1000, "hands": [PILES] * 5})
    assert scored.status_code == 200, scored.get_json()
    assert scored.headers["X-RateLimit-Remaining"] == "95"
    hand = {"tallies": [{"cards": 40, "coins": 10, "settebello": True, "scope": 0}, None]}
    refused = client.post("/v1/match", json={"rules": "scopa", "hands": [hand] * 5})
    # The primiera is undecided: the ledger does not load, and costs one unit as any body that
    # does not load (its price is read from the loaded request).
    assert refused.status_code == 422
    assert refused.headers["X-RateLimit-Remaining"] == "94"
    assert client.post("/v1/match", json={"hands": "no"}).headers["X-RateLimit-Remaining"] == "93"


def test_a_client_over_its_limit_is_refused_before_its_body_is_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client = limited_app("3/minute").test_client()
    body = {"rules": "scopa", "target": 1000, "hands": [PILES] * 2}
    loads: list[object] = []
    real = score_loading.checked_hand

    def counting(*args: Any, **kwargs: Any) -> Any:
        loads.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(score_loading, "checked_hand", counting)
    assert client.post("/v1/match", json=body).headers["X-RateLimit-Remaining"] == "1"
    assert len(loads) == 2
    assert client.post("/v1/match", json=body).status_code == 429  # one unit left, two asked
    assert len(loads) == 4
    assert client.post("/v1/match", json=body).status_code == 429  # spent: refused at once
    assert len(loads) == 4


def test_an_advice_request_spends_the_advice_cost() -> None:
    client = limited_app("100/minute", RATE_LIMIT_ADVICE_COST=7).test_client()
    hinted = client.post("/v1/moves", json=HINT)
    assert hinted.headers["X-RateLimit-Remaining"] == "99"
    view = codec.view_to_dict(view_of(dealt_state(), 1))
    del view["unseen"]  # an answer's field, not a request's
    advised = client.post("/v1/advice", json={"view": view, "budget": {"iterations": 4}})
    assert advised.status_code == 200, advised.get_json()
    assert advised.headers["X-RateLimit-Remaining"] == str(100 - 1 - 7)


def test_limits_can_be_switched_off() -> None:
    client = limited_app("1/minute", RATE_LIMIT_ENABLED=False).test_client()
    assert [moves(client) for _ in range(4)] == [200] * 4


def test_forwarded_for_is_ignored_by_default() -> None:
    client = limited_app("2/minute").test_client()
    spoofed = [
        client.post("/v1/moves", json=HINT, headers={"X-Forwarded-For": f"203.0.113.{i}"})
        for i in range(3)
    ]
    assert [r.status_code for r in spoofed] == [200, 200, 429]


def test_forwarded_for_is_honoured_from_trusted_proxies() -> None:
    app = limited_app("2/minute", TRUSTED_PROXIES=1)
    client = app.test_client()
    statuses = [
        client.post(
            "/v1/moves", json=HINT, headers={"X-Forwarded-For": f"203.0.113.{i % 2}"}
        ).status_code
        for i in range(4)
    ]
    assert statuses == [200] * 4  # two clients, two requests each
    third = client.post("/v1/moves", json=HINT, headers={"X-Forwarded-For": "203.0.113.0"})
    assert third.status_code == 429
    # Only the last hop is trusted: a forged earlier entry does not buy a new budget.
    forged = client.post(
        "/v1/moves", json=HINT, headers={"X-Forwarded-For": "198.51.100.9, 203.0.113.0"}
    )
    assert forged.status_code == 429


def test_forwarded_proto_and_host_only_from_trusted_proxies() -> None:
    headers = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "api.example.org"}
    for trusted, expected in ((0, "http://localhost/"), (1, "https://api.example.org/")):
        app = create_app({"TESTING": True, "TRUSTED_PROXIES": trusted})
        app.add_url_rule("/probe-url", "probe_url", lambda: request.host_url)
        answer = app.test_client().get("/probe-url", headers=headers)
        assert answer.get_data(as_text=True) == expected


@pytest.mark.integration
def test_redis_storage_is_shared_by_workers(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDIS_URL", redis_server.url)
    apps = [limited_app("3/minute", ADVICE_CACHE=False) for _ in range(2)]
    worker_a, worker_b = (app.test_client() for app in apps)
    assert [moves(worker_a), moves(worker_b), moves(worker_a)] == [200, 200, 200]
    assert moves(worker_b) == 429
    with redis_server.client() as inspect:
        keys = [k.decode() for k in inspect.keys(f"*{KEY_PREFIX}*")]
        assert keys, "the limiter wrote no counter to Redis"
        assert inspect.info("clients")["connected_clients"] == 3  # two limiters, this client
        for app in apps:
            close_connections(app)
        # The server counts a closed connection once its event loop has seen it go.
        assert clients_settle(inspect, 1) == 1


@pytest.mark.integration
def test_redis_down_falls_back_to_memory(
    redis_server: RedisServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REDIS_URL", redis_server.url)
    app = limited_app("3/minute")
    client = app.test_client()
    assert moves(client) == 200
    redis_server.stop()
    statuses = [moves(client) for _ in range(5)]
    close_connections(app)
    assert 500 not in statuses
    assert statuses[:2] == [200, 200]
    assert statuses[-1] == 429  # still limited, from the in-memory fallback


def test_unreachable_redis_at_start_uses_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REDIS_URL", f"redis://127.0.0.1:{free_port()}/0")
    client = limited_app("2/minute").test_client()
    assert [moves(client) for _ in range(3)] == [200, 200, 429]


def test_the_limiters_redis_client_has_the_settings_timeouts_and_no_retries(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("REDIS_URL", f"redis://scopa:pw@127.0.0.1:{free_port()}/0")
    monkeypatch.setenv("SCOPA_REDIS_CONNECT_TIMEOUT_MS", "20")
    monkeypatch.setenv("SCOPA_REDIS_READ_TIMEOUT_MS", "30")
    app = limited_app()
    limiter = app.extensions[LIMITER_EXTENSION]
    options = limiter.counts.storage.storage.connection_pool.connection_kwargs
    assert (options["socket_connect_timeout"], options["socket_timeout"]) == (0.02, 0.03)
    assert options["retry"].get_retries() == 0
    assert (options["username"], options["password"]) == ("scopa", "pw")
    # The cache's client is made from the same settings.
    cache = app.extensions["advice_cache"]
    assert (cache.settings.connect_timeout_s, cache.settings.read_timeout_s) == (0.02, 0.03)


def test_several_limits_report_the_shortest_window_until_one_is_exceeded() -> None:
    client = limited_app("5/second;3/minute").test_client()
    answers = [client.post("/v1/moves", json=HINT) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    assert [a.headers["X-RateLimit-Limit"] for a in answers] == ["5", "5", "5", "3"]
    assert [a.headers["X-RateLimit-Remaining"] for a in answers[:3]] == ["4", "3", "2"]
    assert answers[3].headers["X-RateLimit-Remaining"] == "0"
    assert (
        2 <= int(answers[3].headers["Retry-After"]) <= 61
    )  # the minute's window, not the second's


def test_a_request_no_route_matches_is_not_counted() -> None:
    client = limited_app("1/minute").test_client()
    for _ in range(3):
        missing = client.post("/v1/nowhere", json=HINT)
        assert missing.status_code == 404
        assert "X-RateLimit-Limit" not in missing.headers
    assert moves(client) == 200


class FlakyStorage(memory.MemoryStorage):
    """Memory counts that raise the storage error of an unreachable server while ``down``."""

    down = False

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        if self.down:
            raise StorageError(ConnectionError("unreachable"))
        return super().incr(key, expiry, amount)


def test_a_failed_storage_is_retried_after_a_growing_back_off() -> None:
    clock = [1000.0]
    storage = FlakyStorage()
    limiter = RateLimiter(
        parse_many("100/minute"), storage, memory.MemoryStorage(), lambda: clock[0]
    )
    assert limiter.counts.memory is not limiter.counts.storage
    storage.down = True
    assert limiter.windows("client", 1)[0].remaining == 99  # counted in memory
    assert storage.storage == {}
    storage.down = False
    clock[0] += 0.5  # within the first second's back-off: still memory
    assert limiter.windows("client", 1)[0].remaining == 98
    assert storage.storage == {}
    clock[0] += 0.6
    assert limiter.windows("client", 1)[0].remaining == 99  # back in the primary storage
    storage.down = True
    for step_s in (1.0, 2.0, 4.0):  # each failure doubles the wait
        limiter.windows("client", 1)
        clock[0] += step_s - 0.01
        assert limiter.counts.retry_at > clock[0]
        clock[0] += 0.02
