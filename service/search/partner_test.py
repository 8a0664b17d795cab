"""The partner-hand test of a Scopone pair: whether a seat's plays depend on its partner's hand,
with a false-positive rate that holds for any honest pair, whatever their style.

It is the dealt-hand test (``dealt_test``) with the partner's hand in place of the next one.
Take a seat's play made before its partner has played from a fresh deal: given the hands of the
seats that have played since the deal, the partner's hand is a uniform draw from the cards that
are neither seen by the seat nor in those hands (the partner has shown nothing yet). An honest
seat chooses from what it saw, so given its choice the partner's hand is still that draw; a seat
told its partner's hand chooses by it. These are the first plays of the leader and of the seat
after it, one of each pair in every hand.

A decision's e-value is how much likelier the partner's true hand is, given the move played,
under an alternative player who knows it than under the draw: the alternative weighs each move
by what it takes, less the next seat's best reply expected from the cards the partner does not
hold (for some alternatives, less what the partner takes back after that reply). The draw's
average is taken over the true hand and ``DRAWS`` hands drawn from the same cards, seeded by
what the seat saw alone, so that the e-value's mean is exactly 1 for an honest seat; products
and their average over the alternatives make the test martingale of the dealt-hand test, and
its p-value is one over it. Both seats of a pair are judged, each with the other's hand.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import lru_cache

from service.engine.cards import Cards, iter_cards
from service.engine.moves import Move, hand_moves
from service.engine.record import Replay
from service.engine.rules import Rules
from service.engine.state import Play
from service.engine.view import View
from service.search.dealt_test import (
    DealtDecision,
    best_take,
    card_lines,
    card_points,
    judged_decisions,
    move_outcome,
)

# The alternative players, averaged with equal weights: a sharpness (per hand point) and a
# depth: 1 weighs the next seat's best reply from the cards the partner does not hold, 2 that
# reply less ``FOLLOW`` times what the partner takes back after it. Each decides with the
# partner's hand in mind on ``SHARE`` of its decisions, at random among the moves otherwise.
ALTERNATIVES = tuple((s, d) for s in (8.0, 16.0, 32.0, 64.0) for d in (1, 2))
FOLLOW = 0.6
SHARE = 0.9
DRAWS = 100


@lru_cache(maxsize=4096)
def miss_chance(pool: int, marked: int, size: int) -> float:
    """The chance that a hand of ``size`` cards drawn from ``pool`` holds none of ``marked``."""
    return math.comb(pool - marked, size) / math.comb(pool, size)


def expected_best(values: Sequence[float], size: int) -> float:
    """The expected largest of ``size`` values drawn without replacement from ``values``
    (none negative), exactly."""
    ordered = sorted(values, reverse=True)
    pool = len(ordered)
    size = min(size, pool)
    total = 0.0
    for n, value in enumerate(ordered, start=1):
        below = ordered[n] if n < pool else 0.0
        if value > below:
            total += (value - below) * (1.0 - miss_chance(pool, n, size))
    return total


def chances(
    gains: Sequence[float], replies: Sequence[float], deep: Sequence[float], played: int
) -> list[float]:
    """Each alternative player's chance of the played move (``ALTERNATIVES``)."""
    found = []
    for sharpness, depth in ALTERNATIVES:
        costs = replies if depth == 1 else deep
        scores = [g - r for g, r in zip(gains, costs, strict=True)]
        top = max(scores)
        weights = [math.exp(sharpness * (s - top)) for s in scores]
        found.append(SHARE * weights[played] / sum(weights) + (1.0 - SHARE) / len(scores))
    return found


def takers(
    rules: Rules, points: Sequence[float], cards: Sequence[int], table: Cards
) -> list[tuple[float, Cards]]:
    """The cards that take something from a table, grouped by the most each takes, the most
    first (a hand's best take is the first group it holds a card of)."""
    by_value: dict[float, Cards] = {}
    for card in cards:
        value = best_take(rules, points, card, table)
        if value > 0.0:
            by_value[value] = by_value.get(value, 0) | 1 << card
    return sorted(by_value.items(), reverse=True)


def partner_log_e(
    view: View, played: Move, partner_hand: Cards, known: Cards = 0
) -> tuple[float, ...] | None:
    """The e-value's logarithm under each alternative player for one judged decision, the
    partner's hand a uniform draw from the cards unseen less ``known`` (the hands of the seats
    that have played since the deal); None when it cannot say anything (one card play, no
    partner, an empty hand)."""
    rules = view.rules
    if rules.players != 4 or not rules.teams:
        return None
    moves = [m for m in hand_moves(rules, view.hand, view.table) if m.plays_card]
    if len(moves) < 2 or played not in moves:
        return None
    partner = (view.seat + 2) % 4
    follower = (view.seat + 1) % 4
    unseen = view.unseen & ~known
    size = view.hand_sizes[partner]
    follower_size = view.hand_sizes[follower]
    if size == 0 or partner_hand & ~unseen or partner_hand.bit_count() != size:
        return None
    points = card_points(rules)
    outcomes = [move_outcome(rules, points, view, m) for m in moves]
    gains = [g for g, _ in outcomes]
    cards = list(iter_cards(unseen))
    index = moves.index(played)
    # The next seat's lines against each move: what a card of theirs takes and the table after.
    lines = [{c: card_lines(rules, points, c, left) for c in cards} for _, left in outcomes]
    afters = {after for by_card in lines for found in by_card.values() for _, after in found}
    take_back = {after: takers(rules, points, cards, after) for after in afters}

    def alternatives_for(hand: Cards) -> list[float]:
        rest = [c for c in cards if not hand >> c & 1]
        back = {
            a: next((value for value, mask in t if mask & hand), 0.0) for a, t in take_back.items()
        }
        replies = []
        deep = []
        for by_card in lines:
            replies.append(
                expected_best([max(g for g, _ in by_card[c]) for c in rest], follower_size)
            )
            deep.append(
                expected_best(
                    [max(0.0, *(g - FOLLOW * back[a] for g, a in by_card[c])) for c in rest],
                    follower_size,
                )
            )
        return chances(gains, replies, deep, index)

    seen = (view.seat, view.hand, view.table, view.piles, unseen, size)
    rng = random.Random(repr(seen))
    true = alternatives_for(partner_hand)
    totals = list(true)
    for _ in range(DRAWS):
        drawn = alternatives_for(sum(1 << c for c in rng.sample(cards, size)))
        totals = [t + d for t, d in zip(totals, drawn, strict=True)]
    return tuple(math.log(p * (DRAWS + 1) / total) for p, total in zip(true, totals, strict=True))


def partner_decisions(done: Replay, plays: Sequence[Play], seat: int) -> list[DealtDecision]:
    """A seat's decisions judged by the partner-hand test in a replayed hand."""
    rules = done.states[0].rules
    if rules.players != 4 or not rules.teams:
        return []
    return judged_decisions(done, plays, seat, (seat + 2) % 4, partner_log_e)
