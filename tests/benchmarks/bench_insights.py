"""The level estimate on held-out hands: a confusion table of the level estimated from samples
of 40 hands of one player, for each built-in level.

Usage (see `make bench-insights`):
    python -m tests.benchmarks.level_hands HELDOUT.jsonl --hands 80 --first-seed 100001
    python -m tests.benchmarks.bench_insights HELDOUT.jsonl --sample 40

The held-out hands are dealt from other seeds than the calibration's (which start at 1). A
sample is ``--sample`` distinct deals of one preset played by one level, one seat of each (the
same seat throughout): hands in blocks of ``--sample``, each block read once per seat. Its
figures are read from the reviews as /v1/insights reads them (``insights.seat_figures``) and
the level estimated with the shipped calibration (``level_estimate.estimate``). Printed: per
preset, the confusion table (rows: the level that played; columns: the level estimated), the
share estimated exactly and the share more than one level off.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from typing import Any

from service.api.insights.insights import seat_figures
from service.search.level_estimate import HandFigures, calibrations, estimate
from service.search.levels import NAMES


def main() -> None:
    """Read the held-out hands, estimate each sample's level, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("hands")
    parser.add_argument("--sample", type=int, default=40, help="hands in a sample")
    args = parser.parse_args()
    hands: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    with open(args.hands, encoding="utf-8") as lines:
        for line in lines:
            hand = json.loads(line)
            hands[hand["preset"], hand["level"]].append(hand)
    for preset in sorted({p for p, _ in hands}):
        calibration = calibrations()[preset]
        table = {level: dict.fromkeys(NAMES, 0) for level in NAMES}
        for level in NAMES:
            played = hands[preset, level]
            seats = len(played[0]["review"]["summary"]) if played else 0
            for start in range(0, len(played) - args.sample + 1, args.sample):
                block = played[start : start + args.sample]
                for seat in range(seats):
                    figures: list[HandFigures] = []
                    for hand in block:
                        summary = hand["review"]["summary"][seat]
                        found = seat_figures(summary)
                        if found is not None:
                            figures.append(found)
                    guess = estimate(calibration, figures)
                    if guess is not None:
                        table[level][guess.level] += 1
        samples = sum(sum(row.values()) for row in table.values())
        exact = sum(table[level][level] for level in NAMES)
        far = sum(
            n
            for level, row in table.items()
            for guess, n in row.items()
            if abs(NAMES.index(level) - NAMES.index(guess)) > 1
        )
        print(
            f"\n{preset}: {samples} samples of {args.sample} hands "
            "(rows: the level that played; columns: the level estimated)"
        )
        print("| played | " + " | ".join(NAMES) + " |")
        print("|---|" + "---|" * len(NAMES))
        for level in NAMES:
            print(f"| {level} | " + " | ".join(str(table[level][g]) for g in NAMES) + " |")
        print(
            f"exactly right: {exact}/{samples} ({100 * exact / max(samples, 1):.1f}%); "
            f"more than one level off: {far}"
        )


if __name__ == "__main__":
    main()
