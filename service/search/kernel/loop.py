"""The search's world loop: sample a world, play every root move in it, tally the outcomes.

This is the pure-Python reference; ``_kernel.run_worlds`` is its compiled twin and gives the
same tally for the same arguments (tests/search/test_kernel_differential.py). A world deals
the cards the seat cannot see at random into the other hands (exact sizes) and the stock,
from a Mersenne Twister seeded with a 64-bit integer (``random.Random``'s shuffle, so both
kernels draw alike). Every root move is then played in the same world and the position is
valued by the exact solver when it applies (two sides, nothing left to deal, few cards),
else by one heuristic playout whose noise (``policy.RolloutRandom``) starts from the same seed
for every root move (common random numbers), until the solver applies at the setup's
``playout_solve_cards``, or, with the setup's leaf model and no match, until the model's
depth is played (``leaf``).
Only complete worlds are tallied: a deadline that passes inside a world drops it. The soft
deadline (``seconds``) is looked at between root moves once the search has a world; the hard one
(``hard_seconds``) between root moves, every ply of a playout and every few thousand nodes of a
solve, even in the search's first world. A solve past the solver's node limit
(``solver.SolveAborted``) is replaced by a playout, on both kernels alike.
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from service.search.kernel.fast import (
    DeadlinePassed,
    FastRules,
    Pos,
    apply,
    apply_pass,
    hand_points,
    is_sweep,
    legal_moves,
)
from service.search.kernel.inference import MAX_TRIES, Memo, Observation, log_likelihood
from service.search.kernel.leaf import LeafModel, leaf_values, stop_at
from service.search.kernel.policy import RolloutRandom, playout
from service.search.kernel.solver import Leaf, SolveAborted, Solver

# Root moves above which the tally keeps no cross products (they cost moves squared a world).
MAX_CROSS_MOVES = 64

# A match's win probability for the seat's side from a finished hand's totals and piles.
WinFunction = Callable[[list[int], list[int]], float]


@dataclass(frozen=True, slots=True)
class RootSetup:
    """What a world loop needs from the view: the open cards, the hidden ones, the moves.

    ``sizes`` gives every seat's hand size (the seat's own hand is ``hand``); ``unseen``
    lists the cards the seat cannot see, ascending, but those of ``known``; ``moves`` are
    (card, capture, passes). ``known`` (empty, or one mask a seat) holds cards the search is
    told are in that seat's hand: every world deals them there (a leak hypothesis, or the
    ceiling of a player who sees the hands).
    """

    seat: int
    side: int
    dealer: int
    deals_made: int
    to_move: int
    last_capturer: int
    hand: int
    table: int
    piles: tuple[int, ...]
    scope: tuple[int, ...]
    unseen: tuple[int, ...]
    sizes: tuple[int, ...]
    moves: tuple[tuple[int, int, bool], ...]
    solve_cards: int
    playout_solve_cards: int
    observations: tuple[Observation, ...] = ()
    leaf: LeafModel | None = None
    known: tuple[int, ...] = ()


class Tally:
    """Running sums per root move over the complete worlds searched.

    Per move: the value (the side's hand points less the mean of the other sides') and its
    square, the win probability and its square (with a match), the value of each scoring
    category, the worlds in which the next player, an opponent, could sweep the table after
    the move, and the products of every two moves' values (paired comparisons of values).
    """

    __slots__ = (
        "categories",
        "cats",
        "cross",
        "moves",
        "playouts",
        "squares",
        "sums",
        "sweeps",
        "win_squares",
        "wins",
        "worlds",
    )

    def __init__(self, moves: int, categories: int) -> None:
        self.moves = moves
        self.categories = categories
        self.worlds = 0
        self.playouts = 0
        self.sums = [0.0] * moves
        self.squares = [0.0] * moves
        self.wins = [0.0] * moves
        self.win_squares = [0.0] * moves
        self.cats = [0.0] * (moves * categories)
        self.sweeps = [0] * moves
        self.cross = [0.0] * (moves * moves) if moves <= MAX_CROSS_MOVES else []


def sample_world(
    fr: FastRules, setup: RootSetup, rng: random.Random, memo: Memo | None = None
) -> Pos:
    """A world that agrees with the view and, likely, with the plays seen (``inference``;
    ``memo``: the likelihood's memo for this setup's observations)."""
    if not setup.observations:
        return sample_into(setup, rng, fr.players)
    best = None
    best_log = -math.inf
    for _ in range(MAX_TRIES):
        world = sample_into(setup, rng, fr.players)
        log_w = log_likelihood(fr, world.hands, setup.observations, memo)
        if rng.random() < math.exp(log_w):
            return world
        if log_w > best_log:
            best, best_log = world, log_w
    assert best is not None
    return best


def sample_into(setup: RootSetup, rng: random.Random, players: int) -> Pos:
    """One world: the unseen cards shuffled into the other hands (exact sizes, with the cards
    known to be there) and the stock."""
    unseen = list(setup.unseen)
    rng.shuffle(unseen)
    hands = []
    at = 0
    for seat in range(players):
        if seat == setup.seat:
            hands.append(setup.hand)
            continue
        h = setup.known[seat] if setup.known else 0
        drawn = setup.sizes[seat] - h.bit_count()
        for c in unseen[at : at + drawn]:
            h |= 1 << c
        hands.append(h)
        at += drawn
    return Pos(
        hands,
        setup.table,
        list(setup.piles),
        list(setup.scope),
        unseen[at:],
        setup.dealer,
        setup.deals_made,
        setup.to_move,
        setup.last_capturer,
    )


def opponent_can_sweep(fr: FastRules, pos: Pos, side: int) -> bool:
    """Whether the player to move, if an opponent of ``side``, can sweep the table now."""
    if not pos.table or pos.finished or fr.side_of[pos.to_move] == side:
        return False
    return any(
        capture == pos.table and is_sweep(fr, pos, c, capture)
        for c, capture in legal_moves(fr, pos)
    )


def value_of(points: Sequence[Sequence[int]], side: int, categories: int) -> list[float]:
    """Each category's value for a side (its points less the mean of the others'), then the
    total value last."""
    others = len(points) - 1
    values = []
    for cat in range(categories):
        rest = 0
        for s, row in enumerate(points):
            if s != side:
                rest += row[cat]
        values.append(points[side][cat] - rest / others)
    mine = sum(points[side])
    rest_total = sum(sum(row) for s, row in enumerate(points) if s != side)
    values.append(mine - rest_total / others)
    return values


def run_worlds(
    fr: FastRules,
    setup: RootSetup,
    tally: Tally,
    rng: random.Random,
    solver: Solver,
    *,
    max_worlds: int,
    seconds: float | None,
    win: WinFunction | None,
    hard_seconds: float | None = None,
    memo: Memo | None = None,
) -> int:
    """Search up to ``max_worlds`` more worlds, or until ``seconds`` pass (the first world of
    a search is completed unless ``hard_seconds`` pass first); returns the complete worlds
    added to the tally. ``memo`` (from ``new_memo``) carries the likelihood's sums from one
    call to the next of the same search."""
    now = time.perf_counter()
    deadline = None if seconds is None else now + seconds
    abandon_at = None if hard_seconds is None else now + hard_seconds
    solver.abandon_at = abandon_at
    before = tally.worlds
    with contextlib.suppress(DeadlinePassed):
        _search_worlds(
            fr,
            setup,
            tally,
            rng,
            solver,
            max_worlds=max_worlds,
            deadline=deadline,
            abandon_at=abandon_at,
            win=win,
            memo={} if memo is None else memo,
        )
    return tally.worlds - before


def new_memo() -> Memo:
    """An empty memo for one search's likelihood sums."""
    return {}


