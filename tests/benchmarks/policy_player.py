"""The search's rollout policy as a player: a cheap opponent, and a way to weigh a change to the
policy by its play before the search built on it is measured.

    python -m tests.benchmarks.bench_strength --preset scopa --pairing policy,expert --pairs 3000

The player deals a world the view allows (no inference) and plays ``policy.choose`` in it. With
two players the policy reads nothing of the hidden cards (it counts them;
tests/search/test_policy.py), so the world dealt does not change its choice; at a table of four
it reads the next hand of that world, as it does in a playout.
"""

from __future__ import annotations

import random

from service.engine.moves import Move, MoveKind
from service.engine.view import View
from service.search.bots import moves_of
from service.search.kernel import policy
from service.search.kernel.fast import fast_rules, legal_moves
from service.search.kernel.loop import sample_world
from service.search.worlds import root_setup


class PolicyPlayer:
    """Plays the rollout policy's choice in a world dealt from the view."""

    name = "policy"

    def choose(self, view: View, rng: random.Random) -> Move:
        """The policy's move, its world and its tie-breaking noise drawn from ``rng``."""
        moves = moves_of(view)
        if len(moves) == 1:
            return moves[0]
        fr = fast_rules(view.rules)
        pos = sample_world(fr, root_setup(view, moves, 0, inference=False), rng)
        noise = policy.RolloutRandom(rng.getrandbits(64))
        card, capture = policy.choose(fr, pos, legal_moves(fr, pos), noise)
        return next(
            m for m in moves if m.kind is MoveKind.PLAY and m.card == card and m.capture == capture
        )
