"""The dealt-hand test (``service.search.dealt_test``) on the fair-play panels: each player's
hands, its gain a hand over its honest self, and how often samples of its hands are flagged.

Usage:
    python -m tests.benchmarks.bench_dealt_test play OUT.jsonl --preset scopa \
        --players sharp,sharp-peek:1 --hands 2000 --first-seed 200001 --workers 2
    python -m tests.benchmarks.bench_dealt_test report OUT.jsonl [...] --sizes 20,50,100,200

``play``: each seed is dealt once (dealer ``seed % players``) and played by the named player at
seat 0 (and its partner's, for the panel's pairs) against the ``--opponent`` (the expert bot)
at every other seat; one line a hand: the
player, seed, seat 0's judged decisions and their e-values' logarithms summed under each
alternative player, and seat 0's margin (its side's hand points less the best other side's).
Every player gets the same seeds, so a cheater and its honest self play the same deals. In
Scopone the line also holds the partner-hand test (``service.search.partner_test``) of seats 0
and 2; ``pair:NAME`` seats the honest style NAME at both.

``report``: per player, under the dealt-hand test of seat 0 or (``--statistic partner``) the
partner-hand test of seats 0 and 2, the mean e-value a hand under each alternative (1 for any honest
player), and for each sample size the share of samples the report flags, its p-value times the
report's number of tests (``--tests``; 3 at two seats: the leak hypothesis, the engine and this
test) at 0.01 (review) and 0.001 (strong), with 95% Clopper-Pearson intervals; samples are
disjoint runs of consecutive seeds (no hand in two samples). For each cheater with its honest
self in the files: its gain a hand on the same seeds, with its 95% interval.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from service.engine.presets import make_rules
from service.engine.record import record_of, replay
from service.engine.state import State, apply, deal
from service.search.dealt_test import ALTERNATIVES, hand_decisions, p_value, summed
from service.search.figures import Z95
from service.search.kernel.fast import fast_rules, hand_totals
from service.search.partner_test import ALTERNATIVES as PARTNER_ALTERNATIVES
from service.search.partner_test import partner_decisions
from tests.benchmarks.fair_play_panel import HONEST_SELF, PAIRED, panel_player

REVIEW = 0.01
STRONG = 0.001


def panel_hand(preset: str, name: str, opponent: str, seed: int) -> State:
    """A hand dealt from the seed (dealer ``seed % players``) and played to its end by a panel
    player at seat 0 (and its partner's seat, for the panel's pairs) against the opponent."""
    rules = make_rules(preset)
    paired = name.startswith("pair:")
    spec = name.partition(":")[2] if paired else name
    players = [panel_player(spec, rules)] + [
        panel_player(opponent, rules) for _ in range(rules.players - 1)
    ]
    if paired or name in PAIRED:
        players[2] = panel_player(spec, rules)
    state = deal(rules, seed, dealer=seed % rules.players)
    rng = random.Random(f"{name}:{seed}")
    while not state.finished:
        state, _ = apply(state, players[state.to_move].choose(state, rng))
    return state


def played(job: tuple[str, str, str, int]) -> dict[str, Any]:
    """One hand of a player at seat 0 against the opponent, judged (a worker's task)."""
    preset, name, opponent, seed = job
    rules = make_rules(preset)
    state = panel_hand(preset, name, opponent, seed)
    record = record_of(state)
    done = replay(record)
    judged = hand_decisions(done, record.moves, 0)
    partner = [d for seat in (0, 2) for d in partner_decisions(done, record.moves, seat)]
    totals = hand_totals(fast_rules(rules), state.piles, state.scope)
    side = rules.side_of(0)
    margin = totals[side] - max(t for s, t in enumerate(totals) if s != side)
    return {
        "preset": preset,
        "player": name,
        "opponent": opponent,
        "seed": seed,
        "decisions": len(judged),
        "log_e": list(summed(judged)),
        "partner_decisions": len(partner),
        "partner_log_e": list(summed(partner, len(PARTNER_ALTERNATIVES))),
        "margin": margin,
    }


def play(args: argparse.Namespace) -> None:
    """Play and judge the hands, one JSON line each."""
    jobs = [
        (args.preset, name, args.opponent, args.first_seed + i)
        for name in args.players.split(",")
        for i in range(args.hands)
    ]
    start = time.perf_counter()
    context = multiprocessing.get_context("spawn")
    with open(args.out, "a", encoding="utf-8") as out, context.Pool(args.workers) as pool:
        for line in pool.imap(played, jobs, chunksize=8):
            out.write(json.dumps(line) + "\n")
    print(f"{len(jobs)} hands in {time.perf_counter() - start:.0f} s", file=sys.stderr)


def clopper_pearson(hits: int, n: int) -> tuple[float, float]:
    """The 95% Clopper-Pearson interval of a share (by bisection on the binomial tails)."""

    def tail_at_least(p: float) -> float:
        return sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(hits, n + 1))

    def tail_at_most(p: float) -> float:
        return sum(math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(hits + 1))

    def solve(f: Any, target: float, rising: bool) -> float:
        lo, hi = 0.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if (f(mid) < target) == rising:
                lo = mid
            else:
                hi = mid
        return (lo + hi) / 2

    low = 0.0 if hits == 0 else solve(tail_at_least, 0.025, True)
    high = 1.0 if hits == n else solve(tail_at_most, 0.025, False)
    return low, high


