"""Paired comparison of two strength runs on the same deals (bench_strength.py --per-pair).

Usage:
    python -m tests.benchmarks.compare_runs A.json B.json

Both runs must have used the same preset, seed and number of pairs, so that deal pair i is the
same deal in both. The runs' pairings are matched in the order they were played (so advisor vs
greedy in A can be compared with advisor:ms=100 vs greedy in B). Per matched pairing it prints
each run's mean, and the mean of B minus A over deal pairs with a 95% confidence interval: the
deal's own luck cancels, so the interval is narrower than comparing the two runs' intervals.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from tests.benchmarks.bench_strength import mean_interval


def paired(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """The mean of b minus a over pairs, and its 95% confidence interval."""
    if len(a) != len(b) or len(a) < 2:
        raise SystemExit("the runs must have the same number of deal pairs (at least 2)")
    return mean_interval([y - x for x, y in zip(a, b, strict=True)])


def main() -> None:
    """Print one line per pairing, the two runs' pairings matched in order."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path)
    parser.add_argument("second", type=Path)
    args = parser.parse_args()
    first = json.loads(args.first.read_text())
    second = json.loads(args.second.read_text())
    if len(first) != len(second):
        raise SystemExit("the runs must have played the same number of pairings")
    print("pairing A | pairing B | mean A | mean B | B - A [95% CI] | pairs")
    for (name_a, a), (name_b, b) in zip(first.items(), second.items(), strict=True):
        mean, low, high = paired(a, b)
        print(
            f"{name_a} | {name_b} | {statistics.fmean(a):+.3f} | {statistics.fmean(b):+.3f} | "
            f"{mean:+.3f} [{low:+.3f}, {high:+.3f}] | {len(a)}"
        )


if __name__ == "__main__":
    main()
