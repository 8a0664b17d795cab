"""The contract clients rely on: operation IDs, documented headers and error answers, examples
for every preset that the API accepts, problem types and instances, cache validators."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
import orjson
import pytest
from flask.testing import FlaskClient

from scripts.gen_openapi import spec_dict
from service.api.advice.schemas import AdviceResponseSchema
from service.api.app import create_app
from service.api.bot.schemas import BotResponseSchema
from service.api.fair_play.schemas import FairPlayResponseSchema
from service.api.game.schemas import (
    DealResponseSchema,
    MovesResponseSchema,
    PlayResponseSchema,
)
from service.api.http.contract import HEADERS
from service.api.http.json import NDJSON_TYPE
from service.api.http.problems import PROBLEM_TYPES
from service.api.insights.schemas import DrillsResponseSchema, InsightsResponseSchema
from service.api.jobs.schemas import JobSchema
from service.api.records.schemas import (
    RecordResponseSchema,
    ReplayResponseSchema,
    ViewResponseSchema,
)
from service.api.review.schemas import BatchReviewLineSchema, ReviewResponseSchema
from service.api.score.schemas import LedgerResponseSchema, ScoreResponseSchema
from service.engine.presets import PRESETS

SPEC: dict[str, Any] = spec_dict()
METHODS = {"get", "post", "put", "patch", "delete"}
OPERATIONS = [
    (path, method, operation)
    for path, operations in SPEC["paths"].items()
    for method, operation in operations.items()
    if method in METHODS
]


def response_of(name_or_response: dict[str, Any]) -> dict[str, Any]:
    ref = name_or_response.get("$ref")
    if ref is None:
        return name_or_response
    return SPEC["components"]["responses"][ref.rsplit("/", 1)[1]]


def test_every_operation_has_a_unique_operation_id() -> None:
    ids = [op.get("operationId") for _, _, op in OPERATIONS]
    assert None not in ids
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS, ids=lambda x: str(x)[:40])
def test_every_answer_documents_its_headers(path: str, method: str, operation: Any) -> None:
    responses = operation["responses"]
    for status, response in responses.items():
        headers = response_of(response).get("headers", {})
        assert "X-Request-ID" in headers, (path, method, status)
    if method == "post":
        assert {"400", "413", "422", "429"} <= set(responses)
    if operation["operationId"] in {"adviseMove", "playBotMove"}:
        assert "503" in responses
        assert {"X-Cache", "Server-Timing"} <= set(responses["200"]["headers"])
    if operation["operationId"] == "reviewHand":
        assert "503" in responses
        assert {"X-Review-Cache", "Server-Timing"} <= set(responses["200"]["headers"])
        assert "X-Cache" not in responses["200"]["headers"]
    too_many = response_of(responses["429"]) if "429" in responses else None
    if too_many is not None:
        assert {"Retry-After", "X-RateLimit-Limit"} <= set(too_many["headers"])
    for name in SPEC["components"]["headers"]:
        assert name in HEADERS


@pytest.fixture
def client() -> FlaskClient:
    return create_app({"TESTING": True, "ADVICE_CACHE": False}).test_client()


REQUEST_EXAMPLES = [
    (path, name, example["value"])
    for path, operations in SPEC["paths"].items()
    for method, operation in operations.items()
    if method == "post"
    for name, example in operation["requestBody"]["content"]["application/json"]
    .get("examples", {})
    .items()
]


def test_every_preset_has_an_example_of_deal_moves_score_and_advice() -> None:
    for path in ("/v1/deal", "/v1/moves", "/v1/score", "/v1/advice"):
        names = {name for p, name, _ in REQUEST_EXAMPLES if p == path}
        assert set(PRESETS) <= names, path


@pytest.mark.parametrize(("path", "name", "body"), REQUEST_EXAMPLES, ids=lambda x: str(x)[:30])
def test_every_request_example_is_answered(
    client: FlaskClient, path: str, name: str, body: Any
) -> None:
    response = client.post(path, json=body)
    # A job is made (202) and run later; every other example is answered at once.
    expected = 202 if path == "/v1/jobs" else 200
    assert response.status_code == expected, (path, name, response.get_data(as_text=True)[:300])
    # Views send their answers as built: each is already in its schema's exact form (each
    # line of a stream).
    if response.mimetype == NDJSON_TYPE:
        answers = [orjson.loads(line) for line in response.get_data().splitlines()]
    else:
        answers = [response.get_json()]
    for answer in answers:
        assert ANSWERS[path]().dump(answer) == answer


# The schema documenting each POST operation's answer.
ANSWERS: dict[str, type[ma.Schema]] = {
    "/v1/jobs": JobSchema,
    "/v1/deal": DealResponseSchema,
    "/v1/moves": MovesResponseSchema,
    "/v1/play": PlayResponseSchema,
    "/v1/score": ScoreResponseSchema,
    "/v1/match": LedgerResponseSchema,
    "/v1/advice": AdviceResponseSchema,
    "/v1/bot": BotResponseSchema,
    "/v1/record": RecordResponseSchema,
    "/v1/replay": ReplayResponseSchema,
    "/v1/view": ViewResponseSchema,
    "/v1/review": ReviewResponseSchema,
    "/v1/review/batch": BatchReviewLineSchema,
    "/v1/insights": InsightsResponseSchema,
    "/v1/drills": DrillsResponseSchema,
    "/v1/fair-play": FairPlayResponseSchema,
}


def test_every_post_answer_is_checked_against_its_schema() -> None:
    assert set(ANSWERS) == {path for path in SPEC["paths"] if "post" in SPEC["paths"][path]}


def contract_headers(response: Any) -> set[str]:
    """The headers of an answer that the contract speaks of: its own and any X- header."""
    names = {name for name, _ in response.headers.items()}
    return {name for name in names if name in HEADERS or name.startswith("X-")}


FIRST_REQUESTS = {path: body for path, _, body in reversed(REQUEST_EXAMPLES)}


@pytest.mark.parametrize(("path", "method", "operation"), OPERATIONS, ids=lambda x: str(x)[:40])
def test_every_answer_sends_exactly_the_headers_it_documents(
    client: FlaskClient, path: str, method: str, operation: Any
) -> None:
    if "{job_id}" in path:  # a job of the service's own, made with the documented example
        job = client.post(
            "/v1/jobs",
            json=SPEC["paths"]["/v1/jobs"]["post"]["requestBody"]["content"]["application/json"][
                "example"
            ],
        ).get_json()
        path = path.replace("{job_id}", job["id"])
    if method == "post":
        body = operation["requestBody"]["content"]["application/json"].get("example")
        response = client.post(path, json=body if body is not None else FIRST_REQUESTS[path])
    else:
        required = [
            p
            for p in operation.get("parameters", [])
            if p.get("in") == "query" and p.get("required")
        ]
        query = {p["name"]: p["schema"]["example"] for p in required}
        response = client.open(path, method=method.upper(), query_string=query)
    success = min(status for status in operation["responses"] if status.startswith("2"))
    assert response.status_code == int(success), (path, response.get_data(as_text=True)[:300])
    documented = set(operation["responses"][success].get("headers", {}))
    assert contract_headers(response) == documented, (path, method)


def test_a_problem_names_its_occurrence_and_its_documented_type(client: FlaskClient) -> None:
    response = client.post(
        "/v1/moves",
        json={"rules": "nope", "hand": [], "table": []},
        headers={"X-Request-ID": "abc-1"},
    )
    body = response.get_json()
    assert body["instance"] == "urn:scopa:request:abc-1"
    assert body["type"] in {t.uri for t in PROBLEM_TYPES}
    listed = client.get("/v1/problems").get_json()["types"]
    assert [t["type"] for t in listed] == [t.uri for t in PROBLEM_TYPES]
    page = client.get("/problems").get_data(as_text=True)
    for t in listed:
        # The anchor is the last part of the type's URI, about:blank's too.
        assert t["url"] == f"/problems#{t['type'].rsplit(':', 1)[-1]}"
        assert f'id="{t["url"].split("#")[1]}"' in page
    assert {t["type"]: t["url"] for t in listed}["about:blank"] == "/problems#blank"
    type_field = SPEC["components"]["schemas"]["Problem"]["properties"]["type"]
    assert "/problems#blank" in type_field["description"]


@pytest.mark.parametrize("path", ["/v1/rules", "/v1/names", "/v1/bot", "/v1/problems"])
def test_release_static_answers_revalidate(client: FlaskClient, path: str) -> None:
    first = client.get(path)
    assert first.status_code == 200
    assert first.headers["Cache-Control"].startswith("public, max-age=")
    again = client.get(path, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.get_data() == b""
    assert again.headers["ETag"] == first.headers["ETag"]
    # The 304 sends what the spec lists for it: the 200's ETag, Cache-Control, Vary and
    # Content-Language (RFC 9110 allows a 304 the representation headers a 200 would send).
    documented = SPEC["paths"][path]["get"]["responses"]["304"]["headers"]
    assert {"Content-Language", "Vary", "ETag", "Cache-Control"} <= set(documented)
    assert contract_headers(again) == set(documented)
    for name in ("Content-Language", "Vary", "Cache-Control"):
        assert again.headers[name] == first.headers[name], name
    italian = client.get(f"{path}?lang=it")
    assert italian.headers["Content-Language"] == "it"
    assert italian.headers["ETag"] != first.headers["ETag"]
    revalidated = {"If-None-Match": italian.headers["ETag"]}
    italian_again = client.get(f"{path}?lang=it", headers=revalidated)
    assert italian_again.status_code == 304
    assert italian_again.headers["Content-Language"] == "it"
    changed = client.get(path, headers={"If-None-Match": '"something-else"'})
    assert changed.status_code == 200


def test_rate_limit_state_is_in_the_headers(client: FlaskClient) -> None:
    limited = client.post("/v1/moves", json={"rules": "scopa", "hand": ["7D"], "table": ["7C"]})
    assert int(limited.headers["X-RateLimit-Remaining"]) < int(limited.headers["X-RateLimit-Limit"])
    assert "Retry-After" not in limited.headers
    probe = client.get("/healthz")
    assert "X-RateLimit-Limit" not in probe.headers
