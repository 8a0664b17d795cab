"""The problem shape of errors that no single endpoint owns: 404, 405, 413, 415, bad JSON, 500."""

from __future__ import annotations

import io
import json
import logging

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.http.operations import Operation
from service.api.resources import OPERATIONS
from tests.api.problem_asserts import assert_problem


def test_unknown_path_is_a_404_problem(client: FlaskClient) -> None:
    body = assert_problem(client.get("/v1/nothing"), 404)
    assert body["type"] == "about:blank"
    assert body["title"] == "Not Found"


def test_wrong_method_is_a_405_problem_with_allow(client: FlaskClient) -> None:
    response = client.get("/v1/play")
    assert_problem(response, 405)
    # In alphabetical order, the same in every process.
    assert response.headers["Allow"] == "OPTIONS, POST"


def test_a_body_over_the_limit_is_a_413_problem() -> None:
    client = create_app({"TESTING": True, "MAX_CONTENT_LENGTH": 200}).test_client()
    body = {"rules": "scopa", "hand": ["7D"], "table": ["1D"] * 40}
    problem = assert_problem(client.post("/v1/moves", json=body), 413)
    assert problem["errors"] == {"body": ["larger than the limit of 200 bytes"]}


def test_the_limit_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOPA_MAX_CONTENT_LENGTH", "100")
    client = create_app({"TESTING": True}).test_client()
    assert_problem(client.post("/v1/deal", json={"rules": "scopa", "seed": "x" * 100}), 413)


def test_a_body_that_is_not_json_is_a_problem(client: FlaskClient) -> None:
    response = client.post("/v1/deal", data="{nope", content_type="application/json")
    body = assert_problem(response, 400)
    assert body["errors"]


BODY_OPERATIONS = [op for op in OPERATIONS if op.method == "POST"]


@pytest.mark.parametrize("operation", BODY_OPERATIONS, ids=lambda op: op.name)
@pytest.mark.parametrize(
    ("content_type", "reason"),
    [
        # What `curl -d` sends when no header is given.
        (
            "application/x-www-form-urlencoded",
            "expected application/json, got application/x-www-form-urlencoded",
        ),
        ("text/plain; charset=utf-8", "expected application/json, got text/plain; charset=utf-8"),
        (None, "missing: expected application/json"),
    ],
)
def test_a_body_not_sent_as_json_is_a_415_naming_the_header(
    client: FlaskClient, operation: Operation, content_type: str | None, reason: str
) -> None:
    assert "{" not in operation.path
    response = client.post(operation.path, data='{"rules": "scopa"}', content_type=content_type)
    body = assert_problem(response, 415)
    assert body["title"] == "Unsupported Media Type"
    assert body["errors"] == {"Content-Type": [reason]}
    assert "Content-Type: application/json" in body["detail"]


def test_an_empty_body_without_a_content_type_names_the_missing_fields(
    client: FlaskClient,
) -> None:
    body = assert_problem(client.post("/v1/moves"), 422)
    assert "rules" in body["errors"]


def test_every_body_operation_documents_its_415(client: FlaskClient) -> None:
    spec = client.get("/openapi.json").get_json()
    for operation in BODY_OPERATIONS:
        answers = spec["paths"][operation.path]["post"]["responses"]
        assert "415" in answers, operation.name


def test_a_body_that_is_not_an_object_is_a_validation_problem(client: FlaskClient) -> None:
    body = assert_problem(client.post("/v1/score", json=[1, 2]), 422)
    assert body["errors"]


def test_an_unexpected_error_is_a_500_problem_without_traceback(
    app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    def explode() -> str:
        raise RuntimeError("secret internals")

    app.add_url_rule("/explode", view_func=explode)
    with caplog.at_level(logging.ERROR, logger="service.api.problems"):
        response = app.test_client().get("/explode")
    body = assert_problem(response, 500)
    text = response.get_data(as_text=True)
    assert "secret internals" not in text
    assert "Traceback" not in text
    assert body["title"] == "Internal Server Error"
    assert any("secret internals" in r.getMessage() or r.exc_info for r in caplog.records)


def body_environ(body: bytes, length: str) -> dict[str, object]:
    """A WSGI environ posting ``body`` to /v1/moves with the given Content-Length header."""
    return {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/v1/moves",
        "SERVER_NAME": "localhost",
        "SERVER_PORT": "80",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": length,
    }


@pytest.mark.parametrize(
    ("length", "status"),
    [("999", 400), ("abc", 422), ("-5", 422), ("", 422), ("\u0661\u0662", 422)],
)
def test_a_body_shorter_than_its_length_or_a_bad_length_is_refused(
    app: Flask, length: str, status: int
) -> None:
    body = json.dumps({"rules": "scopa", "hand": ["7D"], "table": []}).encode()
    statuses: list[str] = []
    answer = b"".join(app.wsgi_app(body_environ(body, length), lambda s, h: statuses.append(s)))
    assert statuses[0].startswith(str(status)), answer
    assert json.loads(answer)["status"] == status
