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
    Card,
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
from service.engine.message import Joined, Message, Plural
from service.engine.primes import PRIME_COUNT_ORDERS, PRIME_TABLES
from service.engine.rules import Rules

PIVA_PENALTY = -5
PIVA_CARD = card(2, Suit.B)  # the card whose taker loses five points (piva)
SETTE_DI_COPPE_CARD = card(7, Suit.C)  # the card Calabrese scores
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

    @property
    def from_points(self) -> bool:
        """Whether the prime was counted as its points alone (a whole prime, no card named)."""
        return self.complete and not self.cards


@dataclass(frozen=True, slots=True)
class SideFacts:
    """What the rules score of one side's hand: its counts, the scored single cards it holds,
    its prime, its scope and its runs of the bonus suit."""

    card_count: int
    coin_count: int
    # The scored single cards the side holds, among MARKED_CARDS (Grande's three included).
    marked: Cards
    prime: Prime
    scope: int
    # The napola run held (0 below A-2-3); None when it was not counted (a tally of rules
    # that do not score it).
    napola_run: int | None
    # Scalette: the low run from the ace (0 below A-2-3) and the high run from the king
    # (0 below K-H-J), in cards.
    scaletta_low: int = 0
    scaletta_high: int = 0


@dataclass(frozen=True, slots=True)
class SideScore:
    """One side's hand: the evidence of every category, the points won, and the total."""

    side: int
    card_count: int
    coin_count: int
    settebello: bool
    prime: Prime
    scope: int
    napola_run: int | None
    points: Mapping[str, int] = field(default_factory=dict)
    outright: str | None = None
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
    def outright(self) -> tuple[int, str] | None:
        """The side that won the game outright in this hand and how, if one did."""
        return next(((s.side, s.outright) for s in self.sides if s.outright), None)


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
        shown = pile & counted_cards(rules.prime_table)
        # The prime shown is the counted cards: whether they cover every suit.
        return Prime(counts, shown, all(shown & m for m in SUIT_MASKS))
    values = PRIME_TABLES[rules.prime_table]
    total: float = 0
    chosen = 0
    suits_held = 0
    for suit_order in prime_orders(rules.prime_table):
        for best in suit_order:
            if pile >> best & 1:
                suits_held += 1
                total += values[rank_of(best)]
                chosen |= 1 << best
                break
    return Prime(total, chosen, suits_held == len(SUITS))


@functools.cache
def counted_cards(table: str) -> Cards:
    """Every card of the ranks a rank-count prime table counts (none for a sum table)."""
    counted = 0
    for ranks in PRIME_COUNT_ORDERS.get(table, ()):
        for rank in ranks:
            counted |= RANK_MASKS[rank]
    return counted


def plays_per_side(rules: Rules, side: int) -> int:
    """How many cards a side plays in a hand: the most scope it can make."""
    return len(rules.seats_of(side)) * sum(rules.deal_sizes)


@functools.cache
def prime_orders(table: str) -> tuple[tuple[int, ...], ...]:
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


def settebello_card(rules: Rules) -> Card:
    """The 7 of the bonus suit."""
    return card(7, rules.bonus)


def re_bello_card(rules: Rules) -> Card:
    """The king of the bonus suit."""
    return card(10, rules.bonus)


def grande_cards(rules: Rules) -> Cards:
    """The jack, horse and king of the bonus suit (Grande)."""
    return _grande_cards(rules.bonus)


def marked_cards(rules: Rules) -> Cards:
    """Every single card some category scores for the side holding it."""
    return _marked_cards(rules.bonus)


@functools.cache
def _grande_cards(bonus: Suit) -> Cards:
    return sum(1 << card(r, bonus) for r in GRANDE_RANKS)


@functools.cache
def _marked_cards(bonus: Suit) -> Cards:
    return (
        1 << card(7, bonus)
        | 1 << card(10, bonus)
        | 1 << SETTE_DI_COPPE_CARD
        | 1 << PIVA_CARD
        | _grande_cards(bonus)
    )


def facts_of(rules: Rules, pile: Cards, scope: int) -> SideFacts:
    """The scored facts of a side's pile and scope count."""
    bonus = rules.bonus
    low, high = scaletta_runs(rules, pile) if rules.scalette else (0, 0)
    return SideFacts(
        card_count=pile.bit_count(),
        coin_count=(pile & SUIT_MASKS[bonus]).bit_count(),
        marked=pile & _marked_cards(bonus),
        prime=prime_of(rules, pile),
        scope=scope,
        napola_run=napola_run(rules, pile),
        scaletta_low=low,
        scaletta_high=high,
    )


