"""The heuristic rollout policy and the playout loop of the fast kernel."""

from __future__ import annotations

import random

from service.engine.cards import RANK_MASKS
from service.search.fast import (
    FIFTEEN,
    RANK,
    STANDARD,
    FastMove,
    FastRules,
    Pos,
    apply,
    is_sweep,
    legal_moves,
)

# Worth of a captured card by id: a point-ish scale (settebello, sevens, coins, sixes, aces).
CARD_WORTH: tuple[float, ...] = tuple(
    0.3
    + (1.5 if r == 7 else 0.6 if r == 6 else 0.4 if r == 1 else 0.0)
    + (0.5 if c < 10 else 0.0)
    + (4.0 if c == 6 else 0.0)
    for c in range(40)
    for r in (c % 10 + 1,)
)
SWEEP_WORTH = 8.0
SWEEP_RISK = 6.0


def table_sum(table: int) -> int:
    """The sum of the ranks of the table cards."""
    total = 0
    while table:
        low = table & -table
        total += RANK[low.bit_length() - 1]
        table ^= low
    return total


def sweepable(fr: FastRules, table: int) -> int:
    """A rank that could sweep this table with one card, else 0 (an empty table is safe)."""
    if not table:
        return 0
    total = table_sum(table)
    if fr.capture_rule != FIFTEEN and total <= 10:
        return total
    if fr.capture_rule != STANDARD and 5 <= total <= 14:
        return 15 - total
    return 0


def sweep_threat(fr: FastRules, pos: Pos, table: int) -> float:
    """How much the next player's sweep of this table hurts (+) or helps (-) the mover.

    Rollouts run in a sampled world where every hand is known, so the next hand is looked at.
    """
    rank = sweepable(fr, table)
    if not rank:
        return 0.0
    seat = pos.to_move
    following = (seat + 1) % fr.players
    if following == seat or not pos.hands[following] & RANK_MASKS[rank]:
        return 0.0
    if fr.side_of[following] == fr.side_of[seat]:
        return -SWEEP_RISK / 2
    return SWEEP_RISK


def move_score(fr: FastRules, pos: Pos, c: int, capture: int) -> float:
    """A quick heuristic value of a move for the player making it."""
    if capture:
        score = 2.0 + CARD_WORTH[c]
        cap = capture
        while cap:
            low = cap & -cap
            score += CARD_WORTH[low.bit_length() - 1]
            cap ^= low
        if is_sweep(fr, pos, c, capture):
            return score + SWEEP_WORTH
        return score - sweep_threat(fr, pos, pos.table ^ capture)
    return -CARD_WORTH[c] - sweep_threat(fr, pos, pos.table | 1 << c)


def choose(fr: FastRules, pos: Pos, moves: list[FastMove], rng: random.Random) -> FastMove:
    """The policy's move: the best heuristic score, ties broken at random."""
    if len(moves) == 1:
        return moves[0]
    best = moves[0]
    best_score = -1e9
    for m in moves:
        s = move_score(fr, pos, m[0], m[1]) + rng.random() * 0.25
        if s > best_score:
            best_score = s
            best = m
    return best


def playout(fr: FastRules, pos: Pos, rng: random.Random) -> None:
    """Play the heuristic policy in place to the end of the hand."""
    while not pos.finished:
        c, capture = choose(fr, pos, legal_moves(fr, pos), rng)
        apply(fr, pos, c, capture)


def random_playout(fr: FastRules, pos: Pos, rng: random.Random) -> None:
    """Play uniformly random legal moves in place to the end of the hand."""
    while not pos.finished:
        c, capture = rng.choice(legal_moves(fr, pos))
        apply(fr, pos, c, capture)
