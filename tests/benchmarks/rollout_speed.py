"""Worlds and playouts per second of the advisor's search at openings, mid-hand and later.

``python tests/benchmarks/rollout_speed.py [MS] [no-inference]``. Runs on whatever ``service``
package is importable, so bench_kernel runs it on this tree and,
with PYTHONPATH set to tests/benchmarks/baseline.py's built tree, on main before the search
work: the same positions, searched 100 ms each; prints one JSON object.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
from pathlib import Path

from service.engine import apply, deal, legal_moves, make_rules, view_of
from service.engine.view import View
from service.search import Budget, advise

PRESETS = ("scopa", "scopone_scientifico")
POSITIONS = 12
# Stages of a hand: rounds of the table played before the search, and plays more. Late in a
# scientifico hand the inference weighs many plays, so it costs the most there; at the
# "solved" stage 13 scientifico cards are left, so each root move leaves a position the
# solver values exactly in every world (advisor.SOLVE_CARDS).
STAGES = (("opening", 0, 0), ("mid-hand", 2, 2), ("late", 4, 2), ("solved", 6, 3))


def positions(preset: str, rounds: int, extra: int) -> list[View]:
    """Positions after ``rounds`` rounds of the table and ``extra`` plays, played at random."""
    rules = make_rules(preset)
    found: list[View] = []
    for seed in range(POSITIONS):
        state = deal(rules, seed)
        rng = random.Random(seed)
        for _ in range(rules.players * rounds + extra):
            state, _ = apply(state, rng.choice(legal_moves(state)))
        found.append(view_of(state, state.to_move))
    return found


def measure(ms: int, inference: bool = True) -> dict[str, dict[str, float]]:
    """Median worlds and playouts per second per preset and stage."""
    figures = {}
    for preset in PRESETS:
        for stage, rounds, extra in STAGES:
            worlds, playouts = [], []
            for view in positions(preset, rounds, extra):
                # Older trees' advise has no inference switch: passed only to turn it off.
                if inference:
                    stats = advise(view, Budget(ms=ms), seed=1).stats
                else:
                    stats = advise(view, Budget(ms=ms), seed=1, inference=False).stats
                seconds = stats.elapsed_ms / 1000.0
                worlds.append(stats.worlds / seconds)
                playouts.append(stats.playouts / seconds)
            figures[f"{preset} {stage}"] = {
                "worlds": statistics.median(worlds),
                "playouts": statistics.median(playouts),
            }
    return figures


def measure_tree(tree: Path | None, ms: int = 100) -> dict[str, dict[str, float]]:
    """This script's figures from a child process on this tree, or on another (PYTHONPATH)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    out = subprocess.run(
        [sys.executable, str(Path(__file__).resolve()), str(ms)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    ).stdout
    figures: dict[str, dict[str, float]] = json.loads(out)
    return figures


if __name__ == "__main__":
    ms = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    # A second argument "no-inference": uniform worlds, to see what the inference costs.
    print(json.dumps(measure(ms, inference=sys.argv[2:] != ["no-inference"])))
