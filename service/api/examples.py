"""Worked examples for the spec, made by the engine from a fixed seed (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import Any

import marshmallow as ma

from service.engine import codec
from service.engine.cards import codes
from service.engine.presets import PRESETS, make_rules
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from service.engine.state import State, apply, deal, legal_moves
from service.engine.view import view_of

EXAMPLE_SEED = 42
EXAMPLE_META = {"players": ["Ann", "Bruno"], "date": "2026-11-22", "place": "Bar Sport"}


@cache
def dealt_state(preset: str = "scopa") -> State:
    """A hand of a preset (two-player Scopa by default) dealt from the example seed."""
    return deal(make_rules(preset), EXAMPLE_SEED)


@cache
def finished_state(preset: str = "scopa") -> State:
    """The example hand played to its end, each seat taking its first legal move."""
    state = dealt_state(preset)
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[0])
    return state


def view_json(state: State) -> dict[str, Any]:
    """The view of the seat to move as a client sends it to /v1/advice."""
    view = codec.view_to_dict(view_of(state, state.to_move))
    for derived in ("rules", "history", "unseen"):
        view.pop(derived)
    return view


def piles_json(state: State) -> dict[str, Any]:
    """A finished hand's piles (and declarations, and leftover) as /v1/score takes them."""
    body: dict[str, Any] = {
        "piles": [
            {"cards": codes(pile), "scope": scope}
            for pile, scope in zip(state.piles, state.scope, strict=True)
        ]
    }
    if state.table:
        body["leftover"] = codes(state.table)
    if state.declarations:
        body["declarations"] = [codec.declaration_to_dict(d) for d in state.declarations]
    return body


def preset_examples(
    request_of: Callable[[str], dict[str, Any]], first: dict[str, Any] | None = None
) -> dict[str, dict[str, Any]]:
    """One named request example per preset (computed lazily), after ``first`` if given."""
    examples = dict(first or {})
    for name, preset in PRESETS.items():
        examples[name] = {"summary": preset.description, "value": Lazy(partial(request_of, name))}
    return examples


def state_json(state: State) -> dict[str, Any]:
    """A state as the API writes it."""
    return codec.state_to_dict(state)


def first_move_json(state: State) -> dict[str, Any]:
    """The first legal move of a state, as a client sends it."""
    return codec.move_to_dict(legal_moves(state)[0])


def short_record() -> dict[str, Any]:
    """The record of the example hand after its first four moves."""
    state = dealt_state()
    for _ in range(4):
        state, _ = apply(state, legal_moves(state)[0])
    return record_to_dict(record_of(state))


def finished_record(preset: str = "scopa") -> dict[str, Any]:
    """The record of the example hand played to its end (``finished_state``)."""
    return record_to_dict(record_of(finished_state(preset)))


def loaded(schema: type[ma.Schema], body: Any) -> Any:
    """An example request as its schema loads it (the use case's argument)."""
    return schema().load(body)


class Lazy:
    """An example computed the first time the spec is written, never at import."""

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = cache(make)

    def value(self) -> Any:
        """The example, computed once."""
        return self._make()


def resolve_lazy(node: Any) -> Any:
    """A spec document with every Lazy example replaced by its value."""
    if isinstance(node, Lazy):
        return node.value()
    if isinstance(node, dict):
        return {k: resolve_lazy(v) for k, v in node.items()}
    if isinstance(node, list):
        return [resolve_lazy(v) for v in node]
    return node