def mean_interval(values: Sequence[float]) -> str:
    """A mean with its 95% normal interval, as text."""
    mean = statistics.fmean(values)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return f"{mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}]"


def report(args: argparse.Namespace) -> None:
    """Print each player's figures under the chosen test (``--statistic``)."""
    key, counted, alternatives = (
        ("log_e", "decisions", ALTERNATIVES)
        if args.statistic == "dealt"
        else ("partner_log_e", "partner_decisions", PARTNER_ALTERNATIVES)
    )
    hands: dict[tuple[str, str, str], dict[int, dict[str, Any]]] = defaultdict(dict)
    for path in args.files:
        with open(path, encoding="utf-8") as lines:
            for line in lines:
                h = json.loads(line)
                hands[(h["preset"], h["opponent"], h["player"])][h["seed"]] = h
    sizes = [int(s) for s in args.sizes.split(",")]
    table: list[list[str]] = []
    for (preset, opponent, name), by_seed in sorted(hands.items()):
        cells = [preset, name, str(len(by_seed)), "—"]
        seeds = sorted(by_seed)
        rows = [by_seed[s] for s in seeds]
        decisions = sum(r[counted] for r in rows)
        print(
            f"\n{preset} {name} against {opponent}: {len(rows)} hands, {decisions} judged "
            f"decisions ({decisions / len(rows):.2f} a hand), margin "
            f"{mean_interval([r['margin'] for r in rows])} a hand"
        )
        per_hand = [[math.exp(x) for x in r[key]] for r in rows]
        means = ", ".join(
            f"{a:g}/{b:g}: {statistics.fmean(e[k] for e in per_hand):.3f}"
            for k, (a, b) in enumerate(alternatives)
        )
        print(f"  mean e-value a hand by alternative: {means}")
        self_name = HONEST_SELF.get(name)
        if self_name is not None and (preset, opponent, self_name) in hands:
            mine = hands[(preset, opponent, self_name)]
            common = [s for s in seeds if s in mine]
            if len(common) > 1:
                gains = [by_seed[s]["margin"] - mine[s]["margin"] for s in common]
                cells[3] = f"{mean_interval(gains)} ({self_name})"
                print(
                    f"  gain over {self_name} on {len(common)} common deals: "
                    f"{mean_interval(gains)} points a hand"
                )
        for size in sizes:
            samples = len(rows) // size
            if samples == 0:
                cells.append("—")
                continue
            found = [0, 0]
            for i in range(samples):
                chunk = rows[i * size : (i + 1) * size]
                sums = [sum(r[key][k] for r in chunk) for k in range(len(alternatives))]
                p = min(1.0, p_value(sums) * args.tests)
                found[0] += p <= REVIEW
                found[1] += p <= STRONG
            shares = []
            for label, hits in zip(("review+", "strong"), found, strict=True):
                low, high = clopper_pearson(hits, samples)
                shares.append(f"{label} {hits / samples:.1%} [{low:.2%}, {high:.2%}]")
            print(f"  {size:>3} hands, {samples} samples: " + "; ".join(shares))
            low, high = clopper_pearson(found[0], samples)
            cells.append(
                f"{found[0] / samples:.1%} [{low:.1%}, {high:.1%}] / {found[1] / samples:.1%} "
                f"({samples})"
            )
        table.append(cells)
    if args.markdown:
        print(
            "\n| preset | player | hands | gain a hand over its honest self | "
            + " | ".join(f"{size} hands: review+ [95%] / strong (samples)" for size in sizes)
            + " |"
        )
        print("|---" * (4 + len(sizes)) + "|")
        for cells in table:
            print("| " + " | ".join(cells) + " |")


def main() -> None:
    """Play or report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("play")
    p.add_argument("out")
    p.add_argument("--preset", default="scopa")
    p.add_argument("--players", required=True)
    p.add_argument("--opponent", default="expert")
    p.add_argument("--hands", type=int, default=1000)
    p.add_argument("--first-seed", type=int, default=200001)
    p.add_argument("--workers", type=int, default=2)
    r = sub.add_parser("report")
    r.add_argument("files", nargs="+")
    r.add_argument("--sizes", default="20,50,100,200")
    r.add_argument("--markdown", action="store_true", help="a table of every player at the end")
    r.add_argument(
        "--statistic",
        choices=("dealt", "partner"),
        default="dealt",
        help="the dealt-hand test of seat 0, or the partner-hand test of seats 0 and 2 (Scopone)",
    )
    r.add_argument(
        "--tests",
        type=int,
        default=3,
        help="the report's number of tests the p-value is multiplied by (two players: 3)",
    )
    args = parser.parse_args()
    if args.command == "play":
        play(args)
    else:
        report(args)


if __name__ == "__main__":
    main()
