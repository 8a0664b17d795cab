"""The heuristic rollout policy and the playout loop of the fast kernel."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Protocol

from service.engine.cards import RANK_MASKS
from service.search.kernel.fast import (
    CAPTURE_CACHE_LIMIT,
    FIFTEEN,
    RANK,
    STANDARD,
    DeadlinePassed,
    FastMove,
    FastRules,
    Pos,
    apply,
    is_sweep,
    legal_moves,
)

SWEEP_WORTH = 8.0
SWEEP_RISK = 6.0
PAIR_BONUS = 1.5
# Noise added to every move's score, to break ties at random: up to 0.25, from 32 bits.
NOISE = 0.25 / 2**32

# The most cards unseen by a player, and of one rank among them.
MAX_UNSEEN = 40
MAX_OF_RANK = 4


def _hold_chance(unseen: int, of_rank: int, size: int) -> float:
    """The chance that ``size`` cards drawn from ``unseen`` hold one of ``of_rank`` of them."""
    if of_rank == 0 or size == 0:
        return 0.0
    if unseen - of_rank < size:
        return 1.0
    return 1.0 - math.comb(unseen - of_rank, size) / math.comb(unseen, size)


# HOLD_CHANCE[unseen][of_rank][size], read by the policy and the inference (the compiled kernel
# reads the same floats).
HOLD_CHANCE: tuple[tuple[tuple[float, ...], ...], ...] = tuple(
    tuple(
        tuple(_hold_chance(u, k, n) if k <= u and n <= u else 0.0 for n in range(MAX_UNSEEN + 1))
        for k in range(MAX_OF_RANK + 1)
    )
    for u in range(MAX_UNSEEN + 1)
)

MASK64 = (1 << 64) - 1
WY_STEP = 0xA0761D6478BD642F
WY_MIX = 0xE7037ED1A0B428DB


class Noise(Protocol):
    """Where a rollout draws its tie-breaking noise: RolloutRandom, or any random.Random."""

    def getrandbits(self, k: int, /) -> int:
        """``k`` random bits (the policy asks for 32)."""
        ...


class RolloutRandom:
    """The search's rollout noise: wyrand stepped from the seed itself (the compiled kernel's
    ``k_roll_next``). Its whole state is one 64-bit word, so every root move's playout in a
    world starts from a copy of the same stream at no cost."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def getrandbits(self, k: int, /) -> int:
        """The top ``k`` (at most 64) bits of the next output."""
        self.state = s = (self.state + WY_STEP) & MASK64
        t = s * (s ^ WY_MIX)
        return (((t >> 64) ^ t) & MASK64) >> (64 - k)


def table_sum(table: int) -> int:
    """The sum of the ranks of the table cards."""
    total = 0
    while table:
        low = table & -table
        total += RANK[low.bit_length() - 1]
        table ^= low
    return total


def sweep_rank(fr: FastRules, total: int) -> int:
    """The rank that sweeps a table whose ranks add up to ``total`` with one card, else 0."""
    if fr.capture_rule != FIFTEEN and 0 < total <= 10:
        return total
    if fr.capture_rule != STANDARD and 5 <= total <= 14:
        return 15 - total
    return 0


def sweepable(fr: FastRules, table: int) -> int:
    """A rank that could sweep this table with one card, else 0 (an empty table is safe)."""
    known = fr.sweep_ranks.get(table)
    if known is not None:
        return known
    rank = sweep_rank(fr, table_sum(table)) if table else 0
    if len(fr.sweep_ranks) >= CAPTURE_CACHE_LIMIT:
        fr.sweep_ranks.clear()
    fr.sweep_ranks[table] = rank
    return rank


def capture_worth(worth: Sequence[float], c: int, capture: int) -> float:
    """The heuristic worth of the played card and the cards it captures (``worth``: the rules'
    ``FastRules.card_worth``)."""
    score = 2.0 + worth[c]
    while capture:
        low = capture & -capture
        score += worth[low.bit_length() - 1]
        capture ^= low
    return score


def rank_reach(hand: int) -> int:
    """Every card of the ranks a hand holds (the table cards that hand could take by rank)."""
    reach = 0
    for rank in range(1, 11):
        if hand & RANK_MASKS[rank]:
            reach |= RANK_MASKS[rank]
    return reach


