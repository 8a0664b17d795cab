"""Worked examples for the spec, made by the engine from a fixed seed (pure, no I/O)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from service.engine import codec
from service.engine.presets import make_rules
from service.engine.state import State, apply, deal, legal_moves

EXAMPLE_SEED = 42


@cache
def dealt_state() -> State:
    """A two-player Scopa hand dealt from the example seed."""
    return deal(make_rules("scopa"), EXAMPLE_SEED)


@cache
def finished_state() -> State:
    """The example hand played to its end, each seat taking its first legal move."""
    state = dealt_state()
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[0])
    return state


def state_json(state: State) -> dict[str, Any]:
    """A state as the API writes it."""
    return codec.state_to_dict(state)


def first_move_json(state: State) -> dict[str, Any]:
    """The first legal move of a state, as a client sends it."""
    return codec.move_to_dict(legal_moves(state)[0])


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
