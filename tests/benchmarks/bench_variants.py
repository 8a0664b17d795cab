"""Advisor against greedy in every preset: duplicate deals, one markdown row per preset."""

from __future__ import annotations

import argparse

from service.engine.presets import PRESETS, make_rules
from tests.benchmarks.bench_strength import run_pairing


def main() -> None:
    """Play the advisor against greedy in each preset and print the margins as a table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", nargs="*", default=sorted(PRESETS))
    parser.add_argument("--advisor", default="advisor", help="advisor spec, e.g. advisor:ms=50")
    parser.add_argument("--pairs", type=int, default=60, help="duplicate deal pairs per preset")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"{args.advisor} vs greedy, {args.pairs} duplicate deal pairs a preset, seed {args.seed}")
    print("| preset | players | mean diff/hand | 95% CI | above zero | ms/move |")
    print("|---|---|---|---|---|---|")
    for preset in args.presets:
        rules = make_rules(preset)
        row = run_pairing(rules, args.advisor, "greedy", args.pairs, args.seed, args.workers)
        print(
            f"| {preset} | {rules.players} | {row['mean']:+.2f} | "
            f"[{row['low']:+.2f}, {row['high']:+.2f}] | {'yes' if row['low'] > 0 else 'NO'} | "
            f"{row['ms_per_move']:.0f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
