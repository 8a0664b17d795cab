"""Scoring a finished hand per side, each point with the evidence behind it."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from service.engine.cards import (
    CARD_BITS,
    RANK_MASKS,
    RANKS_PER_SUIT,
    SUIT_MASKS,
    SUITS,
    Cards,
    Suit,
    card,
    code,
    count,
    iter_cards,
    rank_of,
)
from service.engine.declarations import Declaration, ScoredDeclaration, score_declarations
from service.engine.errors import InvalidStateError, Problem
from service.engine.message import Joined, Message
from service.engine.primes import PRIME_COUNT_ORDERS, PRIME_TABLES
from service.engine.rules import Rules

PIVA_PENALTY = -5
PIVA_CARD = card(2, Suit.B)  # the card whose taker loses five points (piva)
GRANDE_POINTS = 5
GRANDE_RANKS = (8, 9, 10)  # the jack, horse and king of the bonus suit
SCALETTA_LOW_TOP = 9  # the low run counts up to the horse
SCALETTA_HIGH_BASE = 5  # king, horse and jack
SCALETTA_HIGH_BOTTOM = 2  # the high run counts down to the 2


# The categories every rule set scores, in the order a side's points list them.
BASE_CATEGORIES = ("scope", "cards", "coins", "settebello", "primiera")


def categories(rules: Rules) -> tuple[str, ...]:
    """Every scoring category of the rules, in the order ``score_hand`` lists a side's points."""
    extras = (
        ("re_bello", rules.re_bello),
        ("sette_di_coppe", rules.sette_di_coppe),
        ("napola", rules.napola != "none"),
        ("scalette", rules.scalette),
        ("piva", rules.piva),
        ("grande", rules.grande),
        ("declarations", rules.declarations != "none"),
    )
    return BASE_CATEGORIES + tuple(name for name, scored in extras if scored)


@dataclass(frozen=True, slots=True)
class Prime:
    """A side's primiera: its value (a sum, or rank counts) and the cards that make it."""

    value: float | tuple[int, ...]
    cards: Cards
    complete: bool


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's hand: the evidence of every category, the points won, and the total."""

    side: int
    pile: Cards
    card_count: int
    coin_count: int
    settebello: bool
    prime: Prime
    scope: int
    napola_run: int
    points: Mapping[str, int] = field(default_factory=dict)
    outright: str | None = None
    # Scalette: the low run from the ace (0 below A-2-3) and the high run from the king
    # (0 below K-H-J), in cards.
    scaletta_low: int = 0
    scaletta_high: int = 0
    # Declarations: the side's declared hands, each with the points it scored (0 if beaten).
    declarations: tuple[ScoredDeclaration, ...] = ()

    @property
    def total(self) -> int:
        """The hand points of the side: the sum of its categories."""
        return sum(self.points.values())