def _search_worlds(
    fr: FastRules,
    setup: RootSetup,
    tally: Tally,
    rng: random.Random,
    solver: Solver,
    *,
    max_worlds: int,
    deadline: float | None,
    abandon_at: float | None,
    win: WinFunction | None,
    memo: Memo,
) -> None:
    """``run_worlds`` with its deadlines as clock readings; DeadlinePassed inside a world."""
    moves = setup.moves
    count = len(moves)
    ncat = tally.categories
    done = 0
    values = [0.0] * count
    while done < max_worlds:
        world = sample_world(fr, setup, rng, memo)
        rollout_seed = rng.getrandbits(64)
        playouts = 0
        cats = [0.0] * (count * ncat)
        wins = [0.0] * count
        sweeps = [0] * count
        for i, (card, capture, passes) in enumerate(moves):
            now = time.perf_counter() if deadline is not None or abandon_at is not None else 0.0
            if deadline is not None and tally.worlds > 0 and now >= deadline:
                return
            if abandon_at is not None and now >= abandon_at:
                return
            pos = world.copy()
            if passes:
                apply_pass(fr, pos, card)
            else:
                apply(fr, pos, card, capture)
            sweeps[i] = int(opponent_can_sweep(fr, pos, setup.side))
            stop = 0 if win is not None else stop_at(setup.leaf, pos)
            if stop and setup.leaf is not None:
                playout(fr, pos, RolloutRandom(rollout_seed), abandon_at, stop)
                row = leaf_values(setup.leaf, fr, pos, setup.side)
                playouts += 1
            else:
                piles, scope, played = _end_of_hand(
                    fr, setup, solver, pos, rollout_seed=rollout_seed, abandon_at=abandon_at
                )
                playouts += played
                points = hand_points(fr, piles, scope)
                row = value_of(points, setup.side, ncat)
                if win is not None:
                    wins[i] = win([sum(p) for p in points], piles)
            values[i] = row[ncat]
            cats[i * ncat : (i + 1) * ncat] = row[:ncat]
        _add_world(tally, values, wins, cats, sweeps, with_match=win is not None)
        tally.playouts += playouts
        done += 1


