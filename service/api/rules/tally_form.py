"""The tally form of a rule set: what a scorekeeper asks each side, derived from the rules."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.engine.cards import codes
from service.engine.rules import Rules
from service.engine.tally import CARDS, TallyField, hand_fields, tally_fields


def field_json(spec: TallyField, say: Callable[[str], str]) -> dict[str, Any]:
    """One tally field as a form needs it, its description in a language."""
    data: dict[str, Any] = {
        "name": spec.name,
        "category": spec.category,
        "type": spec.kind,
        "description": say(spec.description),
    }
    if spec.minimum is not None:
        data["minimum"] = spec.minimum
    if spec.maximum is not None:
        data["maximum"] = spec.maximum
    if spec.choices is not None:
        data["choices"] = list(spec.choices)
    if spec.cards:
        data["cards"] = codes(spec.cards)
    if spec.kind == CARDS:
        data["max_items"] = spec.max_items
        data["one_per_suit"] = spec.one_per_suit
    if spec.instead_of is not None:
        data["instead_of"] = spec.instead_of
    return data


def tally_form(rules: Rules, say: Callable[[str], str]) -> dict[str, Any]:
    """How many sides score, each side's tally fields, and the hand's own fields."""
    return {
        "sides": rules.sides,
        "fields": [field_json(spec, say) for spec in tally_fields(rules)],
        "hand": list(hand_fields(rules)),
    }