@dataclass(frozen=True, slots=True)
class HandScore:
    """Every side's score of one hand."""

    sides: tuple[SideScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Hand points per side."""
        return tuple(s.total for s in self.sides)

    @property
    def outright_winner(self) -> int | None:
        """The side that won the game outright in this hand, if any."""
        return next((s.side for s in self.sides if s.outright), None)


def majority_winner(counts: Sequence[int], available: int) -> int | None:
    """The side that takes a 'most cards' point: more than half with two sides, else unique top."""
    if len(counts) == 2:
        return next((i for i, n in enumerate(counts) if 2 * n > available), None)
    return unique_best(counts)


def unique_best(values: Sequence[Any]) -> int | None:
    """The index of the single highest value, or None when the highest is shared."""
    best = max(values)
    winners = [i for i, v in enumerate(values) if v == best]
    return winners[0] if len(winners) == 1 else None


def prime_of(rules: Rules, pile: Cards) -> Prime:
    """A pile's primiera by the rules' prime table."""
    orders = PRIME_COUNT_ORDERS.get(rules.prime_table)
    if orders is not None:
        counts = tuple(sum(count(pile & RANK_MASKS[r]) for r in ranks) for ranks in orders)
        shown = 0
        for ranks in orders:
            for r in ranks:
                shown |= pile & RANK_MASKS[r]
        return Prime(counts, shown, all(pile & m for m in SUIT_MASKS))
    values = PRIME_TABLES[rules.prime_table]
    total: float = 0
    chosen = 0
    suits_held = 0
    for suit_order in _prime_orders(rules.prime_table):
        for best in suit_order:
            if pile >> best & 1:
                suits_held += 1
                total += values[rank_of(best)]
                chosen |= 1 << best
                break
    return Prime(total, chosen, suits_held == len(SUITS))


@functools.cache
def _prime_orders(table: str) -> tuple[tuple[int, ...], ...]:
    """Each suit's cards, best for the primiera first (by value, then rank)."""
    values = PRIME_TABLES[table]
    return tuple(
        tuple(
            sorted(iter_cards(mask), key=lambda c: (values[rank_of(c)], rank_of(c)), reverse=True)
        )
        for mask in SUIT_MASKS
    )


def primiera_winner(rules: Rules, primes: Sequence[Prime]) -> int | None:
    """The side that wins the primiera point, or None."""
    if rules.prime_table in PRIME_COUNT_ORDERS:
        return unique_best([p.value for p in primes])
    complete = [i for i, p in enumerate(primes) if p.complete]
    if complete:
        best = unique_best([primes[i].value for i in complete])
        return None if best is None else complete[best]
    if rules.primiera_incomplete == "none":
        return None
    return unique_best([p.value for p in primes])


def bonus_suit_ranks(rules: Rules, pile: Cards) -> int:
    """The bonus-suit cards of a pile by rank: bit ``r - 1`` is set when it holds rank ``r``."""
    return pile >> int(rules.bonus) * RANKS_PER_SUIT & (1 << RANKS_PER_SUIT) - 1


def napola_run(rules: Rules, pile: Cards) -> int:
    """The unbroken run of the bonus suit from the ace held in a pile (0 below A-2-3)."""
    suit = bonus_suit_ranks(rules, pile)
    run = 0
    while run < RANKS_PER_SUIT and suit >> run & 1:
        run += 1
    return run if run >= 3 else 0


def napola_points(rules: Rules, run: int) -> int:
    """The points a napola run scores under the rules' form and cap."""
    if rules.napola == "none" or run < 3:
        return 0
    counted = min(run, rules.napola_cap)
    return counted if rules.napola == "length" else counted - 2


def scaletta_runs(rules: Rules, pile: Cards) -> tuple[int, int]:
    """The low run (from the ace, up to the horse) and the high run (from the king, down to
    the 2) of the bonus suit in a pile, in cards; a run shorter than three cards is 0."""
    suit = bonus_suit_ranks(rules, pile)
    low = 0
    while low < SCALETTA_LOW_TOP and suit >> low & 1:
        low += 1
    high = 0
    while 10 - high >= SCALETTA_HIGH_BOTTOM and suit >> (9 - high) & 1:
        high += 1
    return (low if low >= 3 else 0), (high if high >= 3 else 0)


def scalette_points(low: int, high: int) -> int:
    """Points of the scalette runs: the low run its length, the high run 5 plus 1 a card."""
    return low + (SCALETTA_HIGH_BASE + high - 3 if high else 0)


def score_hand(
    rules: Rules,
    piles: Sequence[Cards],
    scope: Sequence[int],
    declarations: Sequence[Declaration] = (),
) -> HandScore:
    """Score a finished hand from each side's pile, scope count and the hand's declarations."""
    bonus_suit = rules.bonus
    bonus = SUIT_MASKS[bonus_suit]
    pack = rules.pack_cards
    card_counts = [count(p) for p in piles]
    coin_counts = [count(p & bonus) for p in piles]
    primes = [prime_of(rules, p) for p in piles]
    cards_to = majority_winner(card_counts, count(pack))
    coins_to = majority_winner(coin_counts, count(pack & bonus))
    prime_to = primiera_winner(rules, primes)
    settebello = card(7, bonus_suit)
    re_bello = card(10, bonus_suit)
    sette_di_coppe = card(7, Suit.C)
    grande = sum(1 << card(r, bonus_suit) for r in GRANDE_RANKS)
    declared = score_declarations(rules, declarations, rules.side_of)
    sides = []
    for side, pile in enumerate(piles):
        run = napola_run(rules, pile)
        points = {
            "scope": scope[side],
            "cards": int(cards_to == side),
            "coins": int(coins_to == side),
            "settebello": pile >> settebello & 1,
            "primiera": int(prime_to == side),
        }
        if rules.re_bello:
            points["re_bello"] = pile >> re_bello & 1
        if rules.sette_di_coppe:
            points["sette_di_coppe"] = pile >> sette_di_coppe & 1
        if rules.napola != "none":
            points["napola"] = napola_points(rules, run)
        low, high = scaletta_runs(rules, pile) if rules.scalette else (0, 0)
        if rules.scalette:
            points["scalette"] = scalette_points(low, high)
        if rules.piva:
            points["piva"] = PIVA_PENALTY * (pile >> PIVA_CARD & 1)
        if rules.grande:
            points["grande"] = GRANDE_POINTS * (pile & grande == grande)
        if rules.declarations != "none":
            points["declarations"] = sum(d.points for d in declared[side])
        whole_suit = pile & bonus == pack & bonus
        outright = None
        if whole_suit and rules.scalette:
            outright = "scala"
        elif whole_suit and rules.napoleone:
            outright = "napoleone"
        elif whole_suit and rules.cappotto:
            outright = "cappotto"
        sides.append(
            SideScore(
                side=side,
                pile=pile,
                card_count=card_counts[side],
                coin_count=coin_counts[side],
                settebello=bool(pile >> settebello & 1),
                prime=primes[side],
                scope=scope[side],
                napola_run=run,
                points=MappingProxyType(points),
                outright=outright,
                scaletta_low=low,
                scaletta_high=high,
                declarations=declared[side],
            )
        )
    return HandScore(tuple(sides))


def check_piles(
    rules: Rules,
    piles: Sequence[Sequence[int]],
    scope: Sequence[int],
    leftover: Sequence[int] = (),
    finished: bool = True,
) -> tuple[tuple[Cards, ...], Cards]:
    """Validate piles given as card lists; the piles and leftover as sets, or InvalidStateError.

    Problems reported together: a card outside the pack, a card listed twice, cards missing
    from a finished hand, a wrong number of piles or scope counts, impossible scope counts.
    """
    problems: list[Problem] = []
    if len(piles) != rules.sides:
        problems.append(
            Problem("piles", Message("expected {sides} piles, one per side", sides=rules.sides))
        )
    if len(scope) != len(piles):
        problems.append(Problem("scope", Message("expected one scope count per pile")))
    places = [(f"piles[{i}]", p) for i, p in enumerate(piles)] + [("leftover", leftover)]
    masks = [sum(map(CARD_BITS.__getitem__, set(cards_listed))) for _, cards_listed in places]
    union = 0
    for m in masks:
        union |= m
    entries = sum(len(cards_listed) for _, cards_listed in places)
    if union & ~rules.pack_cards or count(union) != entries:
        problems += _misplaced_pile_cards(rules, places)
    missing = rules.pack_cards & ~union
    if finished and missing:
        listed = ", ".join(code(c) for c in iter_cards(missing))
        problems.append(
            Problem(
                "piles", Message("a finished hand covers the pack; missing: {cards}", cards=listed)
            )
        )
    plays_per_side = [
        len(rules.seats_of(side)) * sum(rules.deal_sizes) for side in range(rules.sides)
    ]
    for side, (n, mask) in enumerate(zip(scope, masks, strict=False)):
        if n < 0:
            problems.append(Problem(f"scope[{side}]", Message("must not be negative")))
        elif side < len(plays_per_side) and n > plays_per_side[side]:
            problems.append(
                Problem(
                    f"scope[{side}]",
                    Message(
                        "{scope} scope but the side plays only {plays} cards a hand",
                        scope=n,
                        plays=plays_per_side[side],
                    ),
                )
            )
        elif 2 * n > count(mask):
            problems.append(
                Problem(
                    f"scope[{side}]",
                    Message(
                        "{scope} scope need at least {cards} cards in the pile",
                        scope=n,
                        cards=2 * n,
                    ),
                )
            )
    if problems:
        raise InvalidStateError(problems)
    return tuple(masks[:-1]), masks[-1]


def _misplaced_pile_cards(
    rules: Rules, places: Sequence[tuple[str, Sequence[int]]]
) -> list[Problem]:
    """Cards outside the pack, each named, and cards listed twice, named together."""
    problems: list[Problem] = []
    seen: dict[int, str] = {}
    doubled: list[Message] = []
    for place, cards_listed in places:
        for c in cards_listed:
            if not pack_has(rules, c):
                problems.append(
                    Problem(
                        place,
                        Message("{card} is not in the {pack} pack", card=code(c), pack=rules.pack),
                    )
                )
            elif c in seen:
                doubled.append(
                    Message(
                        "{card} ({first} and {second})", card=code(c), first=seen[c], second=place
                    )
                )
            else:
                seen[c] = place
    if doubled:
        problems.append(
            Problem("piles", Message("cards in two places: {cards}", cards=Joined(", ", doubled)))
        )
    return problems


def pack_has(rules: Rules, c: int) -> bool:
    """Whether a card id belongs to the rules' pack."""
    return bool(rules.pack_cards >> c & 1)