def _end_of_hand(
    fr: FastRules,
    setup: RootSetup,
    solver: Solver,
    pos: Pos,
    *,
    rollout_seed: int,
    abandon_at: float | None,
) -> tuple[list[int], list[int], bool]:
    """The piles and scope counts at the end of the hand after a root move, and whether a
    playout was played: the position solved when small enough, else played out by the policy,
    which hands over to the solver once nothing is left to deal and at most
    ``playout_solve_cards`` cards are in hand (a solve past the node limit is played on)."""
    if solver.applies(pos, setup.solve_cards):
        leaf = _solved(solver, pos)
        if leaf is not None:
            return list(leaf[:2]), list(leaf[2:]), False
        until = 0
    else:
        until = setup.playout_solve_cards if fr.sides == 2 else 0
    rollout = RolloutRandom(rollout_seed)
    playout(fr, pos, rollout, abandon_at, until)
    if not pos.finished:
        leaf = _solved(solver, pos)
        if leaf is not None:
            return list(leaf[:2]), list(leaf[2:]), True
        playout(fr, pos, rollout, abandon_at)
    return pos.piles, pos.scope, True


def _solved(solver: Solver, pos: Pos) -> Leaf | None:
    """The end of the solved line, or None past the solver's node limit."""
    try:
        return solver.solve_leaf(pos)[1]
    except SolveAborted:
        return None


def _add_world(
    tally: Tally,
    values: list[float],
    wins: list[float],
    cats: list[float],
    sweeps: list[int],
    *,
    with_match: bool,
) -> None:
    """Add one complete world's outcomes to the tally."""
    count = len(values)
    tally.worlds += 1
    for i in range(count):
        v = values[i]
        tally.sums[i] += v
        tally.squares[i] += v * v
        if with_match:
            w = wins[i]
            tally.wins[i] += w
            tally.win_squares[i] += w * w
        tally.sweeps[i] += sweeps[i]
    for k, c in enumerate(cats):
        tally.cats[k] += c
    if tally.cross:
        for i in range(count):
            a = values[i]
            for j in range(count):
                tally.cross[i * count + j] += a * values[j]
