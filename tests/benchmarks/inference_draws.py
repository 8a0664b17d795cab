"""How many draws the inference makes for a world: ``loop.sample_world``'s acceptance, counted.

Usage: python -m tests.benchmarks.inference_draws [--player expert] [--deals 12] [--worlds 200]
For scientifico positions reached by ``--player`` at every seat (10, 18 and 26 plays into a
hand), draws worlds as the search does (a shuffle of the unseen cards, kept with probability
exp(log-likelihood), at most ``inference.MAX_TRIES`` draws, else the likeliest) and prints the
mean number of draws a world took and the share of worlds that used every draw.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

from service.engine import apply, deal, make_rules, view_of
from service.search.advisor import SOLVE_CARDS, decision_of
from service.search.bots import make_player
from service.search.kernel.fast import FastRules, fast_rules
from service.search.kernel.inference import MAX_TRIES, log_likelihood
from service.search.kernel.loop import RootSetup, sample_into
from service.search.worlds import root_setup

PRESET = "scopone_scientifico"
PLAYS = (10, 18, 26)


def draws_of_worlds(player_spec: str, plays: int, deals: int, worlds: int) -> list[int]:
    """The draws each sampled world took, over ``deals`` positions ``plays`` into a hand."""
    rules = make_rules(PRESET)
    fr = fast_rules(rules)
    player = make_player(player_spec)
    found = []
    for seed in range(deals):
        state = deal(rules, seed)
        rng = random.Random(seed)
        for _ in range(plays):
            state, _ = apply(state, player.choose(view_of(state, state.to_move), rng))
        view = view_of(state, state.to_move)
        plays_now = [m for m in decision_of(view).legal if m.plays_card]
        setup = root_setup(view, plays_now, SOLVE_CARDS, inference=True)
        draws = random.Random(1)
        found += [draws_of_one_world(fr, setup, draws) for _ in range(worlds)]
    return found


def draws_of_one_world(fr: FastRules, setup: RootSetup, draws: random.Random) -> int:
    """The draws ``loop.sample_world`` makes for one world (MAX_TRIES when none is kept)."""
    for tries in range(1, MAX_TRIES + 1):
        world = sample_into(setup, draws, fr.players)
        if draws.random() < math.exp(log_likelihood(fr, world.hands, setup.observations)):
            return tries
    return MAX_TRIES


def main() -> None:
    """Print the draws a world takes at each stage of a scientifico hand."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--player", default="expert", help="the player of every seat")
    parser.add_argument("--deals", type=int, default=12)
    parser.add_argument("--worlds", type=int, default=200, help="worlds drawn a position")
    args = parser.parse_args()
    print(f"{PRESET}, hands played by {args.player}, {args.deals} deals, {args.worlds} worlds each")
    print(f"| plays seen | mean draws a world | share using all {MAX_TRIES} |")
    print("|---|---|---|")
    for plays in PLAYS:
        tries = draws_of_worlds(args.player, plays, args.deals, args.worlds)
        full = sum(t == MAX_TRIES for t in tries) / len(tries)
        print(f"| {plays} | {statistics.mean(tries):.2f} | {full:.2f} |")


if __name__ == "__main__":
    main()
