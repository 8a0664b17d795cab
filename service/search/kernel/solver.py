"""Exact endgame solver for two sides: alpha-beta with a transposition table, no stock left.

A solve visits at most ``NODE_LIMIT`` nodes (``node_limit``): one that would visit more (a
table of many low cards, with hundreds of captures at every turn) stops with ``SolveAborted``,
and the world loop values that position by a playout instead. Endgames of real play stay far
below it (tests/search/test_solver.py). ``abandon_at`` (a ``time.perf_counter`` reading, or
None) stops a solve at a deadline with ``DeadlinePassed``.
"""

from __future__ import annotations

import time

from service.search.kernel.fast import (
    DeadlinePassed,
    FastRules,
    Pos,
    apply,
    hand_totals,
    legal_moves,
)

EXACT = 0
LOWER = 1
UPPER = 2
INF = 1 << 20
NODE_LIMIT = 250_000
# Nodes between two looks at the clock when a solve has a deadline.
CLOCK_EVERY = 256


class SolveAborted(Exception):  # noqa: N818 (a solve stopped, not an error of the caller)
    """A solve stopped at NODE_LIMIT nodes: the position has no exact value here."""


# The end of the solved line: each side's pile and scope count (side 0, side 1).
Leaf = tuple[int, int, int, int]
# A solved line's value (side 0 minus side 1) and the leaf's hand totals per side.
Solved = tuple[int, tuple[int, ...]]


def leaf_totals(fr: FastRules, leaf: Leaf) -> tuple[int, ...]:
    """The hand totals per side at the end of a solved line."""
    return tuple(hand_totals(fr, leaf[:2], leaf[2:]))


class Solver:
    """Solves positions of one ruleset exactly; the transposition table holds one solve's
    positions (another world's rarely recur, and a small table is a fast one)."""

    __slots__ = ("abandon_at", "fr", "limit_at", "node_limit", "nodes", "table")

    def __init__(self, fr: FastRules, node_limit: int = NODE_LIMIT) -> None:
        self.fr = fr
        self.node_limit = node_limit
        self.table: dict[tuple[int, ...], tuple[int, int, Leaf]] = {}
        self.nodes = 0
        self.limit_at = 0
        self.abandon_at: float | None = None

    def applies(self, pos: Pos, max_cards: int) -> bool:
        """Whether the position is small enough and two-sided with nothing left to deal."""
        return self.fr.sides == 2 and not pos.stock and pos.left <= max_cards

    def solve(self, pos: Pos) -> Solved:
        """The minimax value for side 0 under perfect play, and the leaf's totals."""
        value, leaf = self.solve_leaf(pos)
        return value, leaf_totals(self.fr, leaf)

    def solve_leaf(self, pos: Pos) -> tuple[int, Leaf]:
        """The minimax value for side 0 under perfect play, and the end of the solved line;
        SolveAborted past NODE_LIMIT nodes, DeadlinePassed past ``abandon_at``."""
        self.table.clear()
        self.limit_at = self.nodes + self.node_limit
        return self._search(pos, -INF, INF)

    def _search(self, pos: Pos, alpha: int, beta: int) -> tuple[int, Leaf]:
        self.nodes += 1
        if self.nodes > self.limit_at:
            raise SolveAborted(self.nodes)
        if (
            self.abandon_at is not None
            and self.nodes % CLOCK_EVERY == 0
            and time.perf_counter() >= self.abandon_at
        ):
            raise DeadlinePassed
        fr = self.fr
        if pos.left == 0:
            leaf = (pos.piles[0], pos.piles[1], pos.scope[0], pos.scope[1])
            totals = leaf_totals(fr, leaf)
            return totals[0] - totals[1], leaf
        lc_side = fr.side_of[pos.last_capturer] if pos.last_capturer >= 0 else -1
        scope = pos.scope
        key = (*pos.hands, pos.table, pos.piles[0], scope[0], scope[1], pos.to_move, lc_side)
        entry = self.table.get(key)
        if entry is not None:
            flag, value, found = entry
            if (
                flag == EXACT
                or (flag == LOWER and value >= beta)
                or (flag == UPPER and value <= alpha)
            ):
                return value, found
        maximizing = fr.side_of[pos.to_move] == 0
        moves = legal_moves(fr, pos)
        moves.sort(key=lambda m: -m[1].bit_count())
        a0, b0 = alpha, beta
        best = -INF if maximizing else INF
        best_leaf: Leaf = (0, 0, 0, 0)
        for c, capture in moves:
            child = pos.copy()
            apply(fr, child, c, capture)
            value, leaf = self._search(child, alpha, beta)
            if maximizing:
                if value > best:
                    best, best_leaf = value, leaf
                    alpha = max(alpha, value)
            elif value < best:
                best, best_leaf = value, leaf
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self.table[key] = (flag, best, best_leaf)
        return best, best_leaf
