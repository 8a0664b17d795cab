"""Results of pure functions of JSON-like values, remembered by value in a bounded table."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


# Deeper values are not remembered (the values memoised are flat; a request may nest 1024 deep).
MAX_DEPTH = 4


def json_key(value: Any, depth: int = MAX_DEPTH) -> Hashable:
    """A key equal only for equal JSON values, types told apart (``true`` is not ``1``);
    TypeError for anything that is not a JSON value or nests deeper than ``depth``.

    Objects keep their key order: the same object written in another order is another key
    (computed again, never confused).
    """
    kind = type(value)
    if kind in _SCALARS:
        return (kind, value)
    if depth <= 0 or kind not in _CONTAINERS:
        raise TypeError(f"not a JSON value to remember: {kind.__name__}")
    # Scalar members inline (one call per container, not per member): a rules object is ~40.
    if kind is dict:
        return (
            "{}",
            tuple(
                (k, type(v), v) if type(v) in _SCALARS else (k, json_key(v, depth - 1))
                for k, v in value.items()
            ),
        )
    return (
        "[]",
        tuple(
            (type(item), item) if type(item) in _SCALARS else json_key(item, depth - 1)
            for item in value
        ),
    )


_SCALARS = frozenset({str, int, float, bool, type(None)})
_CONTAINERS = frozenset({dict, list})


class Memo(Generic[T]):
    """A function's results by the JSON value they were computed from; emptied when full.

    Only for pure functions whose results are immutable or copied by the caller: every caller
    with an equal value gets the same object.
    """

    def __init__(self, size: int, key: Callable[[Any], Hashable] = json_key) -> None:
        self.size = size
        self._key = key
        self._results: dict[Hashable, T] = {}

    def get(self, value: Any, compute: Callable[[], T]) -> T:
        """The remembered result for ``value``, else ``compute()`` (remembered unless it raises).

        ``key`` (``json_key`` unless given) must be equal only for equal values, types told
        apart; a value it refuses with TypeError is computed and not remembered.
        """
        try:
            key = self._key(value)
        except TypeError:
            return compute()
        found = self._results.get(key)
        if found is None:
            found = compute()
            if len(self._results) >= self.size:
                self._results.clear()
            self._results[key] = found
        return found
