"""The advisor against a fixed bot in every preset: duplicate deals, one markdown row a preset.

With ``--baseline SPEC`` (for example ``baseline``, main's advisor before the search work) that
player meets the same opponent on the same deals too, and each row adds its margin and the
change (advisor minus baseline, deal pair by deal pair, with its 95% interval): a margin has
fallen when the whole interval of the change is below zero.

    python -m tests.benchmarks.bench_variants --opponent expert --baseline baseline --pairs 60
"""

from __future__ import annotations

import argparse

from service.engine.presets import PRESETS, make_rules
from tests.benchmarks.bench_strength import mean_interval, run_pairing


def interval(mean: float, low: float, high: float) -> str:
    """A mean and its interval as the table prints them."""
    return f"{mean:+.2f} [{low:+.2f}, {high:+.2f}]"


def main() -> None:
    """Play the advisor (and the baseline) against the opponent in each preset; print a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="*", default=sorted(PRESETS))
    parser.add_argument("--advisor", default="advisor", help="advisor spec, e.g. advisor:ms=50")
    parser.add_argument("--opponent", default="greedy", help="greedy, expert, random, ...")
    parser.add_argument("--baseline", default=None, help="a second player on the same deals")
    parser.add_argument("--pairs", type=int, default=60, help="duplicate deal pairs per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(
        f"{args.advisor} vs {args.opponent}, {args.pairs} duplicate deal pairs a preset, "
        f"seed {args.seed}" + (f"; {args.baseline} on the same deals" if args.baseline else "")
    )
    header = "| preset | players | mean diff/hand [95% CI] | above zero | ms/move |"
    rule = "|---|---|---|---|---|"
    if args.baseline:
        header += f" {args.baseline} [95% CI] | change [95% CI] | fallen |"
        rule += "---|---|---|"
    print(header)
    print(rule)
    for preset in args.presets:
        rules = make_rules(preset)
        row = run_pairing(rules, args.advisor, args.opponent, args.pairs, args.seed, args.workers)
        line = (
            f"| {preset} | {rules.players} | {interval(row['mean'], row['low'], row['high'])} | "
            f"{'yes' if row['low'] > 0 else 'NO'} | {row['ms_per_move']:.0f} |"
        )
        if args.baseline:
            base = run_pairing(
                rules, args.baseline, args.opponent, args.pairs, args.seed, args.workers
            )
            change = mean_interval(
                [a - b for a, b in zip(row["per_pair"], base["per_pair"], strict=True)]
            )
            line += (
                f" {interval(base['mean'], base['low'], base['high'])} | {interval(*change)} | "
                f"{'YES' if change[2] < 0 else 'no'} |"
            )
        print(line, flush=True)


if __name__ == "__main__":
    main()
