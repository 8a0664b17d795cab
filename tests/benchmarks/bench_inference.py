"""How well inference's play model explains real play, and how often its worlds are right.

Usage (see `make bench-inference`):
    python -m tests.benchmarks.bench_inference --games 160 --accuracy-games 40 --workers 2
    python -m tests.benchmarks.bench_inference --preset scopa --offset 4

Self-play: ``--games`` hands of ``--preset`` with ``--player`` at every seat (the advisor at a
fixed number of worlds by default, so the games do not depend on the machine's speed).

Fit: for every play made with a choice of moves, the log-likelihood of the play made under a
softmax over the legal plays of the model's worth (``kernel.inference.play_worth``: own gain
less the sweep conceded, as the player could count it), at ``inference.BETA``, with the
conceded-sweep term and without it (the model before it, own gain only); the mean per play.

Worlds: at every sixth play from the eighth to the 36th (``--offset`` plays later: in
two-player scopa a deal is six plays, so offset 0 always meets a hand with no play seen yet),
the seat to move samples
``--worlds`` worlds as the search does (``kernel.loop.sample_world``, pure-Python kernel),
uniformly, without the conceded-sweep term, and with it. Per stage of the hand: the share of
the hidden cards that land in the hand that truly holds them, and the mean log score of the
truth (each hidden card's share of worlds with it in its true hand, mixed 9:1 with the uniform
share so that a zero does not dominate): higher is better for both; uniform worlds place
about a third of the cards right with three hidden hands.
"""

from __future__ import annotations

import argparse
import itertools
import math
import multiprocessing
import random
import statistics
from collections.abc import Callable, Iterator, Sequence

from service.engine import apply, deal, make_rules, view_of
from service.engine.moves import Move, MoveKind
from service.engine.state import State
from service.search.bots import make_player
from service.search.kernel import inference, loop
from service.search.kernel.fast import FastRules
from service.search.kernel.inference import BETA, Observation, card_plays, play_worth
from service.search.worlds import observations_of, root_setup

Game = list[tuple[State, Move]]


def self_play(job: tuple[str, str, int]) -> Game:
    """One hand with the player at every seat: each state met and the move made in it."""
    preset, spec, index = job
    rules = make_rules(preset)
    player = make_player(spec)
    state = deal(rules, f"inference:{index}", index % rules.players)
    rng = random.Random(index)
    steps = []
    while not state.finished:
        move = player.choose(view_of(state, state.to_move), rng)
        steps.append((state, move))
        state, _ = apply(state, move)
    return steps


def observed_plays(game: Game) -> Iterator[tuple[Observation, int]]:
    """Each ordinary play of a hand as inference sees it (from the next seat's view just after
    it), with the hand its player held then."""
    for (state, move), (after, _) in itertools.pairwise(game):
        if move.kind is not MoveKind.PLAY:
            continue
        seen = observations_of(view_of(after, (state.to_move + 1) % state.rules.players))
        if seen and seen[-1].seat == state.to_move and seen[-1].card == move.card:
            yield seen[-1], state.hands[state.to_move]


def mean_log_likelihood(fr: FastRules, games: Sequence[Game], conceded: float) -> float:
    """The mean log-likelihood of the plays made (choices only), under the softmax model."""
    saved = inference.CONCEDED_SWEEP
    inference.CONCEDED_SWEEP = conceded
    try:
        total = []
        for game in games:
            for seen, hand in observed_plays(game):
                plays = list(card_plays(fr, hand, seen.table))
                if len(plays) < 2:
                    continue
                worths = [play_worth(fr, seen, hand, c, capture) for c, capture in plays]
                top = max(worths)
                chosen = play_worth(fr, seen, hand, seen.card, seen.capture)
                norm = sum(math.exp(BETA * (w - top)) for w in worths)
                total.append(BETA * (chosen - top) - math.log(norm))
        return statistics.fmean(total)
    finally:
        inference.CONCEDED_SWEEP = saved


