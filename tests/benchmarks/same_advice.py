"""Whether this tree's advisor gives a commit's advice, position by position.

    python -m tests.benchmarks.same_advice --before SHA [--after SHA] [--presets a,b]
        [--positions 10]

Random positions of each preset (seeded, so the same on both trees) are searched with an
iteration budget on this tree (or the ``--after`` commit's) and on the commit's (exported and
built by tests/benchmarks/baseline.py, this file run there with only that tree importable); it
prints, for each preset, how many positions got identical advice (every field but the elapsed
time and the solver's node count, which, like the time, count work rather than answer).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
from pathlib import Path

WORLDS = 150
MAX_PLAYS = 28


def advice_lines(presets: list[str], positions: int) -> list[str]:
    """Each position's advice, as text, searched by the tree that is importable."""
    # Imported here: the tree importable at run time (this one, or the commit's) answers.
    from service.engine.presets import make_rules
    from service.engine.state import apply, deal, legal_moves
    from service.engine.view import view_of
    from service.search.advisor import Budget, advise

    lines = []
    for name in presets:
        rules = make_rules(name)
        for seed in range(positions):
            rng = random.Random(seed)
            state = deal(rules, seed)
            for _ in range(rng.randrange(MAX_PLAYS)):
                if state.finished or not legal_moves(state):
                    break
                state, _ = apply(state, rng.choice(legal_moves(state)))
            if state.finished or not legal_moves(state):
                lines.append(f"{name} {seed} finished")
                continue
            advice = advise(view_of(state, state.to_move), Budget(iterations=WORLDS), seed=seed)
            advice = dataclasses.replace(
                advice, stats=dataclasses.replace(advice.stats, elapsed_ms=0.0, nodes=0)
            )
            lines.append(f"{name} {seed} {advice!r}")
    return lines


def main() -> None:
    """Search the positions on both trees and print the count of identical answers."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="the commit to compare with")
    parser.add_argument("--after", help="a commit to compare instead of this tree")
    parser.add_argument("--presets", default="scopone_scientifico,scopone,scopa,escoba")
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--dump", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    presets = args.presets.split(",")
    if args.dump:
        print(json.dumps(advice_lines(presets, args.positions)))
        return
    from tests.benchmarks.baseline import build, script_output

    dump = ["--dump", "--presets", args.presets, "--positions", str(args.positions)]
    script = str(Path(__file__).resolve())
    before = json.loads(script_output(script, dump, build(args.before)))
    if args.after:
        after = json.loads(script_output(script, dump, build(args.after)))
    else:
        after = advice_lines(presets, args.positions)
    name = args.after or "this tree"
    print(f"preset | positions | identical advice at {WORLDS} worlds ({name} vs {args.before})")
    for name in presets:
        pairs = [(a, b) for a, b in zip(after, before, strict=True) if a.split()[0] == name]
        same = sum(a == b for a, b in pairs)
        print(f"{name} | {len(pairs)} | {same}")


if __name__ == "__main__":
    main()
