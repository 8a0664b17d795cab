"""Finished hands for the tally tests: played by the engine, or the pack shared out at random
(the extremes random play rarely reaches: a whole suit, long runs, empty piles)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, replace

from service.engine import Rules, deal
from service.engine.cards import SUIT_MASKS, Cards, count, iter_cards
from service.engine.declarations import Declaration
from service.engine.errors import RulesError
from service.engine.presets import PRESETS, make_rules
from service.engine.primes import PRIME_COUNT_ORDERS
from service.engine.scoring import counted_cards, prime_of
from service.engine.tally import TALLY_NAMES, SideTally, tally_of
from service.engine.tally_primes import best_value
from tests.engine.helpers import random_playout


@dataclass(frozen=True, slots=True)
class FinishedHand:
    """The piles, scope and declarations of a finished hand under some rules."""

    rules: Rules
    piles: tuple[Cards, ...]
    scope: tuple[int, ...]
    declarations: tuple[Declaration, ...] = ()


def every_table() -> list[Rules]:
    """Every preset at every player count it deals for."""
    return [make_rules(name, players=n) for name, p in PRESETS.items() for n in sorted(p.schedules)]


def played_hand(rules: Rules, rng: random.Random) -> FinishedHand:
    """A hand played to its end by uniformly random legal moves (no claims)."""
    while True:
        try:
            state = deal(rules, rng.randrange(2**31), rng.randrange(rules.players))
        except RulesError:
            continue  # a table that voids every shuffle (a re-deal rule)
        break
    state = random_playout(state, rng)
    if state.claimed_by is not None:
        return played_hand(rules, rng)
    return FinishedHand(rules, state.piles, state.scope, state.declarations)


def shared_hand(rules: Rules, rng: random.Random) -> FinishedHand:
    """The pack shared among the sides at random, often leaning the bonus suit one way."""
    piles = [0] * rules.sides
    lean = rng.randrange(rules.sides) if rng.random() < 0.5 else None
    bonus = SUIT_MASKS[rules.bonus]
    for c in iter_cards(rules.pack_cards):
        side = lean if lean is not None and bonus >> c & 1 and rng.random() < 0.9 else None
        piles[side if side is not None else rng.randrange(rules.sides)] |= 1 << c
    scope = tuple(rng.randrange(0, min(4, p.bit_count() // 2) + 1) for p in piles)
    return FinishedHand(rules, tuple(piles), scope)


def hands(rules: Rules, count: int, seed: int) -> Iterator[FinishedHand]:
    """``count`` finished hands of the rules, three played for one shared out."""
    rng = random.Random(seed)
    for i in range(count):
        yield shared_hand(rules, rng) if i % 4 == 3 else played_hand(rules, rng)


def blanked(tally: SideTally, rng: random.Random, share: float) -> SideTally:
    """A tally with each counted fact forgotten with probability ``share``."""
    return replace(tally, **{n: None for n in TALLY_NAMES if rng.random() < share})


def prime_fits(rules: Rules, prime: Cards, pile: Cards) -> bool:
    """Whether a side with this pile could honestly name the prime: for a sum table, in each
    suit one card it took of the best value it took there (none where it took none); for a
    count table, every card it took of the ranks counted."""
    if rules.prime_table in PRIME_COUNT_ORDERS:
        return prime == pile & counted_cards(rules.prime_table)
    if prime & ~pile:
        return False
    for suit in SUIT_MASKS:
        named, held = prime & suit, pile & suit
        if count(named) != (1 if held else 0):
            return False
        if held and best_value(rules, named) != best_value(rules, held):
            return False
    return True


def tally_fits(rules: Rules, tally: SideTally, pile: Cards, scope: int | None = None) -> bool:
    """Whether a side with this pile (and scope, when given) could honestly count the tally:
    every counted fact true of it, the prime's cards judged by value and its points summed
    from a whole prime."""
    truth = tally_of(rules, pile, scope or 0)
    for name in TALLY_NAMES:
        given = getattr(tally, name)
        if given is None or (name == "scope" and scope is None):
            continue
        if name == "prime":
            fits = prime_fits(rules, given, pile)
        elif name == "prime_points":
            prime = prime_of(rules, pile)
            fits = rules.prime_table not in PRIME_COUNT_ORDERS and prime.complete
            fits = fits and prime.value == given
        else:
            fits = getattr(truth, name) == given
        if not fits:
            return False
    return True
