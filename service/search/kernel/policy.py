"""The heuristic rollout policy and the playout loop of the fast kernel."""

from __future__ import annotations

import random

from service.engine.cards import RANK_MASKS
from service.search.kernel.fast import (
    CAPTURE_CACHE_LIMIT,
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
PAIR_BONUS = 1.5
PARTNER_SHARE = 0.3


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
    known = fr.sweep_ranks.get(table)
    if known is not None:
        return known
    rank = 0
    if table:
        total = table_sum(table)
        if fr.capture_rule != FIFTEEN and total <= 10:
            rank = total
        elif fr.capture_rule != STANDARD and 5 <= total <= 14:
            rank = 15 - total
    if len(fr.sweep_ranks) >= CAPTURE_CACHE_LIMIT:
        fr.sweep_ranks.clear()
    fr.sweep_ranks[table] = rank
    return rank


def capture_worth(c: int, capture: int) -> float:
    """The heuristic worth of the played card and the cards it captures."""
    score = 2.0 + CARD_WORTH[c]
    while capture:
        low = capture & -capture
        score += CARD_WORTH[low.bit_length() - 1]
        capture ^= low
    return score


def reply_threat(fr: FastRules, pos: Pos, table: int) -> float:
    """What the next player's reply to this table is worth: a loss if an opponent's.

    Counts a sweep, and the best card it can take by matching rank. Rollouts run in a
    sampled world, so the next hand is known; a full capture search here was five times
    slower for a small gain, which lost strength at a fixed time budget.
    """
    if not table:
        return 0.0
    seat = pos.to_move
    following = (seat + 1) % fr.players
    hand = pos.hands[following]
    rank = sweepable(fr, table)
    sweep = SWEEP_RISK if rank and hand & RANK_MASKS[rank] else 0.0
    if fr.side_of[following] == fr.side_of[seat]:
        return -sweep / 2
    taken = 0.0
    rest = table
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        rest ^= low
        if hand & RANK_MASKS[RANK[c]]:
            taken = max(taken, CARD_WORTH[c])
    return sweep + taken


def choose(fr: FastRules, pos: Pos, moves: list[FastMove], rng: random.Random) -> FastMove:
    """The policy's move: own gain less the next player's best reply, ties broken at random.

    A card laid while another of its rank stays in hand keeps control of that rank.
    """
    if len(moves) == 1:
        return moves[0]
    hand = pos.hands[pos.to_move]
    table = pos.table
    best = moves[0]
    best_score = -1e9
    for c, capture in moves:
        if capture:
            s = capture_worth(c, capture)
            if is_sweep(fr, pos, c, capture):
                s += SWEEP_WORTH
            s -= reply_threat(fr, pos, table ^ capture)
        else:
            s = -CARD_WORTH[c] - reply_threat(fr, pos, table | 1 << c)
            if hand & ~(1 << c) & RANK_MASKS[RANK[c]]:
                s += PAIR_BONUS
        s += rng.random() * 0.25
        if s > best_score:
            best_score = s
            best = (c, capture)
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