def reply_threat(fr: FastRules, table: int, total: int, reach: int, partner: bool) -> float:
    """What the next player's reply to this table is worth: a loss if an opponent's.

    Counts a sweep, and the best card it can take by matching rank (``reach``: every card of
    the ranks it holds; ``total``: the table's rank sum), read from the sampled world's next
    hand (with two players, ``counted_threat`` counts it instead); a full capture search here
    cost more playouts than its small gain was worth at a fixed time budget
    (docs/performance-log.md).
    """
    if not table:
        return 0.0
    rank = sweep_rank(fr, total)
    sweep = SWEEP_RISK if rank and reach & RANK_MASKS[rank] else 0.0
    if partner:
        return -sweep / 2
    worth = fr.card_worth
    taken = 0.0
    rest = table & reach
    while rest:
        low = rest & -rest
        taken = max(taken, worth[low.bit_length() - 1])
        rest ^= low
    return sweep + taken


def rank_odds(fr: FastRules, pos: Pos, seat: int, following: int) -> list[float]:
    """By rank (1 to 10), the chance that ``following``'s hand holds a card of it, as ``seat``
    counts it: every card it has not seen (not in its hand, on the table or taken) is as likely
    to be in that hand as any other."""
    seen = pos.hands[seat] | pos.table
    for pile in pos.piles:
        seen |= pile
    unseen = fr.pack & ~seen
    by_rank = HOLD_CHANCE[unseen.bit_count()]
    size = pos.hands[following].bit_count()
    return [0.0] + [by_rank[(unseen & RANK_MASKS[rank]).bit_count()][size] for rank in range(1, 11)]


def counted_threat(fr: FastRules, table: int, total: int, odds: list[float]) -> float:
    """``reply_threat`` of an opponent's hand the player cannot see: the sweep and each card
    the reply could take by matching rank, weighed by the chance (``odds``, from ``rank_odds``)
    that the hand holds the rank."""
    if not table:
        return 0.0
    rank = sweep_rank(fr, total)
    sweep = SWEEP_RISK * odds[rank] if rank else 0.0
    worth = fr.card_worth
    taken = 0.0
    rest = table
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        taken = max(taken, worth[c] * odds[RANK[c]])
        rest ^= low
    return sweep + taken


def choose(fr: FastRules, pos: Pos, moves: list[FastMove], rng: Noise) -> FastMove:
    """The policy's move: own gain less the next player's best reply, ties broken at random.

    A card laid while another of its rank stays in hand keeps control of that rank. With two
    players (``fr.counting``) the reply is the one the player can count (``counted_threat``),
    not the one the sampled world deals: in a world every future choice that read the other
    hand would be made knowing what the real player cannot know, and the playout would value a
    position by choices that cannot be made in play.
    """
    if len(moves) == 1:
        return moves[0]
    seat = pos.to_move
    hand = pos.hands[seat]
    table = pos.table
    total = table_sum(table)
    following = (seat + 1) % fr.players
    partner = fr.side_of[following] == fr.side_of[seat]
    counting = fr.counting and not partner
    reach = 0 if counting else rank_reach(pos.hands[following])
    odds = rank_odds(fr, pos, seat, following) if counting else []
    worth = fr.card_worth
    best = moves[0]
    best_score = -1e9
    for c, capture in moves:
        if capture:
            s = capture_worth(worth, c, capture)
            if is_sweep(fr, pos, c, capture):
                s += SWEEP_WORTH
            left, left_total = table ^ capture, total - table_sum(capture)
            if counting:
                s -= counted_threat(fr, left, left_total, odds)
            else:
                s -= reply_threat(fr, left, left_total, reach, partner)
        else:
            left, left_total = table | 1 << c, total + RANK[c]
            if counting:
                s = -worth[c] - counted_threat(fr, left, left_total, odds)
            else:
                s = -worth[c] - reply_threat(fr, left, left_total, reach, partner)
            if hand & ~(1 << c) & RANK_MASKS[RANK[c]]:
                s += PAIR_BONUS
        s += rng.getrandbits(32) * NOISE
        if s > best_score:
            best_score = s
            best = (c, capture)
    return best


def playout(
    fr: FastRules, pos: Pos, rng: Noise, abandon_at: float | None = None, until_cards: int = 0
) -> None:
    """Play the heuristic policy in place to the end of the hand, or until nothing is left to
    deal and at most ``until_cards`` (when not 0) cards are in hand; DeadlinePassed when the
    ``time.perf_counter`` reading ``abandon_at`` passes first."""
    while not pos.finished:
        if until_cards and not pos.stock and pos.left <= until_cards:
            return
        moves = legal_moves(fr, pos)
        if abandon_at is not None and time.perf_counter() >= abandon_at:
            raise DeadlinePassed
        c, capture = choose(fr, pos, moves, rng)
        apply(fr, pos, c, capture)


def random_playout(fr: FastRules, pos: Pos, rng: random.Random) -> None:
    """Play uniformly random legal moves in place to the end of the hand."""
    while not pos.finished:
        c, capture = rng.choice(legal_moves(fr, pos))
        apply(fr, pos, c, capture)
