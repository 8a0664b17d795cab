"""Strength against the field: the advisor at its default budget and at 50 ms, and the ceiling
(the same search told every other hand), each against every opponent of a panel, on the same
duplicate deals, with 95% intervals.

    python -m tests.benchmarks.bench_panel --preset scopa --pairs 300 --seed 46 --workers 2

The panel (``--opponent``, repeatable; default all three):

- ``expert``: the project's rule-based bot, a careful club player (``bots.ExpertPlayer``);
- ``ismcts``: information-set MCTS with random rollouts at 50 ms a move, another method than
  the advisor's (``tests/benchmarks/ismcts.py``);
- ``main``: the advisor of main before this work (``--main``, a commit) at main's default budget
  for the preset (10 ms with two players and in scientifico, 50 ms elsewhere), run from that
  commit's own tree (``tests/benchmarks/baseline.py``).

The subjects (``--subject``, repeatable; default ``advisor``, ``advisor:ms=50`` and ``ceiling``):
player specs of ``bench_strength``, or ``main``. Every subject meets every opponent on the same
deal pairs (the seed and the number of pairs fix them), so each difference between two subjects
against one opponent is paired deal by deal: the deal's luck cancels. Printed: each pairing's
margin (hand points a hand, the subject's side less the other's) with its interval and by
category; per opponent, each subject less the first with its paired interval; and each margin
as a share of the ceiling's. ``--per-pair FILE`` keeps every pairing's per-deal margins.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from service.engine import make_rules
from tests.benchmarks.bench_strength import category_line, mean_interval, run_pairing

MAIN_COMMIT = "affa2dadfaa1bb0490378ca6e05e03764ec6c336"
MAIN_DEFAULT_MS = {"scopa": 10, "scopone_scientifico": 10}
OPPONENTS = ("expert", "ismcts", "main")
SUBJECTS = ("advisor", "advisor:ms=50", "ceiling")


def player_spec(name: str, preset: str, main: str) -> str:
    """The bench_strength player spec of a panel member or subject (``main``: main's advisor
    at main's default budget for the preset)."""
    if name == "main":
        return f"baseline:ms={MAIN_DEFAULT_MS.get(preset, 50)}:commit={main}"
    return name


def paired(a: list[float], b: list[float]) -> tuple[float, float, float]:
    """The mean of b less a over the same deal pairs, with its 95% interval."""
    return mean_interval([y - x for x, y in zip(a, b, strict=True)])


def main(argv: list[str] | None = None) -> None:
    """Play every subject against every opponent and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--pairs", type=int, default=300)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--opponent", action="append", choices=OPPONENTS)
    parser.add_argument("--subject", action="append")
    parser.add_argument("--main", default=MAIN_COMMIT, help="main's commit, for its advisor")
    parser.add_argument("--per-pair", type=Path, help="write every pairing's margins as JSON")
    args = parser.parse_args(argv)
    rules = make_rules(args.preset)
    opponents = args.opponent or list(OPPONENTS)
    subjects = args.subject or list(SUBJECTS)
    print(f"preset={args.preset} pairs={args.pairs} seed={args.seed} main={args.main[:12]}")
    print("subject vs opponent | margin/hand [95% CI] | ms/move | s")
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    kept: dict[str, list[float]] = {}
    for opponent in opponents:
        spec = player_spec(opponent, args.preset, args.main)
        for subject in subjects:
            mine = player_spec(subject, args.preset, args.main)
            row = run_pairing(rules, mine, spec, args.pairs, args.seed, args.workers)
            rows[subject, opponent] = row
            kept[f"{subject} vs {opponent}"] = row["per_pair"]
            if args.per_pair:
                args.per_pair.write_text(json.dumps(kept))
            print(
                f"{subject} vs {opponent} | {row['mean']:+.3f} [{row['low']:+.3f}, "
                f"{row['high']:+.3f}] | {row['ms_per_move']:.1f} | {row['seconds']:.0f}",
                flush=True,
            )
            print(category_line(row["categories"]), flush=True)
    print("\npaired differences (same deals) | mean [95% CI]")
    first = subjects[0]
    for opponent in opponents:
        for subject in subjects[1:]:
            mean, low, high = paired(
                rows[first, opponent]["per_pair"], rows[subject, opponent]["per_pair"]
            )
            print(f"{subject} less {first}, vs {opponent} | {mean:+.3f} [{low:+.3f}, {high:+.3f}]")
    ceiling = next((s for s in subjects if s.startswith("ceiling")), None)
    if ceiling is not None:
        print("\nshare of the ceiling (margin / ceiling's margin, same deals)")
        for opponent in opponents:
            top = statistics.fmean(rows[ceiling, opponent]["per_pair"])
            for subject in subjects:
                if subject != ceiling and top > 0:
                    own = statistics.fmean(rows[subject, opponent]["per_pair"])
                    print(f"{subject} vs {opponent} | {own / top:.0%} of {top:+.3f}")


if __name__ == "__main__":
    main()
