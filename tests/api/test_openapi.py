"""The committed openapi.yaml: generated from the app, valid, documented for every endpoint."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from openapi_spec_validator import validate

from scripts.gen_openapi import SPEC_PATH, render_spec

METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    """The committed spec."""
    loaded: dict[str, Any] = yaml.safe_load(Path(SPEC_PATH).read_text(encoding="utf-8"))
    return loaded


def test_committed_spec_is_the_generated_one() -> None:
    assert SPEC_PATH.read_text(encoding="utf-8") == render_spec(), "run `make openapi`"


def test_spec_is_valid_openapi(spec: dict[str, Any]) -> None:
    validate(spec)


def operations(spec: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Every (path, method, operation) of the spec."""
    return [
        (path, method, operation)
        for path, item in spec["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]


def test_every_endpoint_has_examples_and_problem_errors(spec: dict[str, Any]) -> None:
    assert {p for p, _, _ in operations(spec)} == {
        "/healthz",
        "/readyz",
        "/v1/rules",
        "/v1/rules/tally",
        "/v1/names",
        "/v1/deal",
        "/v1/moves",
        "/v1/play",
        "/v1/score",
        "/v1/match",
        "/v1/advice",
        "/v1/bot",
        "/v1/problems",
        "/v1/record",
        "/v1/replay",
        "/v1/view",
        "/v1/review",
        "/v1/review/batch",
        "/v1/insights",
        "/v1/drills",
        "/v1/fair-play",
        "/v1/jobs",
        "/v1/jobs/{job_id}",
        "/v1/jobs/{job_id}/results",
        "/v1/jobs/{job_id}/download",
    }
    responses = spec["components"]["responses"]
    for path, method, operation in operations(spec):
        success = min(status for status in operation["responses"] if status.startswith("2"))
        ok = next(iter(operation["responses"][success]["content"].values()))
        assert "example" in ok, path
        assert operation["responses"]["default"]["$ref"].endswith("/DEFAULT_ERROR")
        if method == "post":
            body = operation["requestBody"]["content"]["application/json"]
            assert "example" in body or "examples" in body, path
            for status in ("413", "422"):
                name = operation["responses"][status]["$ref"].rsplit("/", 1)[1]
                assert "application/problem+json" in responses[name]["content"], (path, status)
    problem = spec["components"]["schemas"]["Problem"]
    assert {"type", "title", "status", "detail", "errors"} <= set(problem["required"])


def schema_nodes(spec: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object node of the component schemas, with its path."""

    def walk(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
        if isinstance(node, dict):
            yield where, node
            for key, value in node.items():
                yield from walk(value, f"{where}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                yield from walk(value, f"{where}[{i}]")

    return walk(spec["components"]["schemas"], "schemas")


def test_every_array_in_every_schema_is_bounded(spec: dict[str, Any]) -> None:
    unbounded = [
        where
        for where, node in schema_nodes(spec)
        if node.get("type") == "array" and "maxItems" not in node
    ]
    assert not unbounded


def test_every_object_in_every_schema_is_bounded_by_properties(spec: dict[str, Any]) -> None:
    """A bound on an object's keys is maxProperties: maxLength applies only to strings."""
    misplaced = [
        where
        for where, node in schema_nodes(spec)
        if node.get("type") == "object" and {"maxLength", "minLength"} & set(node)
    ]
    assert not misplaced
    for schema in ("HandRecord", "RecordRequest"):
        meta = spec["components"]["schemas"][schema]["properties"]["meta"]
        assert meta["maxProperties"] == 16
