"""The compiled kernel against shared/bench/limit.c, and the advisor's rollout speed.

One run alternates limit.c and the kernel's general path (uniformly random scopone scientifico
hands, CPU time): the captures, apply and scoring every rule set and the advisor go through
(``uniform_generic_hands``; the scientifico-only loop ``uniform_hands`` is shown apart and
does not count), printing the ratio pair by pair and its median, with the statistics
cross-check of shared/bench/README.md. Then the advisor's worlds and playouts per second at
100 ms (tests/benchmarks/rollout_speed.py) at the stages of a hand of its STAGES, in two-player
scopa and scientifico, on this tree and on main before the search work (the baseline tree of
tests/benchmarks/baseline.py), and advice speed on the pure backend. ``--before SHA`` also
runs that commit's general path in the same rounds (its tree built as the baseline's is) and its
advisor's search, for a before-and-after comparison on one machine.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from service.engine import deal, make_rules, view_of

# Fails with ImportError when the compiled kernel was not built (no C compiler at install).
from service.search import Budget, advise
from service.search.kernel import _kernel
from service.search.kernel.fast import FastRules
from tests.benchmarks.baseline import BASELINE_COMMIT, build
from tests.benchmarks.rollout_speed import measure_tree

LIMIT_C = Path(__file__).resolve().parents[2] / ".." / "shared" / "bench" / "limit.c"
# shared/bench/README.md: mean scope per hand, total points of the team of seat 0 and seat 1.
REFERENCE = {"scope per hand": 0.767, "points team 0": 2.060, "points team 1": 2.357}


def build_limit(source: Path, folder: Path) -> Path:
    """limit.c compiled with gcc -O3 -march=native."""
    binary = folder / "limit"
    subprocess.run(
        ["gcc", "-O3", "-march=native", "-o", str(binary), str(source), "-lm"], check=True
    )
    return binary


LIMIT_STATS = ("scope_per_hand", "total_t0", "total_t1")


def limit_rate(binary: Path, hands: int, seed: int, means: list[list[float]]) -> float:
    """limit.c's hands per CPU second; adds its means and standard errors to ``means``."""
    out = subprocess.run(
        [str(binary), str(hands), str(seed)], check=True, capture_output=True, text=True
    ).stdout
    found = re.search(r"hands_per_cpu_sec=(\d+)", out)
    if found is None:
        raise RuntimeError(f"unexpected limit output: {out[:200]}")
    for acc, name in zip(means, LIMIT_STATS, strict=True):
        row = re.search(rf"^{name}\s+(\S+)\s+(\S+)$", out, re.MULTILINE)
        if row is None:
            raise RuntimeError(f"limit output lacks {name}")
        acc.append(float(row.group(1)))
        acc.append(float(row.group(2)))
    return float(found.group(1))


def kernel_rate(
    fr: FastRules, hands: int, seed: int, sums: list[list[float]], dedicated: bool = False
) -> float:
    """The compiled kernel's hands per CPU second (the general path, or the scientifico-only
    loop); adds its statistics to ``sums``."""
    start = time.process_time()
    play = _kernel.uniform_hands if dedicated else _kernel.uniform_generic_hands
    stats = play(fr, hands, seed)
    seconds = time.process_time() - start
    for acc, (total, squares) in zip(sums, stats, strict=True):
        acc[0] += total
        acc[1] += squares
    return hands / seconds


# The general path's rate in another tree, measured in its own process (CPU time).
TREE_RATE = """
import sys, time
from service.engine import make_rules
from service.search.kernel import _kernel
from service.search.kernel.fast import FastRules
fr = FastRules(make_rules("scopone_scientifico"))
hands, seed = int(sys.argv[1]), int(sys.argv[2])
start = time.process_time()
_kernel.uniform_generic_hands(fr, hands, seed)
print(hands / (time.process_time() - start))
"""


