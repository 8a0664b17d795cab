"""Peak resident memory of one advice search at the maximum budget, in a fresh process each.

Each measurement runs in its own interpreter so that one search's peak does not hide another's:
``python -m tests.benchmarks.bench_memory`` prints one line per backend and position.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys

from service.engine import apply, deal, legal_moves, make_rules, view_of
from service.search import Budget, advise
from service.search.advisor import MAX_MS


def measure(kernel: str, plays: int, ms: int) -> str:
    """Search one scientifico position after ``plays`` random plays; report the peak memory."""
    rules = make_rules("scopone_scientifico")
    state = deal(rules, 4)
    rng = random.Random(1)
    for _ in range(plays):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    advice = advise(view_of(state, state.to_move), Budget(ms=ms), seed=1, kernel=kernel)
    with open("/proc/self/status", encoding="ascii") as status:
        peak_kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    stats = advice.stats
    return (
        f"kernel={kernel} plays={plays} budget_ms={ms} worlds={stats.worlds} "
        f"playouts={stats.playouts} nodes={stats.nodes} peak_resident_mb={peak_kb / 1024:.1f}"
    )


def main() -> None:
    """Run each measurement in a child process, or one measurement when asked to."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kernels", nargs="*", default=["compiled", "python"])
    parser.add_argument("--plays", nargs="*", type=int, default=[0, 24, 28])
    parser.add_argument("--ms", type=int, default=MAX_MS)
    parser.add_argument("--one", nargs=2, metavar=("KERNEL", "PLAYS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(measure(args.one[0], int(args.one[1]), args.ms), flush=True)
        return
    for kernel in args.kernels:
        for plays in args.plays:
            command = [sys.executable, "-m", "tests.benchmarks.bench_memory", "--ms", str(args.ms)]
            subprocess.run([*command, "--one", kernel, str(plays)], check=True)


if __name__ == "__main__":
    main()
