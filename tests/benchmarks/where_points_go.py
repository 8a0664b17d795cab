"""Where the advisor's points go in play against an outside opponent, by phase and category.

    python -m tests.benchmarks.where_points_go --preset scopa --deals 100 --seed 46 --workers 2

Duplicate deals (the same deal played with the subject at each side) of ``--subject`` (default:
the advisor at its default budget) against ``--opponent`` (default: the expert bot). Each of the
subject's decisions with a choice is judged twice, at ``--judge-ms`` (default 200 ms):

- honestly: a deeper search of the same view; the loss is its best move's value less the
  played move's (what more search would have found), in hand points, and by scoring category;
- seeing: the same deep search told every other hand (``advise(known=...)``); the loss is what
  not knowing the hidden cards cost the decision (the ceiling's view of it).

Printed: per deal of the hand (its phase: deal 1 is the first three cards each in scopa) the
decisions judged, the mean honest and seeing losses per decision and per hand, and per category
of the honest loss; then the hand's totals with 95% intervals (hands as clusters).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
from collections import defaultdict
from dataclasses import dataclass

from service.engine import Rules, State, apply, deal, legal_moves, make_rules, view_of
from service.engine.moves import Move
from service.engine.scoring import categories
from service.search.advisor import Advice, Budget, advise
from service.search.bots import Player, make_player
from tests.benchmarks.bench_strength import mean_interval


@dataclass(frozen=True)
class Decision:
    """One judged decision of the subject: the deal it was in and its losses."""

    deal: int
    honest: float
    seeing: float
    by_category: tuple[float, ...]


@dataclass(frozen=True)
class Task:
    """One deal to play at both sides and judge."""

    preset: str
    subject: str
    opponent: str
    seed: int
    index: int
    judge_ms: int


def value_of(advice: Advice, move: Move) -> tuple[float, tuple[float, ...]] | None:
    """A move's value and breakdown in an advice, None when the search did not rank it."""
    for advised in advice.moves:
        if advised.move == move and advised.expected_value is not None:
            return advised.expected_value, tuple((advised.breakdown or {}).values())
    return None


def best_of(advice: Advice) -> tuple[float, tuple[float, ...]]:
    """The best ranked move's value and breakdown."""
    top = advice.moves[0]
    assert top.expected_value is not None
    return top.expected_value, tuple((top.breakdown or {}).values())


def judge(state: State, move: Move, ms: int, seed: int) -> Decision | None:
    """The honest and seeing losses of the move played at this state."""
    seat = state.to_move
    view = view_of(state, seat)
    honest = advise(view, Budget(ms=ms), seed)
    known = {s: hand for s, hand in enumerate(state.hands) if s != seat and hand}
    seeing = advise(view, Budget(ms=ms), seed, known=known)
    played, seen = value_of(honest, move), value_of(seeing, move)
    if played is None or seen is None or len(honest.moves) < 2:
        return None
    best, best_parts = best_of(honest)
    top, _ = best_of(seeing)
    by_category = tuple(b - p for b, p in zip(best_parts, played[1], strict=True))
    return Decision(state.deals_made, best - played[0], top - seen[0], by_category)


def play_and_judge(task: Task) -> list[list[Decision]]:
    """The deal played once per side of the subject; each hand's judged decisions."""
    rules = make_rules(task.preset)
    subject, opponent = make_player(task.subject), make_player(task.opponent)
    hands = []
    for side in range(rules.sides):
        state = deal(rules, f"{task.seed}:{task.index}", task.index % rules.players)
        rng = random.Random(f"{task.seed}:{task.index}:{side}")
        judged: list[Decision] = []
        while not state.finished:
            seat = state.to_move
            mine = rules.side_of(seat) == side
            player: Player = subject if mine else opponent
            move = player.choose(view_of(state, seat), rng)
            if mine and move.plays_card and sum(m.plays_card for m in legal_moves(state)) > 1:
                found = judge(state, move, task.judge_ms, rng.getrandbits(32))
                if found is not None:
                    judged.append(found)
            state, _ = apply(state, move)
        hands.append(judged)
    return hands


def cluster_interval(hands: list[list[float]]) -> tuple[float, float, float]:
    """The mean of per-hand sums, with its 95% interval."""
    return mean_interval([sum(h) for h in hands])


def report(rules: Rules, results: list[list[Decision]]) -> None:
    """Print the tables."""
    names = categories(rules)
    by_deal: dict[int, list[Decision]] = defaultdict(list)
    for hand in results:
        for d in hand:
            by_deal[d.deal].append(d)
    hands = len(results)
    print(
        "deal | decisions | honest loss/decision | seeing loss/decision | honest/hand | "
        "seeing/hand | honest by category (per hand)"
    )
    for number in sorted(by_deal):
        ds = by_deal[number]
        honest = statistics.fmean(d.honest for d in ds)
        seeing = statistics.fmean(d.seeing for d in ds)
        parts = [sum(d.by_category[k] for d in ds) / hands for k in range(len(names))]
        print(
            f"{number} | {len(ds)} | {honest:.4f} | {seeing:.4f} | "
            f"{sum(d.honest for d in ds) / hands:.4f} | {sum(d.seeing for d in ds) / hands:.4f} | "
            + ", ".join(f"{n} {v:+.4f}" for n, v in zip(names, parts, strict=True))
        )
    honest, low, high = cluster_interval([[d.honest for d in h] for h in results])
    seeing, slow, shigh = cluster_interval([[d.seeing for d in h] for h in results])
    print(
        f"per hand: honest loss {honest:.3f} [{low:.3f}, {high:.3f}], seeing loss "
        f"{seeing:.3f} [{slow:.3f}, {shigh:.3f}] over {hands} hands"
    )
    for k, name in enumerate(names):
        m, lo, hi = cluster_interval([[d.by_category[k] for d in h] for h in results])
        print(f"  honest loss in {name}: {m:+.3f} [{lo:+.3f}, {hi:+.3f}] a hand")


def main(argv: list[str] | None = None) -> None:
    """Play, judge and print."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--subject", default="advisor")
    parser.add_argument("--opponent", default="expert")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=46)
    parser.add_argument("--judge-ms", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    tasks = [
        Task(args.preset, args.subject, args.opponent, args.seed, i, args.judge_ms)
        for i in range(args.deals)
    ]
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        played = pool.map(play_and_judge, tasks, chunksize=1)
    results = [hand for pair in played for hand in pair]
    print(
        f"preset={args.preset} subject={args.subject} opponent={args.opponent} "
        f"deals={args.deals} seed={args.seed} judge={args.judge_ms} ms"
    )
    report(make_rules(args.preset), results)


if __name__ == "__main__":
    main()
