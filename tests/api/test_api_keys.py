"""API keys and quotas: off by default; with a keys file every /v1 request needs a known key,
each key within its requests a minute and search milliseconds a day; the key itself never
shows in a log line, a metric or an answer."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from limits.errors import StorageError
from limits.storage import memory

from service.api.app import create_app
from service.api.examples import dealt_state, short_record, view_json
from service.api.http.api_keys import (
    ApiKey,
    KeyGuard,
    KeyRing,
    digest_of,
    keys_of,
    load_keys,
    main,
    new_key,
)
from service.webhooks.signing import secret_bytes
from tests.api.problem_asserts import assert_problem

UNAUTHORIZED = "urn:scopa:problem:unauthorized"
QUOTA_EXCEEDED = "urn:scopa:problem:quota-exceeded"
ALICE, BOB = new_key(), new_key()


def keys_file(tmp_path: Path, **quotas: Any) -> str:
    """A keys file with alice (with the quotas given) and bob (none)."""
    path = tmp_path / "keys.json"
    entries = [
        {"name": "alice", "sha256": digest_of(ALICE), **quotas},
        {"name": "bob", "sha256": digest_of(BOB)},
    ]
    path.write_text(json.dumps({"keys": entries}), encoding="utf-8")
    return str(path)


def keyed_app(tmp_path: Path, **quotas: Any) -> Flask:
    return create_app(
        {"TESTING": True, "API_KEYS_FILE": keys_file(tmp_path, **quotas), "ADVICE_CACHE": False}
    )


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def advice_body(seed: int) -> dict[str, Any]:
    return {
        "rules": "scopa",
        "view": view_json(dealt_state()),
        "budget": {"iterations": 300},
        "seed": seed,
    }


def test_without_a_keys_file_no_key_is_needed(client: FlaskClient) -> None:
    assert client.get("/v1/rules").status_code == 200


def test_a_request_without_a_known_key_is_a_401(tmp_path: Path) -> None:
    client = keyed_app(tmp_path).test_client()
    missing = client.get("/v1/rules")
    assert_problem(missing, 401, UNAUTHORIZED)
    assert missing.headers["WWW-Authenticate"] == 'Bearer realm="scopa"'
    assert "Authorization" in missing.get_json()["errors"]
    assert_problem(client.get("/v1/rules", headers=bearer(new_key())), 401, UNAUTHORIZED)
    assert_problem(client.get("/v1/rules", headers={"Authorization": "Basic x"}), 401)
    assert_problem(client.get("/v1/nowhere"), 401, UNAUTHORIZED)


def test_a_known_key_is_taken_as_a_bearer_token_or_x_api_key(tmp_path: Path) -> None:
    client = keyed_app(tmp_path).test_client()
    assert client.get("/v1/rules", headers=bearer(ALICE)).status_code == 200
    assert client.get("/v1/rules", headers={"X-API-Key": BOB}).status_code == 200
    assert client.get("/v1/rules", headers={"authorization": f"bearer {BOB}"}).status_code == 200


def test_health_docs_metrics_and_the_page_need_no_key(tmp_path: Path) -> None:
    client = keyed_app(tmp_path).test_client()
    for path in ("/healthz", "/openapi.json", "/metrics", "/play", "/problems"):
        response = client.get(path)
        response.close()
        assert response.status_code == 200, path


def test_a_key_over_its_requests_a_minute_is_a_429_naming_the_quota(tmp_path: Path) -> None:
    client = keyed_app(tmp_path, requests_per_minute=3).test_client()
    answers = [client.get("/v1/rules", headers=bearer(ALICE)) for _ in range(4)]
    assert [a.status_code for a in answers] == [200, 200, 200, 429]
    refused = answers[-1]
    assert_problem(refused, 429, QUOTA_EXCEEDED)
    assert refused.get_json()["quota"] == {
        "key": "alice",
        "name": "requests_per_minute",
        "limit": 3,
    }
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    # Another key has its own counters.
    assert client.get("/v1/rules", headers=bearer(BOB)).status_code == 200


def test_no_request_beyond_the_quota_gets_through_concurrently(tmp_path: Path) -> None:
    client = keyed_app(tmp_path, requests_per_minute=20).test_client()
    statuses: list[int] = []
    lock = threading.Lock()

    def ask() -> None:
        for _ in range(5):
            status = client.get("/v1/names", headers=bearer(ALICE)).status_code
            with lock:
                statuses.append(status)

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(statuses) == [200] * 20 + [429] * 20


def test_a_key_over_its_search_time_a_day_is_refused_before_searching(tmp_path: Path) -> None:
    client = keyed_app(tmp_path, search_ms_per_day=1).test_client()
    first = client.post("/v1/advice", json=advice_body(1), headers=bearer(ALICE))
    assert first.status_code == 200
    refused = client.post("/v1/advice", json=advice_body(2), headers=bearer(ALICE))
    assert_problem(refused, 429, QUOTA_EXCEEDED)
    assert refused.get_json()["quota"]["name"] == "search_ms_per_day"
    # A request that searches nothing is not refused for search time.
    assert client.get("/v1/rules", headers=bearer(ALICE)).status_code == 200
    assert client.post("/v1/advice", json=advice_body(3), headers=bearer(BOB)).status_code == 200


def test_the_key_shows_in_no_log_line_metric_or_answer(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    client = keyed_app(tmp_path, requests_per_minute=2).test_client()
    with caplog.at_level(logging.DEBUG):
        answers = [
            client.post("/v1/advice", json=advice_body(4), headers=bearer(ALICE)),
            client.get("/v1/rules", headers={"X-API-Key": ALICE}),
            client.get("/v1/rules", headers=bearer(ALICE)),  # over the quota
            client.get("/v1/rules", headers=bearer(ALICE + "x")),  # unknown
        ]
    metrics = client.get("/metrics").get_data(as_text=True)
    assert [a.status_code for a in answers] == [200, 200, 429, 401]
    logged = "\n".join(f"{r.getMessage()} {r.__dict__}" for r in caplog.records)
    for secret in (ALICE, digest_of(ALICE)):
        assert secret not in logged
        assert secret not in metrics
        for answer in answers:
            assert secret not in answer.get_data(as_text=True)
            assert all(secret not in value for value in answer.headers.values())
    assert 'scopa_key_requests_total{key="alice"}' in metrics
    assert 'scopa_key_refused_total{key="alice",quota="requests_per_minute"}' in metrics


def test_the_keys_file_is_checked_at_start(tmp_path: Path) -> None:
    good = {"name": "a", "sha256": digest_of("k")}
    assert keys_of({"keys": [good]}, "f") == (ApiKey("a", digest_of("k")),)
    for bad, reason in (
        ({}, "at least one key"),
        ({"keys": [{"name": "a b", "sha256": digest_of("k")}]}, "name"),
        ({"keys": [{"name": "a", "sha256": "k"}]}, "sha256"),
        ({"keys": [good, good]}, "twice"),
        ({"keys": [{**good, "requests_per_minute": 0}]}, "positive"),
        ({"keys": [{**good, "key": "k"}]}, "unknown fields"),
        ({"keys": [{**good, "webhook_secret": "secret"}]}, r"webhook_secret: .* whsec_"),
        ({"keys": [{**good, "webhook_secret": 7}]}, "webhook_secret must be a string"),
    ):
        with pytest.raises(ValueError, match=reason):
            keys_of(bad, "f")
    missing = tmp_path / "none.json"
    with pytest.raises(ValueError, match="cannot read"):
        load_keys(str(missing))
    with pytest.raises(ValueError, match="cannot read"):
        create_app({"TESTING": True, "API_KEYS_FILE": str(missing)})


def test_the_ring_finds_a_key_by_its_hash_only() -> None:
    ring = KeyRing(keys_of({"keys": [{"name": "a", "sha256": digest_of(ALICE)}]}, "f"))
    assert ring.find(ALICE) is not None
    assert ring.find(ALICE[:-1]) is None
    assert ring.find(digest_of(ALICE)) is None


def test_a_new_key_prints_once_with_its_entry(capsys: pytest.CaptureFixture[str]) -> None:
    main(["new", "acme", "--requests-per-minute", "600", "--search-ms-per-day", "3600000"])
    lines = capsys.readouterr().out.splitlines()
    secret = lines[0].rsplit(" ", 1)[1]
    webhook_secret = lines[1].rsplit(" ", 1)[1]
    entry = json.loads(lines[-1])
    assert entry == {
        "name": "acme",
        "sha256": digest_of(secret),
        "requests_per_minute": 600,
        "search_ms_per_day": 3600000,
        "webhook_secret": webhook_secret,
    }
    assert len(secret_bytes(webhook_secret)) == 32


def test_a_batch_s_search_time_is_charged_once_its_stream_ends(tmp_path: Path) -> None:
    client = keyed_app(tmp_path, search_ms_per_day=1).test_client()
    body = {"reviews": [{"record": short_record(), "budget": {"iterations": 300}, "seed": 1}]}
    streamed = client.post("/v1/review/batch", json=body, headers=bearer(ALICE), buffered=False)
    assert streamed.status_code == 200
    lines = b"".join(streamed.response).splitlines()
    streamed.close()
    assert json.loads(lines[-1])["type"] == "summary"
    refused = client.post("/v1/advice", json=advice_body(5), headers=bearer(ALICE))
    assert_problem(refused, 429, QUOTA_EXCEEDED)


def test_a_cors_preflight_needs_no_key_and_allows_sending_one(tmp_path: Path) -> None:
    origin = "https://table.example.org"
    app = create_app(
        {"TESTING": True, "API_KEYS_FILE": keys_file(tmp_path), "CORS_ORIGINS": origin}
    )
    preflight = app.test_client().options(
        "/v1/moves",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type, Authorization",
        },
    )
    assert preflight.status_code == 200
    allowed = preflight.headers["Access-Control-Allow-Headers"].lower()
    assert "authorization" in allowed
    keyed = app.test_client().get("/v1/rules", headers={**bearer(ALICE), "Origin": origin})
    assert keyed.status_code == 200
    assert keyed.headers["Access-Control-Allow-Origin"] == origin


class UnreachableStorage(memory.MemoryStorage):
    """A shared storage whose every count fails as an unreachable server's, counting the tries."""

    tries = 0

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        self.tries += 1
        raise StorageError(ConnectionError("unreachable"))

    def get(self, key: str) -> int:
        self.tries += 1
        raise StorageError(ConnectionError("unreachable"))


def test_the_quotas_back_off_from_an_unreachable_storage_and_still_hold(tmp_path: Path) -> None:
    clock = [1000.0]
    shared = UnreachableStorage()
    ring = KeyRing(load_keys(keys_file(tmp_path, requests_per_minute=3)))
    guard = KeyGuard(ring, shared, memory.MemoryStorage(), lambda: clock[0])
    app = create_app({"TESTING": True, "ADVICE_CACHE": False})
    app.before_request(guard.before_request)
    client = app.test_client()
    answers = [client.get("/v1/rules", headers=bearer(ALICE)).status_code for _ in range(4)]
    # Tried once; within its back-off the quota is counted in memory, and holds there.
    assert answers == [200, 200, 200, 429] and shared.tries == 1
    clock[0] += 1.01
    client.get("/v1/rules", headers=bearer(ALICE))
    assert shared.tries == 2  # tried again once the first second has passed
    clock[0] += 1.01
    client.get("/v1/rules", headers=bearer(ALICE))
    assert shared.tries == 2  # the second failure doubled the wait
