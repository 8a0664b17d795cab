"""An Advice as the JSON answer of /v1/advice (the unit the advice cache stores)."""

from __future__ import annotations

from typing import Any

from service.engine import codec
from service.engine.moves import Move, move_sweeps
from service.engine.view import View
from service.search import Advice, Budget, MoveAdvice


def sweeps(view: View, move: Move) -> bool:
    """Whether a move of the view's seat scores a scopa."""
    return move_sweeps(view.rules, move, view.table, view.next_is_last_play)


def advised_move_dict(view: View, advised: MoveAdvice, with_match: bool) -> dict[str, Any]:
    """One legal move with its value (null when unranked, with a note) and win probability."""
    entry = codec.move_to_dict(advised.move, sweeps(view, advised.move))
    entry["value"] = advised.expected_value
    if advised.win_probability is not None:
        entry["win_probability"] = round(advised.win_probability, 6)
    elif with_match and advised.expected_value is None:
        entry["win_probability"] = None
    if advised.note is not None:
        entry["note"] = advised.note
    if advised.expected_value is not None:
        entry["std_error"] = advised.std_error
        if with_match:
            entry["win_std_error"] = advised.win_std_error
        entry["std_error_vs_best"] = advised.std_error_vs_best
        entry["breakdown"] = dict(advised.breakdown or {})
        entry["sweep_risk"] = advised.sweep_risk
    return entry


def advice_to_dict(
    view: View, advice: Advice, budget: Budget, seed: int | str, with_match: bool
) -> dict[str, Any]:
    """The answer: every legal move, the chosen one and how, and what the search did.

    ``elapsed_ms`` is null for an iteration budget, so equal requests give equal bytes.
    """
    stats = advice.stats
    return {
        "moves": [advised_move_dict(view, m, with_match) for m in advice.moves],
        "chosen": codec.move_to_dict(advice.chosen, sweeps(view, advice.chosen)),
        "chosen_by": advice.chosen_by,
        "stats": {
            "worlds": stats.worlds,
            "playouts": stats.playouts,
            "nodes": stats.nodes,
            "algorithm": stats.algorithm,
            "elapsed_ms": stats.elapsed_ms if budget.ms is not None else None,
            "budget": stats.budget,
            "seed": seed,
            "stopped_early": stats.stopped_early,
            "saved_ms": stats.saved_ms if budget.ms is not None else None,
            "exact": stats.exact,
            "undersampled": stats.undersampled,
        },
    }
