"""The dealt-hand test of a leak: whether a seat's plays depend on the next hand, with a
false-positive rate that holds for any honest player, whatever their style.

Take a seat's play made before the next seat has played from a fresh deal (one that gave every
other seat a whole new hand, everything they held before having been played and seen). The
seats that have played since the deal may have shown something of their hands by their choices;
the others have shown nothing. So, given the hands of the seats that have played (read from
the record), the next hand is a uniform draw from the cards that are neither seen by the seat
nor in those hands: nothing the seat saw depends on which. An honest seat chooses from what it
saw, so given its choice the next hand is still that uniform draw. A clairvoyant seat's choice
depends on it. With two players these are the plays that open each deal; in Scopone, the first
round of the hand but for the seat just before the leader.

Each such decision gives an e-value: how much likelier the true next hand is, given the move
played, under a player who avoids what that hand could take (``chance_of_move``) than under the
uniform draw, the draw's average summed exactly over every hand the next seat could hold
(``reply_draws``), or where they are too many over the true hand and hands drawn at random
(``drawn_replies``). Its average is exactly 1 for any honest player, so the product over a
player's decisions, averaged over a few such alternative players (``ALTERNATIVES``), is a test
martingale: an honest player's ever reaches 100 with probability at most 1% (Ville's
inequality), however they play and however many decisions there are. The p-value is one over
it.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from service.engine.cards import RANK_MASKS, SUIT_MASKS, Cards, iter_cards
from service.engine.moves import Move, hand_moves
from service.engine.record import Replay
from service.engine.rules import NO_DECLARATIONS, Rules
from service.engine.state import Play, State
from service.engine.view import View, view_of
from service.search.kernel.fast import POINT_CARD_WORTH, RANK, captures, fast_rules

# The alternative players, averaged with equal weights: each a sharpness (per hand point) and
# the share of its decisions made with the next hand in mind (the rest at random among the
# moves, so that an odd move weighs little and a cheater who peeks sometimes is still found).
ALTERNATIVES = tuple((s, k) for s in (8.0, 16.0, 32.0, 64.0) for k in (0.5, 0.95))
# The averages are exact sums over every hand the next seat could hold, grouped by what it
# could take, up to this many groups in all; past it (Scopone's long hands) they are taken over
# the true hand and ``DRAWS`` hands drawn at random from the same cards, which keeps the
# e-value's mean exactly 1 for an honest player (the true hand is one of them, exchangeably).
MOST_WORK = 20_000
DRAWS = 400

# A card's worth in hand points when taken, by its part in each score; a sweep's point.
CARD_SHARE = 0.05
BONUS_SHARE = 0.1
PRIME_SHARE = {7: 0.2, 6: 0.1, 1: 0.05}
SWEEP = 1.0


def judged_rules(rules: Rules) -> bool:
    """Whether the test holds under these rules: no declarations (they show hands) and no
    Chkobba cut (a card drawn in view)."""
    return rules.declarations == NO_DECLARATIONS and not rules.first_card_choice


def emptied(before: State, play: Play, seat: int) -> bool:
    """Whether a play left every other seat's hand empty (a deal after it is wholly new)."""
    return not any(
        before.hands[s] & ~(1 << play.move.card if s == play.seat else 0)
        for s in range(before.rules.players)
        if s != seat
    )


def judged_plays(
    done: Replay, plays: Sequence[Play], seat: int, hidden: int | None = None
) -> Iterator[tuple[int, int]]:
    """The seat's card plays made before the ``hidden`` seat (by default the next) played from
    a deal that gave every other seat a whole new hand: each play's index, and the other seats
    that have played since that deal (their hands are taken as known; the hidden hand is a
    uniform draw from the rest)."""
    states = done.states
    rules = states[0].rules
    if not judged_rules(rules):
        return
    follower = (seat + 1) % rules.players if hidden is None else hidden
    start: int | None = 0
    for index, play in enumerate(plays):
        if index > 0 and states[index].deals_made != states[index - 1].deals_made:
            start = index if emptied(states[index - 1], plays[index - 1], seat) else None
        if play.seat != seat or not play.move.plays_card or start is None:
            continue
        since = {p.seat for p in plays[start:index]} - {seat}
        if follower not in since:
            yield index, sum(1 << s for s in since)


