"""How many draws the inference makes for a world: ``loop.sample_world``'s acceptance, counted.

Usage: python -m tests.benchmarks.inference_draws [--player expert] [--deals 12] [--worlds 200]
For scientifico positions reached by ``--player`` at every seat (10, 18 and 26 plays into a
hand), draws worlds as the search does (a shuffle of the unseen cards, kept with probability
exp(log-likelihood), at most ``inference.MAX_TRIES`` draws, else the likeliest) and prints the
mean number of draws a world took and the share of worlds that used every draw.
"""

from __future__ import annotations

import argparse
import random
import statistics

from service.engine import apply, deal, make_rules, view_of
from service.search.advisor import SOLVE_CARDS, decision_of
from service.search.bots import make_player
from service.search.kernel.fast import fast_rules
from service.search.kernel.inference import MAX_TRIES
from service.search.kernel.loop import sample_world
from service.search.worlds import root_setup

PRESET = "scopone_scientifico"
PLAYS = (10, 18, 26)


class CountedRandom(random.Random):
    """A generator that counts its ``random()`` calls: ``loop.sample_world`` makes one a draw
    (its acceptance test; the shuffle draws bits, not floats)."""

    calls = 0

    def random(self) -> float:
        """The next float, counted."""
        self.calls += 1
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        """Bits as ``random.Random`` draws them: defined here so that the shuffle still draws
        bits (a subclass that overrides only ``random`` shuffles with floats instead)."""
        return super().getrandbits(k)


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
        draws = CountedRandom(1)
        for _ in range(worlds):
            before = draws.calls
            sample_world(fr, setup, draws)
            found.append(draws.calls - before)
    return found


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
