"""Duplicate-deal strength benchmark: each deal is played once per side with the players swapped.

Usage (see `make bench-strength`):
    python -m tests.benchmarks.bench_strength --preset scopone_scientifico \\
        --pairing advisor:greedy --pairing advisor:expert --pairs 500 --workers 2

Per pairing it prints the mean hand-point differential per hand of the first player (its side
minus the mean of the other sides) over deal pairs with a 95% confidence interval, the match
win rate (matches to the target played over consecutive duplicate hands, once per seat
rotation), and the same differential for each scoring category. A player is one of
``service.search.bots`` (random, greedy, expert, advisor[...]) or
``baseline[:ms=N][:commit=SHA]``: the advisor of main before the search work, or of any earlier
commit (tests/benchmarks/baseline.py), for a comparison of advisors on the same deals; or
``ceiling[:ms=N]``: the advisor (at the rules' default budget, or N ms) told every other hand,
the practical ceiling of an honest player with this search (``CeilingPlayer``); or
``expert-v1``, the expert bot before it was made stronger (``old_expert``); or
``ismcts[:ms=N|:it=N]``, information-set MCTS with random rollouts, an opponent built on
another method than the advisor (``ismcts``); or ``policy``, the search's rollout policy
playing alone (``policy_player``).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from service.engine import Rules, State, apply, deal, make_rules, view_of
from service.engine.moves import Move
from service.engine.outcome import score_state
from service.engine.scoring import categories
from service.search.advisor import Budget, advise
from service.search.bots import Player, RuledPlayer, make_player, special_move
from service.search.kernel.backend import SearchSolver, make_solver
from service.search.kernel.fast import FastRules, outright_side
from service.search.match_model import match_winner
from tests.benchmarks.baseline import BASELINE_COMMIT, BaselinePlayer
from tests.benchmarks.ismcts import make_ismcts
from tests.benchmarks.old_expert import OldExpertPlayer
from tests.benchmarks.policy_player import PolicyPlayer


@dataclass(frozen=True)
class Job:
    """One deal to play in every rotation of the two players."""

    rules: Rules
    first: str
    second: str
    index: int
    seed: int


@dataclass(frozen=True)
class DealResult:
    """For each rotation (the side the first player holds): totals per side and outright side."""

    totals: tuple[tuple[int, ...], ...]
    outright: tuple[int, ...]
    moves: int
    first_ms: float
    # For each rotation: each side's points by category (scoring.categories order).
    points: tuple[tuple[tuple[int, ...], ...], ...] = ()


class CeilingPlayer:
    """The advisor told the cards of every other hand (not the stock's order): what a player
    who sees the hands would score with this search."""

    def __init__(self, budget: Budget | None, name: str) -> None:
        self.budget = budget
        self.name = name
        self.solvers: dict[Rules, SearchSolver] = {}

    def choose_seeing(self, state: State, rng: random.Random) -> Move:
        """The advised move of the seat to move, with the other hands known."""
        seat = state.to_move
        view = view_of(state, seat)
        special = special_move(view)
        if special is not None:
            return special
        solver = self.solvers.get(state.rules)
        if solver is None:
            solver = self.solvers[state.rules] = make_solver(state.rules)
        known = {s: hand for s, hand in enumerate(state.hands) if s != seat and hand}
        return advise(view, self.budget, rng.getrandbits(32), solver=solver, known=known).chosen


PLAYERS: dict[str, Player | CeilingPlayer] = {}


def player(spec: str) -> Player | CeilingPlayer:
    """One player per spec per worker process, so solvers and caches are reused."""
    if spec not in PLAYERS:
        name, _, arg = spec.partition(":")
        if name == "ismcts":
            PLAYERS[spec] = RuledPlayer(make_ismcts(spec))
        elif name == "policy" and not arg:
            PLAYERS[spec] = RuledPlayer(PolicyPlayer())
        elif name == "expert-v1":
            PLAYERS[spec] = RuledPlayer(OldExpertPlayer())
        elif name == "ceiling":
            ms = arg.partition("=")[2] if arg.startswith("ms=") else None
            budget = Budget(ms=int(ms)) if ms else None
            PLAYERS[spec] = CeilingPlayer(budget, spec)
        elif name == "baseline":
            options = dict(part.partition("=")[::2] for part in arg.split(":") if part)
            ms = int(options.get("ms", 50))
            commit = options.get("commit", BASELINE_COMMIT)
            # Moves that play no card follow the same rule as every other bot's.
            PLAYERS[spec] = RuledPlayer(BaselinePlayer(ms, commit))
        else:
            PLAYERS[spec] = make_player(spec)
    return PLAYERS[spec]


def play_deal(job: Job) -> DealResult:
    """Play one deal once per rotation: the first player holds one side, the second the rest."""
    rules = job.rules
    fr = FastRules(rules)
    first, second = player(job.first), player(job.second)
    totals = []
    outright = []
    points = []
    moves = 0
    first_time = 0.0
    first_moves = 0
    dealer = job.index % rules.players
    for side in range(rules.sides):
        state = deal(rules, f"{job.seed}:{job.index}", dealer)
        rng = random.Random(f"{job.seed}:{job.index}:{side}")
        while not state.finished:
            seat = state.to_move
            mine = rules.side_of(seat) == side
            chooser = first if mine else second
            start = time.perf_counter()
            if isinstance(chooser, CeilingPlayer):
                move = chooser.choose_seeing(state, rng)
            else:
                move = chooser.choose(view_of(state, seat), rng)
            if mine:
                first_time += time.perf_counter() - start
                first_moves += 1
            state, _ = apply(state, move)
            moves += 1
        score = score_state(state)
        totals.append(score.totals)
        points.append(tuple(tuple(side.points.values()) for side in score.sides))
        outright.append(outright_side(fr, state.piles))
    return DealResult(
        tuple(totals), tuple(outright), moves, 1000 * first_time / first_moves, tuple(points)
    )


def differential(totals: Sequence[int], side: int) -> float:
    """A side's points minus the mean of the other sides."""
    others = [t for i, t in enumerate(totals) if i != side]
    return totals[side] - sum(others) / len(others)


def match_win_rate(rules: Rules, results: Sequence[DealResult], target: int) -> tuple[int, int]:
    """Matches won by the first player and matches finished, over consecutive hands."""
    won = finished = 0
    for side in range(rules.sides):
        scores = [0] * rules.sides
        for result in results:
            scores = [a + b for a, b in zip(scores, result.totals[side], strict=True)]
            winner = result.outright[side]
            if winner < 0:
                winner = match_winner(rules, scores, target)
            if winner >= 0:
                finished += 1
                won += winner == side
                scores = [0] * rules.sides
    return won, finished


def mean_interval(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean and its 95% confidence interval (normal approximation)."""
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(values))
    return mean, mean - half, mean + half


def run_pairing(
    rules: Rules, first: str, second: str, pairs: int, seed: int, workers: int
) -> dict[str, Any]:
    """Play every deal pair of one pairing and summarise it."""
    jobs = [Job(rules, first, second, i, seed) for i in range(pairs)]
    start = time.perf_counter()
    if workers > 1:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            results = pool.map(play_deal, jobs, chunksize=1)
    else:
        results = [play_deal(j) for j in jobs]
    elapsed = time.perf_counter() - start
    per_pair = [
        statistics.fmean(differential(r.totals[s], s) for s in range(rules.sides)) for r in results
    ]
    mean, low, high = mean_interval(per_pair)
    won, finished = match_win_rate(rules, results, rules.target)
    by_category = {}
    for k, name in enumerate(categories(rules)):
        values = [
            statistics.fmean(
                differential([side[k] for side in r.points[s]], s) for s in range(rules.sides)
            )
            for r in results
        ]
        by_category[name] = mean_interval(values)
    return {
        "per_pair": per_pair,
        "categories": by_category,
        "pairing": f"{first} vs {second}",
        "pairs": pairs,
        "mean": mean,
        "low": low,
        "high": high,
        "matches": finished,
        "win_rate": won / finished if finished else float("nan"),
        "ms_per_move": statistics.fmean(r.first_ms for r in results),
        "seconds": elapsed,
    }


def category_line(by_category: dict[str, tuple[float, float, float]]) -> str:
    """A pairing's margin by scoring category, with intervals, as one printed line."""
    return "  by category: " + ", ".join(
        f"{name} {m:+.3f} [{lo:+.3f}, {hi:+.3f}]" for name, (m, lo, hi) in by_category.items()
    )


def main() -> None:
    """Parse the arguments, play every pairing, print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="scopone_scientifico")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--teams", choices=("yes", "no"), default=None)
    parser.add_argument(
        "--pairing",
        action="append",
        help="FIRST:SECOND with players random, greedy, expert, "
        "advisor[:ms=N|:it=N][:kernel=compiled|python], baseline[:ms=N][:commit=SHA] (main's "
        "advisor before the search work, or a commit's); e.g. advisor:ms=100,greedy or "
        "advisor,baseline or advisor:ms=100:kernel=compiled,advisor:ms=100:kernel=python "
        "(a comma when a player has its own colon)",
    )
    parser.add_argument("--pairs", type=int, default=500, help="duplicate deal pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--per-pair",
        metavar="FILE",
        help="also write each pairing's per-deal-pair differentials to FILE as JSON, for a "
        "paired comparison of two runs on the same seed (tests.benchmarks.compare_runs)",
    )
    args = parser.parse_args()
    options: dict[str, Any] = {}
    if args.players is not None:
        options["players"] = args.players
    if args.teams is not None:
        options["teams"] = args.teams == "yes"
    rules = make_rules(args.preset, **options)
    pairings = args.pairing or ["advisor,greedy", "advisor,expert", "advisor,advisor:ms=10"]
    print(f"preset={args.preset} options={options} pairs={args.pairs} seed={args.seed}")
    print("pairing | mean diff/hand [95% CI] | match win rate (matches) | ms/move first | s")
    per_pair: dict[str, list[float]] = {}
    for pairing in pairings:
        first, second = pairing.split(",") if "," in pairing else pairing.split(":", 1)
        row = run_pairing(rules, first, second, args.pairs, args.seed, args.workers)
        per_pair[row["pairing"]] = row["per_pair"]
        if args.per_pair:
            Path(args.per_pair).write_text(json.dumps(per_pair))
        print(
            f"{row['pairing']} | {row['mean']:+.3f} [{row['low']:+.3f}, {row['high']:+.3f}] | "
            f"{row['win_rate']:.3f} ({row['matches']}) | {row['ms_per_move']:.1f} | "
            f"{row['seconds']:.0f}",
            flush=True,
        )
        print(category_line(row["categories"]), flush=True)


if __name__ == "__main__":
    main()