@lru_cache(maxsize=64)
def card_points(rules: Rules) -> tuple[float, ...]:
    """What taking each card is worth in hand points, roughly (``CARD_SHARE`` and the rest)."""
    worth = fast_rules(rules).card_worth
    bonus = SUIT_MASKS[rules.bonus]
    return tuple(
        CARD_SHARE
        + (BONUS_SHARE if bonus >> c & 1 else 0.0)
        + PRIME_SHARE.get(RANK[c], 0.0)
        + (1.0 if worth[c] >= POINT_CARD_WORTH else 0.0)
        for c in range(40)
    )


def taken_points(points: Sequence[float], cards: Cards) -> float:
    """The worth of a set of cards taken."""
    return sum(points[c] for c in iter_cards(cards))


def card_lines(
    rules: Rules, points: Sequence[float], card: int, table: Cards
) -> list[tuple[float, Cards]]:
    """What a card played on a table can take, in hand points (its sweep's point counted), each
    with the table it leaves; laid, nothing and the table with it."""
    if not table:
        return [(0.0, 1 << card)]
    fr = fast_rules(rules)
    found = []
    for capture in captures(fr, RANK[card], table):
        value = taken_points(points, capture | 1 << card)
        if capture == table and not (
            fr.ace_takes_all and RANK[card] == 1 and not fr.ace_scopa and not table & RANK_MASKS[1]
        ):
            value += SWEEP
        found.append((value, table & ~capture))
    return found or [(0.0, table | 1 << card)]


def best_take(rules: Rules, points: Sequence[float], card: int, table: Cards) -> float:
    """The most a card played on a table takes, in hand points (its sweep's point counted)."""
    return max(value for value, _ in card_lines(rules, points, card, table))


def move_outcome(
    rules: Rules, points: Sequence[float], view: View, move: Move
) -> tuple[float, Cards]:
    """What a move takes (a sweep's point counted) and the table it leaves."""
    if not move.capture:
        return 0.0, view.table | 1 << move.card
    left = view.table & ~move.capture
    value = taken_points(points, move.capture | 1 << move.card)
    return value + (SWEEP if not left else 0.0), left


def chance_of_move(
    gains: Sequence[float], replies: Sequence[float], played: int, alternative: tuple[float, float]
) -> float:
    """An alternative player's chance of the played move: a softmax over each move's gain less
    the next hand's best reply to it, on its share of decisions; a random move otherwise."""
    sharpness, share = alternative
    scores = [g - r for g, r in zip(gains, replies, strict=True)]
    top = max(scores)
    weights = [math.exp(sharpness * (s - top)) for s in scores]
    return share * weights[played] / sum(weights) + (1.0 - share) / len(scores)


def reply_draws(
    vectors: Sequence[tuple[float, ...]], counts: Sequence[int], size: int
) -> dict[tuple[float, ...], int] | None:
    """How many hands of ``size`` cards, drawn from classes of cards alike (each a vector of
    its best take after each move, and a count), give each vector of best replies (the most
    of their classes' vectors, move by move); None when the sum would pass ``MOST_WORK``."""
    moves = len(vectors[0]) if vectors else 0
    states: dict[tuple[int, tuple[float, ...]], int] = {(0, (0.0,) * moves): 1}
    work = 0
    for vector, count in zip(vectors, counts, strict=True):
        grown: dict[tuple[int, tuple[float, ...]], int] = defaultdict(int)
        for (drawn, best), ways in states.items():
            grown[(drawn, best)] += ways
            joined = tuple(max(a, b) for a, b in zip(best, vector, strict=True))
            for n in range(1, min(count, size - drawn) + 1):
                grown[(drawn + n, joined)] += ways * math.comb(count, n)
        states = grown
        work += len(states)
        if work > MOST_WORK:
            return None
    return {best: ways for (drawn, best), ways in states.items() if drawn == size}


