"""An opponent built on another method than the advisor, for the strength panel: single-observer
information-set Monte Carlo tree search (SO-ISMCTS; Cowling, Powley and Whitehouse, 2012) with
uniformly random rollouts.

It shares none of the advisor's parts but the rules: no inference from the plays seen (each
iteration deals the hidden cards uniformly), no heuristic rollout policy (the rollouts play
uniformly random legal moves, on the compiled kernel's ``py_uniform_playout``), no leaf model,
no endgame solver, no race or early stop. One tree is grown over the seat's information set:
each iteration deals a world, walks down from the root choosing among the moves legal in that
world by UCB1 over their availability (a move's count of times it could have been chosen
stands in for its parent's visits), adds one new move, plays the rest of the hand at random,
and backs up each side's hand points (less the mean of the other sides') to the nodes of the
moves that side chose. The move played is the root's most visited.

    player spec: ``ismcts[:ms=N|:it=N]`` (default 50 ms a move)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from service.engine.moves import Move
from service.engine.rules import Rules
from service.engine.view import View
from service.search.bots import moves_of
from service.search.kernel import _kernel
from service.search.kernel.fast import FastRules, Pos, apply, legal_moves
from service.search.kernel.loop import sample_into
from service.search.worlds import root_setup

# UCB1's exploration, on hand points: a hand's differential spreads over about ±4.
EXPLORATION = 2.5
DEFAULT_MS = 50


@dataclass
class Node:
    """A move in the tree: who made it (its side), its visits, availability and total value."""

    side: int
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[tuple[int, int], Node] = field(default_factory=dict)


class IsmctsPlayer:
    """SO-ISMCTS with random rollouts, at a time or iteration budget."""

    def __init__(self, name: str, ms: int | None = DEFAULT_MS, iterations: int | None = None):
        self.name = name
        self.ms = ms if iterations is None else None
        self.iterations = iterations
        self.fast: dict[Rules, FastRules] = {}

    def choose(self, view: View, rng: random.Random) -> Move:
        """The root move visited most."""
        moves = moves_of(view)
        if len(moves) == 1:
            return moves[0]
        fr = self.fast.get(view.rules)
        if fr is None:
            fr = self.fast[view.rules] = FastRules(view.rules)
        root = Node(side=-1)
        setup = root_setup(view, [], 0, inference=False)
        deadline = None if self.ms is None else time.perf_counter() + self.ms / 1000.0
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self.iterate(fr, root, sample_into(setup, rng, fr.players), rng)
            done += 1
        best = max(root.children.items(), key=lambda item: (item[1].visits, item[1].total))[0]
        # A move that plays no card (a pass) is not in the tree's moves: the first move stands.
        return next((m for m in moves if (m.card, m.capture) == best), moves[0])

    def iterate(self, fr: FastRules, root: Node, pos: Pos, rng: random.Random) -> None:
        """One iteration: select and expand in this world, roll out, back up."""
        path = [root]
        node = root
        while not pos.finished:
            legal = [(c, capture) for c, capture in legal_moves(fr, pos)]
            side = fr.side_of[pos.to_move]
            for key in legal:
                child = node.children.get(key)
                if child is not None:
                    child.available += 1
            untried = [key for key in legal if key not in node.children]
            if untried:
                key = untried[rng.randrange(len(untried))]
                child = node.children[key] = Node(side=side, available=1)
                apply(fr, pos, *key)
                path.append(child)
                break
            key = max(legal, key=lambda k: ucb(node.children[k]))
            node = node.children[key]
            apply(fr, pos, *key)
            path.append(node)
        totals = _kernel.py_uniform_playout(fr, pos, rng.getrandbits(64))
        for visited in path[1:]:
            visited.visits += 1
            visited.total += differential(totals, visited.side)


def ucb(node: Node) -> float:
    """UCB1 of a child by its availability."""
    mean = node.total / node.visits
    return mean + EXPLORATION * math.sqrt(math.log(node.available) / node.visits)


def differential(totals: list[int], side: int) -> float:
    """A side's hand points less the mean of the other sides'."""
    others = [t for i, t in enumerate(totals) if i != side]
    return totals[side] - sum(others) / len(others)


def make_ismcts(spec: str) -> IsmctsPlayer:
    """The player a spec names: ``ismcts``, ``ismcts:ms=N`` or ``ismcts:it=N``."""
    _, _, arg = spec.partition(":")
    settings = dict(part.partition("=")[::2] for part in arg.split(":") if part)
    if set(settings) - {"ms", "it"} or len(settings) > 1:
        raise ValueError(f"unknown player {spec!r}: ismcts[:ms=N|:it=N]")
    if "it" in settings:
        return IsmctsPlayer(spec, iterations=int(settings["it"]))
    return IsmctsPlayer(spec, ms=int(settings.get("ms", DEFAULT_MS)))
