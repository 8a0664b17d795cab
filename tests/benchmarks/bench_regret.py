"""How much a time-budgeted search's choices lose against a deep search: this tree, a commit.

    python -m tests.benchmarks.bench_regret --before SHA [--preset scopone_scientifico]
        [--deals 100] [--ms 10] [--before-ms MS] [--reps 3] [--reference-worlds 4000]
        [--reference FILE]

Positions: every third decision (with two card plays or more) of ``--deals`` hands the expert
bot plays at every seat, from fixed seeds. The reference values each card play there by the
commit's advisor at ``--reference-worlds`` worlds (an iteration budget: no race, no early
stop, seed 777). Each tree's advisor then chooses at ``--ms`` a move, ``--reps`` times with
other seeds, and a choice's regret is the reference value of the best play less that of the
play chosen. Prints the mean regret with its 95% interval, the share of exact best choices, the
median worlds, and the mean regret by stage of the hand (plays made, in eights).

A lower regret at the same budget is a search that spends its time better; regret is measured
against the commit's own way of valuing a world, so a change of that valuation (the leaf
model) is judged against the valuation it replaces, not a neutral one. It needs no games, so
it resolves what a thousand duplicate deals cannot, but it is no strength figure:
tests/benchmarks/bench_strength.py is.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from service.engine import apply, deal, make_rules, view_of
from service.engine.moves import Move
from service.engine.view import View
from service.search import Budget, advise
from service.search.advisor import decision_of
from service.search.bots import make_player

EVERY = 3
FIRST_SEED = 1000
REFERENCE_SEED = 777
STAGE_PLAYS = 8
SCRIPT = str(Path(__file__).resolve())


def positions(preset: str, deals: int) -> Iterator[tuple[int, int, View]]:
    """(seed, plays made, view) at every third decision with two card plays or more."""
    rules = make_rules(preset)
    player = make_player("expert")
    for seed in range(FIRST_SEED, FIRST_SEED + deals):
        state = deal(rules, seed)
        rng = random.Random(seed)
        plays = 0
        while not state.finished:
            view = view_of(state, state.to_move)
            card_plays = [m for m in decision_of(view).legal if m.plays_card]
            if plays % EVERY == 0 and len(card_plays) >= 2:
                yield seed, plays, view
            state, _ = apply(state, player.choose(view, rng))
            plays += 1


def key(move: Move) -> str:
    """A card play as a JSON key."""
    return f"{move.card}:{move.capture}"


def reference(preset: str, deals: int, worlds: int) -> list[dict[str, object]]:
    """The reference values of every position's card plays."""
    found: list[dict[str, object]] = []
    for seed, plays, view in positions(preset, deals):
        advice = advise(view, Budget(iterations=worlds), seed=REFERENCE_SEED, early_stop=False)
        values = {
            key(m.move): m.expected_value for m in advice.moves if m.expected_value is not None
        }
        found.append({"seed": seed, "plays": plays, "values": values})
    return found


def regrets(preset: str, deals: int, ms: int, reps: int, ref: str) -> dict[str, object]:
    """This tree's regret at ``ms`` against the reference file ``ref``."""
    values = {(r["seed"], r["plays"]): r["values"] for r in json.loads(Path(ref).read_text())}
    lost: list[float] = []
    stages: list[int] = []
    worlds: list[int] = []
    for seed, plays, view in positions(preset, deals):
        known = values[(seed, plays)]
        best = max(known.values())
        for rep in range(reps):
            advice = advise(view, Budget(ms=ms), seed=100 + rep)
            lost.append(best - known.get(key(advice.chosen), min(known.values())))
            stages.append(plays // STAGE_PLAYS)
            worlds.append(advice.stats.worlds)
    by_stage = {
        stage * STAGE_PLAYS: statistics.mean(
            r for r, s in zip(lost, stages, strict=True) if s == stage
        )
        for stage in sorted(set(stages))
    }
    return {
        "mean": statistics.mean(lost),
        "half_width": 1.96 * statistics.stdev(lost) / math.sqrt(len(lost)),
        "exact": sum(r <= 1e-12 for r in lost) / len(lost),
        "worlds": statistics.median(worlds),
        "choices": len(lost),
        "by_stage": by_stage,
    }


def main() -> None:
    """Make the reference on the commit's tree, then each tree's regret; print both."""
    from tests.benchmarks.baseline import build, script_output

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit to compare with")
    parser.add_argument("--preset", default="scopone_scientifico")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--ms", type=int, default=10)
    parser.add_argument("--before-ms", type=int, help="the commit's budget (default: --ms)")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--reference-worlds", type=int, default=4000)
    parser.add_argument("--reference", help="a file to keep the reference in, or read it from")
    args = parser.parse_args()
    tree = build(args.before)
    common = [args.preset, str(args.deals)]
    before_ms = args.before_ms or args.ms
    with tempfile.TemporaryDirectory() as folder:
        ref = str(Path(args.reference or Path(folder) / "reference.json").resolve())
        if not Path(ref).exists():
            script_output(SCRIPT, ["reference", *common, str(args.reference_worlds), ref], tree)
        print(
            f"{args.preset}: {args.deals} deals, reference {args.before[:8]} at "
            f"{args.reference_worlds} worlds; {args.before[:8]} at {before_ms} ms, this tree "
            f"at {args.ms} ms, {args.reps} seeds"
        )
        print("tree | mean regret [95% CI] | exact best | median worlds | choices | by stage")
        for name, where, ms in ((args.before[:8], tree, before_ms), ("this tree", None, args.ms)):
            out = json.loads(
                script_output(SCRIPT, ["regret", *common, str(ms), str(args.reps), ref], where)
            )
            stages = ", ".join(f"{k}: {v:.4f}" for k, v in out["by_stage"].items())
            print(
                f"{name} | {out['mean']:.4f} [{out['mean'] - out['half_width']:.4f}, "
                f"{out['mean'] + out['half_width']:.4f}] | {out['exact']:.3f} | "
                f"{out['worlds']:.0f} | {out['choices']} | {stages}"
            )


if __name__ == "__main__":
    if sys.argv[1:2] == ["reference"]:
        preset, deals, worlds, out = sys.argv[2:6]
        Path(out).write_text(json.dumps(reference(preset, int(deals), int(worlds))))
    elif sys.argv[1:2] == ["regret"]:
        preset, deals, ms, reps, ref = sys.argv[2:7]
        print(json.dumps(regrets(preset, int(deals), int(ms), int(reps), ref)))
    else:
        main()
