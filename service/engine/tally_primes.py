"""The primes a tally allows, judged by value: each suit's prime values, the totals a choice of
one value a suit makes, and per suit the values a side may hold beside the other sides'
primes."""

from __future__ import annotations

from collections.abc import Sequence

from service.engine.cards import SUIT_MASKS, SUITS, Card, Cards, iter_cards, rank_of
from service.engine.primes import PRIME_TABLES
from service.engine.rules import Rules
from service.engine.tally import SideTally

# Per suit, the prime values a side may hold there; None: no card of the suit.
SuitOptions = Sequence[Sequence[float | None]]


def prime_value(rules: Rules, c: Card) -> float:
    """A card's value in the rules' sum prime table."""
    return PRIME_TABLES[rules.prime_table][rank_of(c)]


def worth(rules: Rules, cards: Cards, value: float) -> Cards:
    """The cards of ``cards`` worth ``value`` in the prime."""
    return sum(1 << c for c in iter_cards(cards) if prime_value(rules, c) == value)


def worth_more(rules: Rules, cards: Cards, value: float) -> Cards:
    """The cards of ``cards`` worth more than ``value`` in the prime."""
    return sum(1 << c for c in iter_cards(cards) if prime_value(rules, c) > value)


def best_value(rules: Rules, cards: Cards) -> float | None:
    """The best prime value among ``cards``, or None when there are none."""
    return max((prime_value(rules, c) for c in iter_cards(cards)), default=None)


def reachable_primes(options: SuitOptions) -> set[tuple[float, bool]]:
    """Every prime (value, holding every suit) that a choice of one option per suit gives;
    only these matter to the winner, far fewer than the choices themselves."""
    sums: set[tuple[float, int]] = {(0, 0)}
    for choices in options:
        sums = {
            (total + (v or 0), suits + (v is not None)) for total, suits in sums for v in choices
        }
    return {(total, suits == len(options)) for total, suits in sums}


def whole_totals(options: SuitOptions) -> set[float]:
    """The totals of the primes holding every suit that a choice of one option per suit gives."""
    return {total for total, whole in reachable_primes(options) if whole}


def suit_options(
    rules: Rules, tallies: Sequence[SideTally], side: int, leftover: Cards
) -> list[list[float | None]]:
    """Per suit, the prime values a side may hold beside the other sides' tallies (None: no
    card of the suit). With every other prime named by its cards: the suit's best value when
    no other prime has a card worth it, else the value of any card the others' primes leave,
    or none. With another prime not named (uncounted, or counted as points): the value of any
    card not named, or none. A side's count of coins rules in or out its coin."""
    others = [t for i, t in enumerate(tallies) if i != side]
    shown = sum(t.prime or 0 for t in others)
    unnamed = any(t.prime is None for t in others)
    coins = tallies[side].coins
    options: list[list[float | None]] = []
    for suit, mask in zip(SUITS, SUIT_MASKS, strict=True):
        cards = rules.pack_cards & mask & ~leftover
        top = best_value(rules, cards)
        best_shown = best_value(rules, shown & mask)
        free = sorted({prime_value(rules, c) for c in iter_cards(cards & ~shown)}, reverse=True)
        choices: list[float | None]
        if top is None:
            choices = [None]
        elif unnamed or best_shown == top:
            choices = [*free, None]
        else:
            choices = [top]
        if suit == rules.bonus and coins is not None:
            choices = [v for v in choices if (v is None) == (coins == 0)] or choices
        options.append(choices)
    return options
