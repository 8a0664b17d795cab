"""Inference from play: the sampled worlds made to agree with the choices seen so far.

A world is drawn, then kept with probability ``exp(log_likelihood)``: for every card another
seat played in the current deal, the chance that a reasonable player holding that world's
hand would have made that play rather than its best one, under a softened model of what the
play is worth to its player: its own gain (the rollout policy's worth of the cards taken, a
sweep, a rank kept in pairs) less the sweep it leaves the next player, as the player could
judge it by counting the cards it could not see (the chance that a hand of the next
player's size, drawn from them, holds the rank that sweeps). A world in which an opponent
laid a card while holding the seven that took the settebello is kept about
``exp(-BETA x 11)`` as often as one where it held no such seven; one in which it left a
sweepable table while holding a safe card is rarer too. After ``MAX_TRIES`` draws the
likeliest one is used. The exact part needs no test: a card laid could not capture, and the
views already agree with every play's legality.

``make bench-inference`` measures how well the model explains the plays of the advisor's
self-play, and how often its worlds put the hidden cards in the right hand (its figures are in
docs/benchmarks.md).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from service.engine.cards import RANK_MASKS
from service.search.kernel.fast import ACES, RANK, FastRules, captures
from service.search.kernel.policy import (
    HOLD_CHANCE,
    PAIR_BONUS,
    SWEEP_WORTH,
    capture_worth,
    sweep_rank,
    table_sum,
)

# How sharply a play other than the best one counts against a world (per point of gain).
BETA = 0.5
MAX_TRIES = 8
# The most sums ``log_likelihood``'s memo keeps before it starts again.
MEMO_LIMIT = 1 << 14
# That memo: the sums by run of observations (its first index) and hidden hand.
Memo = dict[tuple[int, int], float]
# A sweep left to an opponent costs what making one gains; one left to a partner, half that.
CONCEDED_SWEEP = SWEEP_WORTH


@dataclass(frozen=True, slots=True)
class Observation:
    """A card another seat played in the current deal: the table it met, and the cards that
    seat played later in the deal (with the hidden hand now, they were its hand then)."""

    seat: int
    card: int
    capture: int
    table: int
    later: int
    # The cards in hands or in the stock when it was played (with its own hand, what that
    # player could not see), the next seat's hand size then, and whether that seat is a partner.
    live: int = 0
    next_size: int = 0
    next_partner: bool = False


def conceded_sweep(fr: FastRules, seen: Observation, hand: int, after: int) -> float:
    """What the sweep a play leaves the next player costs its player, as that player could
    judge it: the chance the next hand holds the sweeping rank (from the cards it could not
    see), times a sweep's worth; a partner's sweep counts as half a gain."""
    if not after:
        return 0.0
    rank = sweep_rank(fr, table_sum(after))
    if not rank:
        return 0.0
    unseen = seen.live & ~hand
    chance = HOLD_CHANCE[unseen.bit_count()][(unseen & RANK_MASKS[rank]).bit_count()][
        seen.next_size
    ]
    return -CONCEDED_SWEEP / 2 * chance if seen.next_partner else CONCEDED_SWEEP * chance


def play_worth(fr: FastRules, seen: Observation, hand: int, card: int, capture: int) -> float:
    """The model's worth of a play to its player: its own gain less the sweep it concedes."""
    table = seen.table
    if capture:
        after = table ^ capture
    elif fr.ace_self and fr.ace_takes_all and not table and RANK[card] == 1:
        after = table  # the ace on an empty table goes to the pile
    else:
        after = table | 1 << card
    gain = own_gain(fr, hand, table, card, capture)
    return gain - conceded_sweep(fr, seen, hand, after)


def own_gain(fr: FastRules, hand: int, table: int, card: int, capture: int) -> float:
    """The model's worth of a play to its player: cards taken and a sweep, or a card laid."""
    if capture:
        gain = capture_worth(fr.card_worth, card, capture)
        ace_sweep = fr.ace_takes_all and RANK[card] == 1 and not table & ACES
        if capture == table and (fr.ace_scopa or not ace_sweep):
            gain += SWEEP_WORTH
        return gain
    gain = -fr.card_worth[card]
    if hand & ~(1 << card) & RANK_MASKS[RANK[card]]:
        gain += PAIR_BONUS
    return gain


def card_plays(fr: FastRules, hand: int, table: int) -> Iterator[tuple[int, int]]:
    """Every legal card play (card, capture) of a hand on a table."""
    rest = hand
    while rest:
        low = rest & -rest
        c = low.bit_length() - 1
        rest ^= low
        options = captures(fr, RANK[c], table) if table else []
        if not options or not fr.compulsory:
            yield c, 0
        for capture in options:
            yield c, capture


def best_worth(fr: FastRules, seen: Observation, hand: int) -> float:
    """The model's worth of the best legal play of a hand on the table the play met."""
    return max(
        play_worth(fr, seen, hand, c, capture) for c, capture in card_plays(fr, hand, seen.table)
    )


def log_likelihood(
    fr: FastRules,
    hands: Sequence[int],
    observations: Sequence[Observation],
    memo: Memo | None = None,
) -> float:
    """How much less likely a world's hands make the plays seen than the best plays would: the
    sum of ``seat_log_likelihood`` over each run of one seat's observations, in order.

    ``memo`` keeps those sums by run and hand for one search's observations: a seat's hidden
    hand recurs often among a search's draws late in a hand (worlds.observations_of puts each
    seat's observations in one run)."""
    total = 0.0
    start = 0
    while start < len(observations):
        seat = observations[start].seat
        end = start + 1
        while end < len(observations) and observations[end].seat == seat:
            end += 1
        hand = hands[seat]
        part = None if memo is None else memo.get((start, hand))
        if part is None:
            part = seat_log_likelihood(fr, hand, observations[start:end])
            if memo is not None:
                if len(memo) >= MEMO_LIMIT:
                    memo.clear()
                memo[(start, hand)] = part
        total += part
        start = end
    return total


def seat_log_likelihood(fr: FastRules, hand: int, observations: Sequence[Observation]) -> float:
    """How much less likely a hidden hand makes its seat's plays seen than the best plays would."""
    total = 0.0
    for seen in observations:
        held = hand | seen.later | 1 << seen.card
        chosen = play_worth(fr, seen, held, seen.card, seen.capture)
        total += BETA * (chosen - best_worth(fr, seen, held))
    return total
