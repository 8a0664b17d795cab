"""Canonical cache keys: equal content gives equal keys, anything that matters changes them."""

from __future__ import annotations

import pytest

from service.cache import CACHE_SCHEMA_VERSION, cache_key, canonical_json, key_prefix

FIELDS = {
    "rules": {"preset": "scopa", "players": 2},
    "view": {"hand": ["7D", "3C"], "table": ["1S", "5B"], "seat": 0},
    "budget": {"playouts": 200},
    "seed": 7,
    "objective": "points",
}


def test_same_content_in_another_order_gives_the_same_key() -> None:
    reordered = {
        "objective": "points",
        "seed": 7,
        "budget": {"playouts": 200},
        "view": {"seat": 0, "table": ["1S", "5B"], "hand": ["7D", "3C"]},
        "rules": {"players": 2, "preset": "scopa"},
    }
    assert cache_key(FIELDS, engine_version="1.0") == cache_key(reordered, engine_version="1.0")


def test_key_is_prefixed_with_namespace_and_schema_version() -> None:
    key = cache_key(FIELDS, engine_version="1.0")
    assert key.startswith(f"scopa:advice:v{CACHE_SCHEMA_VERSION}:")
    assert key == key_prefix() + key.removeprefix(key_prefix())
    assert len(key.removeprefix(key_prefix())) == 64  # SHA-256 hex


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("seed", 8),
        ("budget", {"playouts": 201}),
        ("objective", "match"),
        ("rules", {"preset": "scopone", "players": 4}),
        ("view", {"hand": ["7D", "3C"], "table": ["1S"], "seat": 0}),
    ],
)
def test_changing_anything_that_determines_the_answer_changes_the_key(
    field: str, value: object
) -> None:
    changed = {**FIELDS, field: value}
    assert cache_key(changed, engine_version="1.0") != cache_key(FIELDS, engine_version="1.0")


def test_engine_and_schema_versions_are_part_of_the_key() -> None:
    base = cache_key(FIELDS, engine_version="1.0")
    assert cache_key(FIELDS, engine_version="1.1") != base
    newer_schema = cache_key(FIELDS, engine_version="1.0", schema_version=2)
    assert newer_schema != base
    assert newer_schema.startswith("scopa:advice:v2:")


def test_sets_are_serialised_in_sorted_order() -> None:
    assert canonical_json({"cards": {30, 2, 17}}) == b'{"cards":[2,17,30]}'
    assert cache_key({"cards": frozenset({3, 1})}, engine_version="x") == cache_key(
        {"cards": [1, 3]}, engine_version="x"
    )


def test_canonical_json_is_compact_with_sorted_keys() -> None:
    assert canonical_json({"b": 1, "a": {"d": 2, "c": 3}}) == b'{"a":{"c":3,"d":2},"b":1}'


def test_unserialisable_fields_are_refused() -> None:
    with pytest.raises(TypeError):
        cache_key({"x": object()}, engine_version="1.0")
