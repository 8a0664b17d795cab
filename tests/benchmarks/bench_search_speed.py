"""Search speed: kernel hands per CPU second, advisor worlds and playouts per second, solve times.

Usage: python tests/benchmarks/bench_search_speed.py [--hands 2000] [--positions 20]
The kernel figure (uniformly random scopone scientifico hands per CPU second) is the one to
compare with /work/shared/bench/limit.c; run both in turn, since the machine is shared.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from service.engine import apply, deal, legal_moves, make_rules, view_of
from service.search import Budget, advise
from service.search.kernel.fast import FastRules, hand_totals
from service.search.kernel.policy import playout, random_playout
from service.search.worlds import pos_of_state


def kernel(preset: str, hands: int, heuristic: bool) -> float:
    """Hands per CPU second of the fast kernel from fresh deals."""
    rules = make_rules(preset)
    fr = FastRules(rules)
    rng = random.Random(1)
    states = [pos_of_state(deal(rules, s)) for s in range(hands)]
    start = time.process_time()
    for pos in states:
        if heuristic:
            playout(fr, pos, rng)
        else:
            random_playout(fr, pos, rng)
        hand_totals(fr, pos.piles, pos.scope)
    return hands / (time.process_time() - start)


def advisor(preset: str, positions: int, ms: int, plays: int) -> None:
    """Advice at a millisecond budget after ``plays`` random moves: rates and latency."""
    rules = make_rules(preset)
    rng = random.Random(2)
    worlds = playouts = 0
    elapsed = []
    for seed in range(positions):
        state = deal(rules, seed, seed % rules.players)
        for _ in range(plays):
            state, _ = apply(state, rng.choice(legal_moves(state)))
        advice = advise(view_of(state, state.to_move), Budget(ms=ms), seed=seed)
        worlds += advice.stats.worlds
        playouts += advice.stats.playouts
        elapsed.append(advice.stats.elapsed_ms)
    seconds = sum(elapsed) / 1000
    elapsed.sort()
    print(
        f"advise {preset} after {plays} plays at {ms} ms: worlds/s {worlds / seconds:.0f} "
        f"playouts/s {playouts / seconds:.0f} p50 {statistics.median(elapsed):.1f} ms "
        f"p95 {elapsed[int(0.95 * (len(elapsed) - 1))]:.1f} ms"
    )


def main() -> None:
    """Print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--ms", type=int, default=100)
    args = parser.parse_args()
    for preset in ("scopone_scientifico", "scopa"):
        print(
            f"kernel {preset}: random hands/cpu-s {kernel(preset, args.hands, False):.0f} "
            f"heuristic hands/cpu-s {kernel(preset, args.hands, True):.0f}"
        )
    for preset, plays in (
        ("scopone_scientifico", 0),
        ("scopone_scientifico", 20),
        ("scopone_scientifico", 34),
        ("scopa", 0),
    ):
        advisor(preset, args.positions, args.ms, plays)


if __name__ == "__main__":
    main()
