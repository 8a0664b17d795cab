"""Speed of the rules engine: prints figures, asserts nothing about time.

    make bench-engine                      # or: .venv/bin/python tests/benchmarks/bench_engine.py
    python tests/benchmarks/bench_engine.py --hands 3000 --limit ./limit --rounds 5

Each figure is operations per CPU second of this process (``time.process_time``), the
best of ``--repeat`` runs, because the machines are shared and wall time drifts. With
``--limit`` pointing at a build of the C reference (``gcc -O3 -march=native -o limit
limit.c -lm``), random Scopone scientifico hands are timed side by side with it, the two
programs alternating, and the speed ratio is printed pair by pair.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from service.engine import Rules, State, apply, deal, legal_moves, make_rules, score_hand
from service.engine.cards import iter_cards
from service.engine.codec import state_from_dict, state_to_dict
from service.engine.moves import captures, moves_for_card

# Means of limit.c over 2,000,000 hands (./limit 2000000 1), for the rules cross-check.
LIMIT_MEANS = {"scope_per_hand": 0.766164, "total_t0": 2.059083, "total_t1": 2.354904}

HAND_CONFIGS: tuple[tuple[str, str, dict[str, object]], ...] = (
    ("scopa 2p", "scopa", {}),
    ("scopa 4p", "scopa", {"players": 4}),
    ("scopone", "scopone", {}),
    ("scopone_scientifico", "scopone_scientifico", {}),
    ("scopone_messina", "scopone_messina", {}),
    ("scopa fifteen", "scopa", {"capture_rule": "sum_or_fifteen"}),
)


@dataclass(frozen=True, slots=True)
class Figure:
    """One measured rate."""

    name: str
    operations: int
    cpu_seconds: float

    @property
    def rate(self) -> float:
        """Operations per CPU second."""
        return self.operations / self.cpu_seconds if self.cpu_seconds > 0 else float("inf")


def measure(name: str, repeat: int, run: Callable[[], int]) -> Figure:
    """The best of ``repeat`` runs of a function that returns how many operations it did."""
    best: Figure | None = None
    for _ in range(repeat):
        start = time.process_time()
        operations = run()
        figure = Figure(name, operations, time.process_time() - start)
        if best is None or figure.rate > best.rate:
            best = figure
    assert best is not None
    return best


def play_like_limit(state: State, rng: random.Random) -> State:
    """Play a hand as limit.c does: a uniform card from hand, then a uniform capture."""
    while not state.finished:
        hand = list(iter_cards(state.hands[state.to_move]))
        options = moves_for_card(state.rules, rng.choice(hand), state.table)
        state, _ = apply(state, rng.choice(options))
    return state


def sample_states(rules: Rules, count: int, seed: int) -> list[State]:
    """States met in random play, for the per-call figures."""
    rng = random.Random(seed)
    found: list[State] = []
    hand_seed = seed
    while len(found) < count:
        state = deal(rules, hand_seed)
        hand_seed += 1
        while not state.finished and len(found) < count:
            found.append(state)
            state, _ = apply(state, rng.choice(legal_moves(state)))
    return found


def call_figures(hands: int, seed: int, repeat: int) -> list[Figure]:
    """Rates of the engine's hot calls on states from random Scopa play."""
    rules = make_rules("scopa")
    states = sample_states(rules, max(hands * 36, 36), seed)
    pairs = [(s, m) for s in states for m in legal_moves(s)[:1]]
    tables = [(c, s.table) for s in states for c in iter_cards(s.hands[s.to_move])]
    finished = [play_like_limit(deal(rules, seed + i), random.Random(i)) for i in range(hands)]
    dicts = [state_to_dict(s) for s in states]

    def run_captures() -> int:
        for played, table in tables:
            captures(rules, played, table)
        return len(tables)

    def run_legal_moves() -> int:
        for state in states:
            legal_moves(state)
        return len(states)

    def run_apply() -> int:
        for state, chosen in pairs:
            apply(state, chosen)
        return len(pairs)

    def run_deal() -> int:
        for i in range(hands):
            deal(rules, seed + i)
        return hands

    def run_score() -> int:
        for state in finished:
            score_hand(rules, state.piles, state.scope)
        return len(finished)

    def run_to_json() -> int:
        for state in states:
            state_to_dict(state)
        return len(states)

    def run_from_json() -> int:
        for data in dicts:
            state_from_dict(data)
        return len(dicts)

    return [
        measure("captures() per card", repeat, run_captures),
        measure("legal_moves()", repeat, run_legal_moves),
        measure("apply()", repeat, run_apply),
        measure("deal()", repeat, run_deal),
        measure("score_hand()", repeat, run_score),
        measure("state_to_dict()", repeat, run_to_json),
        measure("state_from_dict()", repeat, run_from_json),
    ]