def score_hand(
    rules: Rules,
    piles: Sequence[Cards],
    scope: Sequence[int],
    declarations: Sequence[Declaration] = (),
) -> HandScore:
    """Score a finished hand from each side's pile, scope count and the hand's declarations."""
    return score_facts(
        rules, [facts_of(rules, p, n) for p, n in zip(piles, scope, strict=True)], declarations
    )


def score_facts(
    rules: Rules, sides: Sequence[SideFacts], declarations: Sequence[Declaration] = ()
) -> HandScore:
    """Score a finished hand from each side's scored facts and the hand's declarations."""
    pack = rules.pack_cards
    bonus = rules.bonus
    coins_in_pack = (pack & SUIT_MASKS[bonus]).bit_count()
    cards_to = majority_winner([f.card_count for f in sides], pack.bit_count())
    coins_to = majority_winner([f.coin_count for f in sides], coins_in_pack)
    prime_to = primiera_winner(rules, [f.prime for f in sides])
    settebello = card(7, bonus)
    grande = _grande_cards(bonus)
    declared = score_declarations(rules, declarations, rules.side_of)
    scored = []
    for side, facts in enumerate(sides):
        held = facts.marked
        points = {
            "scope": facts.scope,
            "cards": int(cards_to == side),
            "coins": int(coins_to == side),
            "settebello": held >> settebello & 1,
            "primiera": int(prime_to == side),
        }
        if rules.re_bello:
            points["re_bello"] = held >> card(10, bonus) & 1
        if rules.sette_di_coppe:
            points["sette_di_coppe"] = held >> SETTE_DI_COPPE_CARD & 1
        if rules.napola != "none":
            points["napola"] = napola_points(rules, facts.napola_run or 0)
        if rules.scalette:
            points["scalette"] = scalette_points(facts.scaletta_low, facts.scaletta_high)
        if rules.piva:
            points["piva"] = PIVA_PENALTY * (held >> PIVA_CARD & 1)
        if rules.grande:
            points["grande"] = GRANDE_POINTS * (held & grande == grande)
        if rules.declarations != "none":
            points["declarations"] = sum(d.points for d in declared[side])
        scored.append(
            SideScore(
                side=side,
                card_count=facts.card_count,
                coin_count=facts.coin_count,
                settebello=bool(held >> settebello & 1),
                prime=facts.prime,
                scope=facts.scope,
                napola_run=facts.napola_run,
                points=MappingProxyType(points),
                outright=outright_win(rules, facts.coin_count == coins_in_pack),
                scaletta_low=facts.scaletta_low,
                scaletta_high=facts.scaletta_high,
                declarations=declared[side],
            )
        )
    return HandScore(tuple(scored))


def outright_win(rules: Rules, whole_suit: bool) -> str | None:
    """The outright win a side with the whole bonus suit has under the rules, if any."""
    if not whole_suit:
        return None
    if rules.scalette:
        return "scala"
    if rules.napoleone:
        return "napoleone"
    if rules.cappotto:
        return "cappotto"
    return None


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
    plays = [plays_per_side(rules, side) for side in range(rules.sides)]
    for side, (n, mask) in enumerate(zip(scope, masks, strict=False)):
        if n < 0:
            problems.append(Problem(f"scope[{side}]", Message("must not be negative")))
        elif side < len(plays) and n > plays[side]:
            problems.append(
                Problem(
                    f"scope[{side}]",
                    Plural(
                        "{count} scopa, but the side plays only {plays} cards a hand",
                        "{count} scope, but the side plays only {plays} cards a hand",
                        n,
                        plays=plays[side],
                    ),
                )
            )
        elif 2 * n > count(mask):
            problems.append(
                Problem(
                    f"scope[{side}]",
                    Plural(
                        "{count} scopa needs at least {cards} cards in the pile",
                        "{count} scope need at least {cards} cards in the pile",
                        n,
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
    """Cards outside the pack, each named; cards listed twice in one place, named together by
    place; cards in two places, named together with both."""
    problems: list[Problem] = []
    seen: dict[int, str] = {}
    doubled: list[Message] = []
    for place, cards_listed in places:
        here: set[int] = set()
        again: list[str] = []
        for c in cards_listed:
            if c in here:
                again.append(code(c))
                continue
            here.add(c)
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
        if again:
            listed = ", ".join(dict.fromkeys(again))
            problems.append(
                Problem(
                    "piles", Message("listed twice in {place}: {cards}", place=place, cards=listed)
                )
            )
    if doubled:
        problems.append(
            Problem("piles", Message("cards in two places: {cards}", cards=Joined(", ", doubled)))
        )
    return problems


def pack_has(rules: Rules, c: int) -> bool:
    """Whether a card id belongs to the rules' pack."""
    return bool(rules.pack_cards >> c & 1)
