"""The referee's hand scoring (docs/rules.md section 4, standard game), from the rules alone."""

from __future__ import annotations

from typing import NamedTuple

from tests.referee.referee import COINS, PACK, SETTEBELLO, SUITS, Card, Position

# R4 prime table `standard`: 7, 6, A, 5, 4, 3, 2 and the three faces at 10.
PRIME = {7: 21, 6: 18, 1: 16, 5: 15, 4: 14, 3: 13, 2: 12, 8: 10, 9: 10, 10: 10}

CATEGORIES = ("scope", "cards", "coins", "settebello", "primiera")


class SideScore(NamedTuple):
    """One side's points in each category of R4, and their total."""

    scope: int
    cards: int
    coins: int
    settebello: int
    primiera: int

    @property
    def total(self) -> int:
        """The side's points for the hand."""
        return self.scope + self.cards + self.coins + self.settebello + self.primiera


def majority(counts: list[int], out_of: int) -> list[int]:
    """1 for the side that has 'the most' of a count, 0 for the rest (R4)."""
    if len(counts) == 2:
        # Two sides: the most means more than half of what there is (21+ of 40, 6+ of 10).
        return [1 if 2 * n > out_of else 0 for n in counts]
    best = max(counts)
    if counts.count(best) > 1:
        return [0] * len(counts)  # three or more sides: a tie for highest gives nobody
    return [1 if n == best else 0 for n in counts]


def prime(pile: frozenset[Card]) -> tuple[bool, int]:
    """(holds all four suits, sum of the best prime value held in each suit) of a pile."""
    best = {s: max((PRIME[c.rank] for c in pile if c.suit == s), default=None) for s in SUITS}
    held = [v for v in best.values() if v is not None]
    return len(held) == len(SUITS), sum(held)


def primiera(piles: list[frozenset[Card]]) -> list[int]:
    """1 for the side with the best prime, if unique (R4; all four suits beat a missing suit)."""
    primes = [prime(p) for p in piles]
    complete = [i for i, (full, _) in enumerate(primes) if full]
    # A side holding all four suits beats any side missing one; if none does, compare sums.
    contenders = complete or list(range(len(piles)))
    best = max(primes[i][1] for i in contenders)
    winners = [i for i in contenders if primes[i][1] == best]
    return [1 if [i] == winners else 0 for i in range(len(piles))]


def score(piles: list[frozenset[Card]], scope: list[int]) -> list[SideScore]:
    """Each side's hand score from its captured pile and its count of scope (R4)."""
    coins_total = sum(1 for c in PACK if c.suit == COINS)
    card_points = majority([len(p) for p in piles], len(PACK))
    coin_points = majority([sum(1 for c in p if c.suit == COINS) for p in piles], coins_total)
    prime_points = primiera(piles)
    return [
        SideScore(
            scope=scope[i],
            cards=card_points[i],
            coins=coin_points[i],
            settebello=1 if SETTEBELLO in piles[i] else 0,
            primiera=prime_points[i],
        )
        for i in range(len(piles))
    ]


def hand_score(p: Position) -> list[SideScore]:
    """The score of a finished hand, per side."""
    if not p.finished:
        raise ValueError("the hand is not over")
    return score(list(p.piles), list(p.scope))