def hand_figures(hands: int, seed: int, repeat: int) -> list[Figure]:
    """Random hands played to the end (deal, every move, scoring) per preset."""
    figures = []
    for label, preset, options in HAND_CONFIGS:
        rules = make_rules(preset, **options)

        def run(rules: Rules = rules) -> int:
            rng = random.Random(seed)
            for i in range(hands):
                state = play_like_limit(deal(rules, seed + i), rng)
                score_hand(rules, state.piles, state.scope)
            return hands

        figures.append(measure(f"random hands, {label}", repeat, run))
    return figures


def scientifico_statistics(hands: int, seed: int) -> dict[str, tuple[float, float]]:
    """Mean and standard error of random Scopone scientifico hands, as limit.c reports them."""
    rules = make_rules("scopone_scientifico")
    rng = random.Random(seed)
    samples: dict[str, list[float]] = {name: [] for name in LIMIT_MEANS}
    for i in range(hands):
        state = play_like_limit(deal(rules, seed + i, dealer=3), rng)
        totals = score_hand(rules, state.piles, state.scope).totals
        samples["scope_per_hand"].append(sum(state.scope))
        samples["total_t0"].append(totals[0])
        samples["total_t1"].append(totals[1])
    return {
        name: (statistics.fmean(values), statistics.stdev(values) / len(values) ** 0.5)
        for name, values in samples.items()
    }


def limit_rate(binary: str, hands: int, seed: int) -> float:
    """Hands per CPU second of one run of the C reference."""
    output = subprocess.run(
        [binary, str(hands), str(seed)], check=True, capture_output=True, text=True
    ).stdout
    found = re.search(r"hands_per_cpu_sec=([0-9.]+)", output)
    if found is None:
        raise RuntimeError(f"no hands_per_cpu_sec in the output of {binary}")
    return float(found.group(1))


def side_by_side(binary: str, hands: int, seed: int, rounds: int) -> list[tuple[float, float]]:
    """Alternate the C reference and the engine; (engine, limit) hands per CPU second."""
    rules = make_rules("scopone_scientifico")
    pairs = []
    for r in range(rounds):

        def run(r: int = r) -> int:
            rng = random.Random(seed + r)
            for i in range(hands):
                play_like_limit(deal(rules, seed + r * hands + i, dealer=3), rng)
            return hands

        engine = measure("engine", 1, run).rate
        limit = limit_rate(binary, max(hands * 1000, 1_000_000), seed + r)
        pairs.append((engine, limit))
    return pairs


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands per measurement")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; the best counts")
    parser.add_argument("--limit", help="path to a build of the C reference limit.c")
    parser.add_argument("--rounds", type=int, default=5, help="alternations with --limit")
    args = parser.parse_args(argv)
    if args.hands < 2:
        parser.error("--hands must be at least 2")

    print(f"python {sys.version.split()[0]}, hands={args.hands}, seed={args.seed}")
    print(f"{'figure':<42}{'per CPU second':>16}{'operations':>12}")
    for figure in call_figures(args.hands, args.seed, args.repeat) + hand_figures(
        args.hands, args.seed, args.repeat
    ):
        print(f"{figure.name:<42}{figure.rate:>16,.0f}{figure.operations:>12}")

    print("\nrules cross-check, random Scopone scientifico: engine mean (se), limit.c mean, z")
    for name, (mean, error) in scientifico_statistics(args.hands, args.seed).items():
        z = (mean - LIMIT_MEANS[name]) / error if error > 0 else float("nan")
        print(f"  {name:<16}{mean:>9.4f} ({error:.4f}){LIMIT_MEANS[name]:>10.4f}{z:>7.1f}")

    if args.limit:
        print(f"\nside by side with {args.limit} (hands per CPU second):")
        pairs = side_by_side(args.limit, args.hands, args.seed, args.rounds)
        for engine, limit in pairs:
            print(f"  engine {engine:>10,.0f}   limit {limit:>12,.0f}   ratio {engine / limit:.5f}")
        ratio = statistics.median(e / lim for e, lim in pairs)
        print(f"  median ratio {ratio:.5f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
