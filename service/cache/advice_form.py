"""The form advice is cached in: an Advice as compact JSON and back, the same value.

Owned by the cache layer and read by it alone: callers put and get ``Advice`` values. A move is
``[card, capture, kind]`` (card ids and a capture mask), a ranked move adds its estimates; the
form's version is part of every cache key (``FORM_VERSION``), so a change of form never reads
an old entry.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

import orjson

from service.engine.moves import Move, MoveKind
from service.search.advisor import Advice, MoveAdvice, SearchStats

FORM_VERSION = 1


def _move(move: Move) -> list[Any]:
    return [move.card, move.capture, move.kind.value]


def _read_move(form: list[Any]) -> Move:
    card, capture, kind = form
    return Move(card, capture, MoveKind(kind))


def _advised(advised: MoveAdvice) -> dict[str, Any]:
    form: dict[str, Any] = {"move": _move(advised.move)}
    for name in ("note", "expected_value", "win_probability", "std_error", "win_std_error"):
        value = getattr(advised, name)
        if value is not None:
            form[name] = value
    if advised.breakdown is not None:
        form["breakdown"] = dict(advised.breakdown)
    for name in ("sweep_risk", "std_error_vs_best"):
        value = getattr(advised, name)
        if value is not None:
            form[name] = value
    return form


def _read_advised(form: dict[str, Any]) -> MoveAdvice:
    breakdown = form.get("breakdown")
    return MoveAdvice(
        move=_read_move(form["move"]),
        expected_value=form.get("expected_value"),
        win_probability=form.get("win_probability"),
        note=form.get("note"),
        std_error=form.get("std_error"),
        win_std_error=form.get("win_std_error"),
        breakdown=None if breakdown is None else MappingProxyType(breakdown),
        sweep_risk=form.get("sweep_risk"),
        std_error_vs_best=form.get("std_error_vs_best"),
    )


def advice_bytes(advice: Advice) -> bytes:
    """An advice in its cached form."""
    stats = advice.stats
    return orjson.dumps(
        {
            "moves": [_advised(m) for m in advice.moves],
            "chosen": _move(advice.chosen),
            "chosen_by": advice.chosen_by,
            "stats": {
                "worlds": stats.worlds,
                "playouts": stats.playouts,
                "nodes": stats.nodes,
                "elapsed_ms": stats.elapsed_ms,
                "algorithm": stats.algorithm,
                "budget": stats.budget,
                "stopped_early": stats.stopped_early,
                "saved_ms": stats.saved_ms,
                "exact": stats.exact,
                "undersampled": stats.undersampled,
            },
        }
    )


def advice_of_bytes(data: bytes) -> Advice:
    """The advice a cached form holds."""
    form = orjson.loads(data)
    return Advice(
        moves=tuple(_read_advised(m) for m in form["moves"]),
        chosen=_read_move(form["chosen"]),
        stats=SearchStats(**form["stats"]),
        chosen_by=form["chosen_by"],
    )
