"""Memo keys from JSON text: equal only for equal JSON values, types told apart."""

from __future__ import annotations

import math

import pytest

from service.api.convert import rules_of
from service.api.json_text import json_text
from service.api.problems import ProblemError
from service.engine.memo import Memo
from service.engine.presets import make_rules


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (True, 1),
        (False, 0),
        (1, 1.0),
        (0.0, -0.0),
        ([1, 2], [2, 1]),
        ({"a": [1]}, {"a": [True]}),
        ("1", 1),
        (None, False),
        (None, math.nan),
        ({"a": None}, {"a": math.inf}),
    ],
)
def test_keys_tell_different_json_values_apart(first: object, second: object) -> None:
    assert json_text(first) != json_text(second)


def test_equal_values_have_equal_keys_and_non_json_values_none() -> None:
    assert json_text({"a": 1, "b": [2, None]}) == json_text({"a": 1, "b": [2, None]})
    with pytest.raises(TypeError):
        json_text({"a": {1, 2}})
    with pytest.raises(TypeError):
        json_text(2**70)
    memo: Memo[str] = Memo(4, key=json_text)
    assert memo.get({1, 2}, lambda: "computed") == "computed"


def test_rules_objects_give_remembered_rules_and_bad_types_stay_errors() -> None:
    options = {"preset": "scopa", "players": 3, "target": 21}
    assert rules_of(options) is rules_of(dict(options))
    assert rules_of(options) == make_rules("scopa", players=3, target=21)
    for bad in ({"preset": "scopa", "players": True}, {"preset": "scopa", "target": 21.0}):
        with pytest.raises(ProblemError):
            rules_of(bad)
