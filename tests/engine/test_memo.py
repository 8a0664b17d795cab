"""Remembered results of pure functions, keyed by JSON value with types told apart."""

from __future__ import annotations

import pytest

from service.engine.errors import RulesError
from service.engine.memo import Memo, json_key
from service.engine.presets import make_rules, rules_from_mapping


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (True, 1),
        (False, 0),
        (1, 1.0),
        ([1, 2], [2, 1]),
        ({"a": [1]}, {"a": [True]}),
        ("1", 1),
        (None, False),
    ],
)
def test_keys_tell_different_json_values_apart(first: object, second: object) -> None:
    assert json_key(first) != json_key(second)


def test_equal_objects_have_equal_keys() -> None:
    assert json_key({"a": 1, "b": [2, None]}) == json_key({"a": 1, "b": [2, None]})


def test_non_json_and_deeply_nested_values_have_no_key() -> None:
    with pytest.raises(TypeError):
        json_key({"a": {1, 2}})
    deep: list[object] = [9]
    for _ in range(1000):
        deep = [deep]
    with pytest.raises(TypeError):
        json_key({"napola_cap": deep})
    memo: Memo[str] = Memo(4)
    assert memo.get(deep, lambda: "computed") == "computed"


def test_a_memo_computes_once_per_value_and_empties_when_full() -> None:
    calls: list[object] = []
    memo: Memo[str] = Memo(2)

    def compute(value: object) -> str:
        calls.append(value)
        return repr(value)

    for value in ([1], [1], [True], [1]):
        assert memo.get(value, lambda v=value: compute(v)) == repr(value)
    assert calls == [[1], [True]]
    memo.get("third", lambda: compute("third"))  # full: emptied first
    memo.get([1], lambda: compute([1]))
    assert calls == [[1], [True], "third", [1]]


def test_a_memo_remembers_no_failure() -> None:
    memo: Memo[int] = Memo(4)

    def fail() -> int:
        raise ValueError("no")

    with pytest.raises(ValueError, match="no"):
        memo.get("x", fail)
    assert memo.get("x", lambda: 3) == 3


def test_remembered_rules_equal_fresh_ones_and_bad_types_stay_errors() -> None:
    options = {"preset": "scopa", "players": 3, "target": 21}
    assert rules_from_mapping(options) is rules_from_mapping(dict(options))
    assert rules_from_mapping(options) == make_rules("scopa", players=3, target=21)
    with pytest.raises(RulesError):
        rules_from_mapping({"preset": "scopa", "players": True, "target": 21})
    with pytest.raises(RulesError):
        rules_from_mapping({"preset": "scopa", "players": 3, "target": 21.0})
