"""The committed clients are what `make clients` generates from the committed openapi.yaml."""

from __future__ import annotations

import pytest

from scripts.gen_clients import HINT, stale_python, stale_typescript


def test_python_client_is_generated_from_the_spec() -> None:
    stale = stale_python()
    assert not stale, f"{HINT}: out of date with openapi.yaml: {stale}"


@pytest.mark.usefixtures("npm")
def test_typescript_types_and_vendored_runtime_are_generated_from_the_spec() -> None:
    stale = stale_typescript()
    assert not stale, f"{HINT}: out of date with openapi.yaml: {stale}"
