"""Exact endgame solver for two sides: alpha-beta with a transposition table, no stock left."""

from __future__ import annotations

from service.search.kernel.fast import FastRules, Pos, apply, hand_totals, legal_moves

EXACT = 0
LOWER = 1
UPPER = 2
INF = 1 << 20
TABLE_LIMIT = 500_000

# The end of the solved line: each side's pile and scope count (side 0, side 1).
Leaf = tuple[int, int, int, int]
# A solved line's value (side 0 minus side 1) and the leaf's hand totals per side.
Solved = tuple[int, tuple[int, ...]]


def leaf_totals(fr: FastRules, leaf: Leaf) -> tuple[int, ...]:
    """The hand totals per side at the end of a solved line."""
    return tuple(hand_totals(fr, leaf[:2], leaf[2:]))


class Solver:
    """Solves positions of one ruleset exactly; keeps its transposition table between calls."""

    __slots__ = ("fr", "nodes", "table")

    def __init__(self, fr: FastRules) -> None:
        self.fr = fr
        self.table: dict[tuple[int, ...], tuple[int, int, Leaf]] = {}
        self.nodes = 0

    def applies(self, pos: Pos, max_cards: int) -> bool:
        """Whether the position is small enough and two-sided with nothing left to deal."""
        return self.fr.sides == 2 and not pos.stock and pos.left <= max_cards

    def solve(self, pos: Pos) -> Solved:
        """The minimax value for side 0 under perfect play, and the leaf's totals."""
        value, leaf = self.solve_leaf(pos)
        return value, leaf_totals(self.fr, leaf)

    def solve_leaf(self, pos: Pos) -> tuple[int, Leaf]:
        """The minimax value for side 0 under perfect play, and the end of the solved line."""
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        return self._search(pos, -INF, INF)

    def _search(self, pos: Pos, alpha: int, beta: int) -> tuple[int, Leaf]:
        self.nodes += 1
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