def scores(
    true_hands: Sequence[int], worlds: Sequence[Sequence[int]], seat: int
) -> tuple[float, float]:
    """The share of hidden cards placed in their true hand, and the mean log score of the truth."""
    placed = []
    logs = []
    for s, hand in enumerate(true_hands):
        if s == seat:
            continue
        rest = hand
        while rest:
            low = rest & -rest
            rest ^= low
            share = sum(1 for w in worlds if w[s] & low) / len(worlds)
            others = sum(1 for t, h in enumerate(true_hands) if t != seat and h)
            placed.append(share)
            logs.append(math.log(0.9 * share + 0.1 / others))
    return statistics.fmean(placed), statistics.fmean(logs)


Sampler = Callable[[FastRules, object, random.Random], Sequence[int]]


def uniform(fr: FastRules, setup: object, rng: random.Random) -> Sequence[int]:
    """A world ignoring the plays seen."""
    return loop.sample_into(setup, rng, fr.players).hands  # type: ignore[arg-type]


def inferred(conceded: float) -> Sampler:
    """The search's sampler, with the conceded-sweep term weighted ``conceded``."""

    def sample(fr: FastRules, setup: object, rng: random.Random) -> Sequence[int]:
        saved = inference.CONCEDED_SWEEP
        inference.CONCEDED_SWEEP = conceded
        try:
            return loop.sample_world(fr, setup, rng).hands  # type: ignore[arg-type]
        finally:
            inference.CONCEDED_SWEEP = saved

    return sample


def world_scores(
    fr: FastRules,
    games: Sequence[Game],
    samplers: dict[str, Sampler],
    worlds: int,
    offset: int = 0,
) -> dict[str, dict[int, list[tuple[float, float]]]]:
    """Per sampler and stage (tens of plays), the scores of every position ``offset`` plays
    after a multiple of six."""
    found: dict[str, dict[int, list[tuple[float, float]]]] = {name: {} for name in samplers}
    for g, game in enumerate(games):
        for t, (state, _) in enumerate(game):
            if t < 8 or t > 36 or t % 6 != offset:
                continue
            view = view_of(state, state.to_move)
            setup = root_setup(view, [], 0)
            if not setup.observations:
                continue
            for name, sampler in samplers.items():
                rng = random.Random(g * 1000 + t)
                sampled = [sampler(fr, setup, rng) for _ in range(worlds)]
                found[name].setdefault(t // 10, []).append(
                    scores(state.hands, sampled, state.to_move)
                )
    return found


def main() -> None:
    """Play the games, fit, score the samplers, print the tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="scopone_scientifico")
    parser.add_argument("--player", default="advisor:it=400")
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--accuracy-games", type=int, default=40)
    parser.add_argument("--worlds", type=int, default=24)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--offset", type=int, default=0, choices=range(6), help="plays after")
    args = parser.parse_args()
    jobs = [(args.preset, args.player, i) for i in range(args.games)]
    with multiprocessing.Pool(args.workers) as pool:
        games = pool.map(self_play, jobs, chunksize=4)
    fr = FastRules(make_rules(args.preset))
    print(f"{args.preset}: {args.games} hands of {args.player} self-play")
    print("model | mean log-likelihood of the play made (plays with a choice)")
    print(f"own gain only | {mean_log_likelihood(fr, games, 0.0):.3f}")
    print(
        f"own gain less the conceded sweep | "
        f"{mean_log_likelihood(fr, games, inference.CONCEDED_SWEEP):.3f}"
    )
    samplers = {
        "uniform": uniform,
        "own gain only": inferred(0.0),
        "with the conceded sweep": inferred(inference.CONCEDED_SWEEP),
    }
    found = world_scores(fr, games[: args.accuracy_games], samplers, args.worlds, args.offset)
    stages = sorted(found["uniform"])
    print(
        f"worlds ({args.worlds} a position, {args.accuracy_games} hands) | "
        + " | ".join(f"plays {10 * k}-{10 * k + 9}: placed, log score" for k in stages)
    )
    for name, by_stage in found.items():
        cells = [
            f"{statistics.fmean(a for a, _ in by_stage[k]):.3f}, "
            f"{statistics.fmean(b for _, b in by_stage[k]):.3f}"
            for k in stages
        ]
        print(f"{name} | " + " | ".join(cells))


if __name__ == "__main__":
    main()
