"""Canonical cache keys: a SHA-256 of everything that determines an answer, plus versions."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

import orjson

CACHE_SCHEMA_VERSION = 1
"""Bump when the shape of cached values changes; old entries then stop matching."""

KEY_NAMESPACE = "scopa:advice"


def key_prefix(schema_version: int = CACHE_SCHEMA_VERSION) -> str:
    """The readable prefix of every advice key, e.g. ``scopa:advice:v1:``."""
    return f"{KEY_NAMESPACE}:v{schema_version}:"


def _canonical_default(value: object) -> object:
    # Sets have no order of their own: serialise them sorted so equal sets give equal keys.
    if isinstance(value, set | frozenset):
        return sorted(value)
    raise TypeError(f"cannot put {type(value).__name__} into a cache key")


def canonical_json(fields: Mapping[str, object]) -> bytes:
    """Compact JSON of ``fields`` with sorted keys, so equal content gives equal bytes."""
    return orjson.dumps(fields, option=orjson.OPT_SORT_KEYS, default=_canonical_default)


def cache_key(
    fields: Mapping[str, object],
    *,
    engine_version: str,
    schema_version: int = CACHE_SCHEMA_VERSION,
) -> str:
    """The cache key of an answer determined by ``fields`` under the given versions."""
    payload = canonical_json(
        {"engine": engine_version, "schema": schema_version, "fields": dict(fields)}
    )
    return key_prefix(schema_version) + hashlib.sha256(payload).hexdigest()


def lock_key(key: str) -> str:
    """The key of the single-flight lock guarding ``key``."""
    return key + ":lock"
