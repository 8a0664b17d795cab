"""Exact endgame solver for two sides: alpha-beta with a transposition table, no stock left."""

from __future__ import annotations

from service.search.kernel.fast import FastRules, Pos, apply, hand_totals, legal_moves

EXACT = 0
LOWER = 1
UPPER = 2
INF = 1 << 20
TABLE_LIMIT = 500_000

# A solved line's value (side 0 minus side 1) and the leaf's hand totals per side.
Solved = tuple[int, tuple[int, ...]]


class Solver:
    """Solves positions of one ruleset exactly; keeps its transposition table between calls."""

    __slots__ = ("fr", "nodes", "table")

    def __init__(self, fr: FastRules) -> None:
        self.fr = fr
        self.table: dict[tuple[int, ...], tuple[int, int, tuple[int, ...]]] = {}
        self.nodes = 0

    def applies(self, pos: Pos, max_cards: int) -> bool:
        """Whether the position is small enough and two-sided with nothing left to deal."""
        return self.fr.sides == 2 and not pos.stock and pos.left <= max_cards

    def solve(self, pos: Pos) -> Solved:
        """The minimax value for side 0 under perfect play, and the leaf's totals."""
        if len(self.table) > TABLE_LIMIT:
            self.table.clear()
        return self._search(pos, -INF, INF)

    def _search(self, pos: Pos, alpha: int, beta: int) -> Solved:
        self.nodes += 1
        fr = self.fr
        if pos.left == 0:
            totals = tuple(hand_totals(fr, pos.piles, pos.scope))
            return totals[0] - totals[1], totals
        lc_side = fr.side_of[pos.last_capturer] if pos.last_capturer >= 0 else -1
        scope = pos.scope
        key = (*pos.hands, pos.table, pos.piles[0], scope[0], scope[1], pos.to_move, lc_side)
        entry = self.table.get(key)
        if entry is not None:
            flag, value, totals = entry
            if (
                flag == EXACT
                or (flag == LOWER and value >= beta)
                or (flag == UPPER and value <= alpha)
            ):
                return value, totals
        maximizing = fr.side_of[pos.to_move] == 0
        moves = legal_moves(fr, pos)
        moves.sort(key=lambda m: -m[1].bit_count())
        a0, b0 = alpha, beta
        best = -INF if maximizing else INF
        best_totals: tuple[int, ...] = ()
        for c, capture in moves:
            child = pos.copy()
            apply(fr, child, c, capture)
            value, totals = self._search(child, alpha, beta)
            if maximizing:
                if value > best:
                    best, best_totals = value, totals
                    alpha = max(alpha, value)
            elif value < best:
                best, best_totals = value, totals
                beta = min(beta, value)
            if alpha >= beta:
                break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self.table[key] = (flag, best, best_totals)
        return best, best_totals
