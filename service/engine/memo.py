"""Results of pure functions of JSON-like values, remembered by value in a bounded table."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


# Deeper values are not remembered (the values memoised are flat; a request may nest 1024 deep).
MAX_DEPTH = 4


def json_key(value: Any, depth: int = MAX_DEPTH) -> Hashable:
    """A key equal only for equal JSON values, types told apart (``true`` is not ``1``);
    TypeError for anything that is not a JSON value or nests deeper than ``depth``."""
    if isinstance(value, (dict, list)) and depth <= 0:
        raise TypeError("nested too deep to remember")
    if isinstance(value, dict):
        return ("{}", tuple(sorted((str(k), json_key(v, depth - 1)) for k, v in value.items())))
    if isinstance(value, list):
        return ("[]", tuple(json_key(item, depth - 1) for item in value))
    if value is None or isinstance(value, (str, int, float)):
        return (type(value), value)
    raise TypeError(f"not a JSON value: {type(value).__name__}")


class Memo(Generic[T]):
    """A function's results by the JSON value they were computed from; emptied when full.

    Only for pure functions whose results are immutable or copied by the caller: every caller
    with an equal value gets the same object.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self._results: dict[Hashable, T] = {}

    def get(self, value: Any, compute: Callable[[], T]) -> T:
        """The remembered result for ``value``, else ``compute()`` (remembered unless it raises)."""
        try:
            key = json_key(value)
        except TypeError:
            return compute()
        found = self._results.get(key)
        if found is None:
            found = compute()
            if len(self._results) >= self.size:
                self._results.clear()
            self._results[key] = found
        return found