def decision_log_e(
    view: View, played: Move, next_hand: Cards, known: Cards = 0
) -> tuple[float, ...] | None:
    """The e-value's logarithm under each alternative player for one judged decision, the next
    hand a uniform draw from the cards unseen less ``known`` (the hands of the seats that have
    played since the deal); None when the seat had one card play."""
    rules = view.rules
    moves = [m for m in hand_moves(rules, view.hand, view.table) if m.plays_card]
    if len(moves) < 2 or played not in moves:
        return None
    unseen = view.unseen & ~known
    follower = (view.seat + 1) % rules.players
    size = view.hand_sizes[follower]
    if size == 0 or next_hand & ~unseen or next_hand.bit_count() != size:
        return None
    points = card_points(rules)
    outcomes = [move_outcome(rules, points, view, m) for m in moves]
    gains = [g for g, _ in outcomes]
    # Each unseen card's best take on the table each move leaves; cards alike form a class.
    by_card = {
        c: tuple(best_take(rules, points, c, left) if left else 0.0 for _, left in outcomes)
        for c in iter_cards(unseen)
    }
    vectors = sorted(set(by_card.values()))
    counts = [0] * len(vectors)
    for v in by_card.values():
        counts[vectors.index(v)] += 1
    true_replies = [
        max((by_card[c][i] for c in iter_cards(next_hand)), default=0.0) for i in range(len(moves))
    ]
    index = moves.index(played)
    found = reply_draws(vectors, counts, size)
    if found is None:
        found = drawn_replies(view, unseen, size, by_card, true_replies)
    total = sum(found.values())
    averages = [0.0] * len(ALTERNATIVES)
    for replies, ways in found.items():
        for k, alternative in enumerate(ALTERNATIVES):
            averages[k] += ways * chance_of_move(gains, replies, index, alternative)
    return tuple(
        math.log(chance_of_move(gains, true_replies, index, alternative) * total / average)
        for alternative, average in zip(ALTERNATIVES, averages, strict=True)
    )


def drawn_replies(
    view: View,
    unseen: Cards,
    size: int,
    by_card: Mapping[int, tuple[float, ...]],
    true_replies: Sequence[float],
) -> dict[tuple[float, ...], int]:
    """The true hand's best replies and those of ``DRAWS`` hands drawn at random from the same
    cards, counted: the draws are seeded by what the seat saw alone, never by the true hand,
    so that under an honest choice the true hand is one of ``DRAWS + 1`` exchangeable hands."""
    seen = (view.seat, view.hand, view.table, view.piles, unseen, size)
    rng = random.Random(repr(seen))
    pool = list(iter_cards(unseen))
    moves = len(true_replies)
    found: dict[tuple[float, ...], int] = defaultdict(int)
    found[tuple(true_replies)] += 1
    for _ in range(DRAWS):
        hand = rng.sample(pool, size)
        found[tuple(max(by_card[c][i] for c in hand) for i in range(moves))] += 1
    return found


def e_value(log_sums: Sequence[float]) -> float:
    """A player's e-value: the products of their decisions' e-values under each alternative
    (given as summed logarithms), averaged with equal weights."""
    return sum(math.exp(min(s, 700.0)) for s in log_sums) / len(log_sums)


def p_value(log_sums: Sequence[float]) -> float:
    """The p-value of a player's decisions: one over their e-value, at most 1."""
    return min(1.0, 1.0 / e_value(log_sums))


@dataclass(frozen=True, slots=True)
class DealtDecision:
    """A judged decision: its index in the record, and its e-value's logarithm under each
    alternative player."""

    index: int
    log_e: tuple[float, ...]

    @property
    def e_value(self) -> float:
        """The decision's own e-value (its alternatives averaged)."""
        return e_value(self.log_e)


# One judged decision's e-value logarithms: the seat's view, the move, the hidden hand and the
# hands known (of the seats that have played since the deal).
DecisionLogE = Callable[[View, Move, Cards, Cards], "tuple[float, ...] | None"]


def judged_decisions(
    done: Replay, plays: Sequence[Play], seat: int, hidden: int, log_e_of: DecisionLogE
) -> list[DealtDecision]:
    """A seat's decisions judged against the ``hidden`` seat's hand in a replayed hand."""
    rules = done.states[0].rules
    found = []
    for index, since in judged_plays(done, plays, seat, hidden):
        before = done.states[index]
        known = sum(before.hands[s] for s in range(rules.players) if since >> s & 1)
        log_e = log_e_of(view_of(before, seat), plays[index].move, before.hands[hidden], known)
        if log_e is not None:
            found.append(DealtDecision(index, log_e))
    return found


def hand_decisions(done: Replay, plays: Sequence[Play], seat: int) -> list[DealtDecision]:
    """A seat's judged decisions in a replayed hand."""
    follower = (seat + 1) % done.states[0].rules.players
    return judged_decisions(done, plays, seat, follower, decision_log_e)


def summed(
    decisions: Sequence[DealtDecision], alternatives: int = len(ALTERNATIVES)
) -> tuple[float, ...]:
    """The decisions' logarithms summed under each of so many alternatives (a product of
    e-values)."""
    return tuple(sum(d.log_e[k] for d in decisions) for k in range(alternatives))