def tree_rate(tree: Path, hands: int, seed: int) -> float:
    """Another tree's general path: hands per CPU second."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", TREE_RATE, str(hands), str(seed)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=tree,
    ).stdout
    return float(out)


def advice_speed(kernel: str, preset: str, seconds: float) -> tuple[float, float, int]:
    """Worlds and playouts per second of 100 ms searches of openings, and searches made."""
    rules = make_rules(preset)
    worlds = playouts = searches = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        state = deal(rules, seed)
        advice = advise(view_of(state, state.to_move), Budget(ms=100), seed=seed, kernel=kernel)
        worlds += advice.stats.worlds
        playouts += advice.stats.playouts
        spent += advice.stats.elapsed_ms / 1000.0
        searches += 1
        seed += 1
    return worlds / spent, playouts / spent, searches


def main() -> None:
    """Parse the arguments, run the comparison, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7, help="limit/kernel pairs")
    parser.add_argument("--hands", type=int, default=2_000_000, help="hands per program run")
    parser.add_argument("--limit-c", type=Path, default=LIMIT_C)
    parser.add_argument("--advice-seconds", type=float, default=3.0)
    parser.add_argument("--before", help="a commit whose kernel and search run beside this one")
    args = parser.parse_args()
    before = None if args.before is None else build(args.before)
    fr = FastRules(make_rules("scopone_scientifico"))
    sums = [[0.0, 0.0] for _ in REFERENCE]
    limit_means: list[list[float]] = [[] for _ in REFERENCE]
    ratios = []
    before_ratios = []
    dedicated_ratios = []
    unused: list[list[float]] = [[0.0, 0.0] for _ in REFERENCE]
    with tempfile.TemporaryDirectory() as folder:
        binary = build_limit(args.limit_c.resolve(), Path(folder))
        print(f"uniform random scopone scientifico hands per CPU second, {args.hands} a run")
        print(
            "round | limit.c | general path | ratio | scientifico-only loop | ratio"
            + ("" if before is None else f" | general path at {args.before[:8]} | ratio")
        )
        for i in range(args.rounds):
            limit = limit_rate(binary, args.hands, i + 1, limit_means)
            kernel = kernel_rate(fr, args.hands, i + 1, sums)
            dedicated = kernel_rate(fr, args.hands, i + 1, unused, dedicated=True)
            ratios.append(kernel / limit)
            dedicated_ratios.append(dedicated / limit)
            row = (
                f"{i + 1} | {limit:.0f} | {kernel:.0f} | {kernel / limit:.3f} | "
                f"{dedicated:.0f} | {dedicated / limit:.3f}"
            )
            if before is not None:
                old = tree_rate(before, args.hands, i + 1)
                before_ratios.append(old / limit)
                row += f" | {old:.0f} | {old / limit:.3f}"
            print(row, flush=True)
    print(
        f"median ratio general path/limit.c: {statistics.median(ratios):.3f} (goal >= 0.5); "
        f"scientifico-only loop (not counted): {statistics.median(dedicated_ratios):.3f}"
    )
    if before_ratios:
        print(f"median ratio at {args.before[:8]}: {statistics.median(before_ratios):.3f}")
    n = args.rounds * args.hands
    print("cross-check | kernel mean (se) | README | z | limit.c this run (se) | z")
    rows = zip(REFERENCE.items(), sums, limit_means, strict=True)
    for (name, expected), (total, squares), runs in rows:
        mean = total / n
        se = max(squares / n - mean * mean, 0.0) ** 0.5 / (n - 1) ** 0.5
        # limit.c's runs have equal sizes: pool their means and standard errors.
        lmean = statistics.fmean(runs[0::2])
        lse = sum(e * e for e in runs[1::2]) ** 0.5 / len(runs[1::2])
        print(
            f"{name} | {mean:.4f} ({se:.4f}) | {expected} | {(mean - expected) / se:+.1f} | "
            f"{lmean:.4f} ({lse:.4f}) | {(mean - lmean) / (se * se + lse * lse) ** 0.5:+.1f}"
        )
    print("(the README's figures are rounded to 0.001, about two standard errors here)")
    print("the advisor's search at 100 ms, medians of 12 positions; before: the baseline")
    print(
        "position | worlds/s before | after | playouts/s before | after | ratio"
        + ("" if before is None else f" | playouts/s at {args.before[:8]} | ratio")
    )
    baseline = measure_tree(build(BASELINE_COMMIT))
    at_commit = None if before is None else measure_tree(before)
    after = measure_tree(None)
    for name, now in after.items():
        old = baseline[name]
        row = (
            f"{name} | {old['worlds']:.0f} | {now['worlds']:.0f} | {old['playouts']:.0f} | "
            f"{now['playouts']:.0f} | {now['playouts'] / old['playouts']:.2f}x"
        )
        if at_commit is not None:
            then = at_commit[name]["playouts"]
            row += f" | {then:.0f} | {now['playouts'] / then:.2f}x"
        print(row, flush=True)
    print("advice at 100 ms (openings), pure backend | worlds/s | playouts/s | searches")
    for preset in ("scopone_scientifico", "scopa"):
        w, p, count = advice_speed("python", preset, args.advice_seconds)
        print(f"{preset} | {w:.0f} | {p:.0f} | {count}", flush=True)


if __name__ == "__main__":
    main()
