"""The committed clients are what `make clients` generates from the committed openapi.yaml."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from scripts.gen_clients import (
    ANONYMOUS,
    HINT,
    PY_DIR,
    SPEC_PATH,
    python_spec,
    stale_python,
    stale_typescript,
)


def test_python_client_is_generated_from_the_spec() -> None:
    stale = stale_python()
    assert not stale, f"{HINT}: out of date with openapi.yaml: {stale}"


@pytest.mark.usefixtures("npm")
def test_typescript_types_and_vendored_runtime_are_generated_from_the_spec() -> None:
    stale = stale_typescript()
    assert not stale, f"{HINT}: out of date with openapi.yaml: {stale}"


def test_the_python_generator_reads_an_optional_key_as_optional() -> None:
    keyed: dict[str, Any] = {"security": [{"bearer": []}], "responses": {}}
    optional: dict[str, Any] = {"security": [{}, {"bearer": []}, {"apiKey": []}], "responses": {}}
    spec: dict[str, Any] = {
        "openapi": "3.1.0",
        "paths": {"/a": {"get": keyed, "post": optional}, "/b": {"get": {"responses": {}}}},
    }
    read = python_spec(spec)
    assert read["paths"]["/a"]["get"] == keyed
    assert read["paths"]["/a"]["post"] == {"responses": {}}
    assert read["paths"]["/b"] == spec["paths"]["/b"]
    assert spec["paths"]["/a"]["post"] == optional, "the spec itself is left as it was"


def test_every_generated_operation_takes_a_client_without_a_key() -> None:
    # Every operation of the spec allows anonymous access (API keys are off by default).
    spec = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    methods = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}
    operations = [
        op for item in spec["paths"].values() for method, op in item.items() if method in methods
    ]
    assert all(ANONYMOUS in op.get("security", [ANONYMOUS]) for op in operations)
    modules = sorted((PY_DIR / "scopa_client" / "api").rglob("*.py"))
    calls = [m for m in modules if m.name != "__init__.py"]
    assert len(calls) == len(operations)
    for module in calls:
        text = module.read_text(encoding="utf-8")
        assert "client: AuthenticatedClient | Client," in text, module.name
        assert "client: AuthenticatedClient," not in text, module.name
