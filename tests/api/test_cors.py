"""CORS: allow-listed origins get CORS headers, others none; no list means no CORS at all."""

from __future__ import annotations

from flask.testing import FlaskClient

from scripts.gen_openapi import spec_dict
from service.api.app import create_app
from service.api.http.cors import allowed_origins

ALLOWED = "https://play.example.org"
HINT = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}


def cors_client(origins: str) -> FlaskClient:
    return create_app({"TESTING": True, "CORS_ORIGINS": origins}).test_client()


def test_allowed_origin_gets_cors_headers() -> None:
    client = cors_client(f" {ALLOWED} , https://other.example.org")
    response = client.post("/v1/moves", json=HINT, headers={"Origin": ALLOWED})
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == ALLOWED
    exposed = response.headers["Access-Control-Expose-Headers"].lower()
    assert "x-request-id" in exposed
    assert "retry-after" in exposed
    assert "Origin" in response.headers.get("Vary", "")


# Response headers a browser shows to scripts without being exposed (Fetch standard).
SAFELISTED = {"cache-control", "content-language", "content-length", "content-type", "expires"}


def test_every_documented_answer_header_is_exposed() -> None:
    client = cors_client(ALLOWED)
    response = client.post("/v1/moves", json=HINT, headers={"Origin": ALLOWED})
    exposed = {h.strip() for h in response.headers["Access-Control-Expose-Headers"].split(",")}
    exposed = {h.lower() for h in exposed}
    documented = {name.lower() for name in spec_dict()["components"]["headers"]}
    assert "x-review-cache" in documented
    assert documented - SAFELISTED <= exposed


def test_preflight_from_an_allowed_origin() -> None:
    client = cors_client(ALLOWED)
    response = client.options(
        "/v1/moves",
        headers={
            "Origin": ALLOWED,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "Content-Type, X-Request-ID",
        },
    )
    assert response.status_code == 200
    assert response.headers["Access-Control-Allow-Origin"] == ALLOWED
    assert "POST" in response.headers["Access-Control-Allow-Methods"]
    allowed_headers = response.headers["Access-Control-Allow-Headers"].lower()
    assert "content-type" in allowed_headers
    assert "x-request-id" in allowed_headers


def test_other_origins_get_no_cors_headers() -> None:
    client = cors_client(ALLOWED)
    response = client.post("/v1/moves", json=HINT, headers={"Origin": "https://evil.example"})
    assert response.status_code == 200  # CORS is enforced by the browser, not by refusing
    assert "Access-Control-Allow-Origin" not in response.headers
    preflight = client.options(
        "/v1/moves",
        headers={"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"},
    )
    assert "Access-Control-Allow-Origin" not in preflight.headers
    assert "Access-Control-Allow-Methods" not in preflight.headers


def test_no_allow_list_means_no_cors() -> None:
    client = cors_client("")
    response = client.post("/v1/moves", json=HINT, headers={"Origin": ALLOWED})
    assert "Access-Control-Allow-Origin" not in response.headers


def test_allowed_origins_parsing() -> None:
    assert allowed_origins("") == []
    assert allowed_origins(" a , ,b ") == ["a", "b"]
