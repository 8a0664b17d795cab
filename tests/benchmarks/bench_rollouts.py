"""The advisor's worlds a second on this tree against a commit's, run in turn on one machine.

    python -m tests.benchmarks.bench_rollouts --before SHA [--runs 3] [--ms 100]

Each run is tests/benchmarks/rollout_speed.py (medians of 12 positions per preset and stage),
on this tree and on the commit's (exported and built by tests/benchmarks/baseline.py),
alternated; it prints every run, then the medians over the runs and their ratio.
"""

from __future__ import annotations

import argparse
import statistics

from tests.benchmarks.baseline import build
from tests.benchmarks.rollout_speed import measure_tree


def main() -> None:
    """Parse the arguments, alternate the runs, print the medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the commit to compare with")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ms", type=int, default=100)
    args = parser.parse_args()
    tree = build(args.before)
    before: list[dict[str, dict[str, float]]] = []
    after: list[dict[str, dict[str, float]]] = []
    for i in range(args.runs):
        before.append(measure_tree(tree, args.ms))
        after.append(measure_tree(None, args.ms))
        for name, figures in (("before", before[-1]), ("after", after[-1])):
            row = ", ".join(f"{stage} {f['worlds']:.0f}" for stage, f in figures.items())
            print(f"run {i + 1} {name}: worlds/s {row}", flush=True)
    print(f"position | worlds/s at {args.before[:8]} | this tree | ratio (medians of {args.runs})")
    for stage in after[0]:
        old = statistics.median(run_[stage]["worlds"] for run_ in before)
        new = statistics.median(run_[stage]["worlds"] for run_ in after)
        print(f"{stage} | {old:.0f} | {new:.0f} | {new / old:.2f}x")


if __name__ == "__main__":
    main()
