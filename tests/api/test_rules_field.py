"""The rules field: memo keys equal only for equal JSON values, rules built once, bad options
named."""

from __future__ import annotations

import math

import marshmallow as ma
import pytest

from service.api.shapes.rules import RulesField, rules_text
from service.api.shapes.values import RulesRefused
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
    assert rules_text(first) != rules_text(second)


def test_equal_values_have_equal_keys_and_non_json_values_none() -> None:
    assert rules_text({"a": 1, "b": [2, None]}) == rules_text({"a": 1, "b": [2, None]})
    with pytest.raises(TypeError):
        rules_text({"a": {1, 2}})
    with pytest.raises(TypeError):
        rules_text(2**70)
    memo: Memo[str] = Memo(4, key=rules_text)
    assert memo.get({1, 2}, lambda: "computed") == "computed"


def test_rules_objects_load_as_remembered_rules_and_bad_types_stay_errors() -> None:
    field = RulesField()
    options = {"preset": "scopa", "players": 3, "target": 21}
    assert field.deserialize(options) is field.deserialize(dict(options))
    assert field.deserialize(options) == make_rules("scopa", players=3, target=21)
    assert field.deserialize("scopa") == make_rules("scopa")
    for bad in ({"preset": "scopa", "players": True}, {"preset": "scopa", "target": 21.0}):
        with pytest.raises(ma.ValidationError):
            field.deserialize(bad)


def test_options_the_engine_refuses_load_as_its_refusal() -> None:
    clash = {"preset": "scopa", "players": 2, "teams": True, "deal_sizes": [4]}
    refused = RulesField().deserialize(clash)
    assert isinstance(refused, RulesRefused)
    assert refused.error.problems
