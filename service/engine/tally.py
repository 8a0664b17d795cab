"""A side's tally: the facts of a hand that the rules score, counted as players count them.

Which facts a rule set needs follows from its scoring categories (``tally_fields``): every
category names the fields that decide it. A tally's field is None where it was not counted.
Each fact is stated once (``TallyFact``: its name, category, type and description, the same
under every rule set); what the rules add (its range, the cards it is about) is built from them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from types import MappingProxyType
from typing import Any

from service.engine.cards import (
    RANKS_PER_SUIT,
    SUIT_MASKS,
    Card,
    Cards,
    card,
    count,
    iter_cards,
    rank_of,
)
from service.engine.message import N_
from service.engine.primes import PRIME_COUNT_ORDERS, PRIME_TABLES
from service.engine.rules import Rules
from service.engine.scoring import (
    PIVA_CARD,
    SCALETTA_HIGH_BOTTOM,
    SCALETTA_LOW_TOP,
    SETTE_DI_COPPE_CARD,
    Prime,
    SideFacts,
    categories,
    counted_cards,
    facts_of,
    grande_cards,
    plays_per_side,
    prime_of,
    re_bello_card,
    settebello_card,
)

INTEGER = "integer"
NUMBER = "number"
BOOLEAN = "boolean"
CARDS = "cards"
# A run of the bonus suit scores from three cards: a shorter one is counted as 0.
SHORTEST_RUN = 3


@dataclass(frozen=True, slots=True)
class SideTally:
    """One side's counted facts; None where a fact was not counted."""

    cards: int | None = None
    coins: int | None = None
    scope: int | None = None
    settebello: bool | None = None
    # The prime's cards: a card of the best value taken in each suit (any of them where several
    # are worth as much), or, for the rank-count tables, every card of the ranks they count.
    prime: Cards | None = None
    # The prime as players add it up (sum tables): its values summed, a card of every suit held.
    prime_points: float | None = None
    re_bello: bool | None = None
    sette_di_coppe: bool | None = None
    piva: bool | None = None
    grande: bool | None = None
    # The unbroken run of the bonus suit from the ace, in cards (0 below A-2-3).
    napola: int | None = None
    # Scalette: the low run from the ace (up to the horse) and the high run from the king.
    scalette_low: int | None = None
    scalette_high: int | None = None

    def known(self, name: str) -> bool:
        """Whether a fact was counted."""
        return getattr(self, name) is not None


TALLY_NAMES: tuple[str, ...] = tuple(f.name for f in fields(SideTally))
UNKNOWN = SideTally()


@dataclass(frozen=True, slots=True)
class TallyFact:
    """A fact a side's tally may count, as it is under every rule set: its name (a field of
    ``SideTally``), the scoring category it decides, its type and what it is."""

    name: str
    category: str
    kind: str
    description: str


CARDS_TAKEN = TallyFact("cards", "cards", INTEGER, N_("cards taken"))
COINS_TAKEN = TallyFact("coins", "coins", INTEGER, N_("cards of the bonus suit taken"))
SETTEBELLO = TallyFact("settebello", "settebello", BOOLEAN, N_("took the 7 of the bonus suit"))
# The prime under a table that sums values, and under one that counts ranks.
PRIME_BEST = TallyFact(
    "prime", "primiera", CARDS, N_("the prime: a card of the best value taken in each suit")
)
PRIME_RANKS = TallyFact(
    "prime", "primiera", CARDS, N_("the prime: every card taken of the ranks the table counts")
)
# A number; an integer under the rules whose values are all whole.
PRIME_POINTS = TallyFact(
    "prime_points",
    "primiera",
    NUMBER,
    N_(
        "the prime's points: the values of its cards summed, a card of every suit taken "
        "(instead of, or beside, the prime's cards)"
    ),
)
SCOPE = TallyFact("scope", "scope", INTEGER, N_("sweeps made"))
RE_BELLO = TallyFact("re_bello", "re_bello", BOOLEAN, N_("took the king of the bonus suit"))
SETTE_DI_COPPE = TallyFact("sette_di_coppe", "sette_di_coppe", BOOLEAN, N_("took the 7 of cups"))
NAPOLA = TallyFact(
    "napola",
    "napola",
    INTEGER,
    N_("the unbroken run of the bonus suit from the ace, in cards (0 below three)"),
)
SCALETTE_LOW = TallyFact(
    "scalette_low",
    "scalette",
    INTEGER,
    N_("the low run of the bonus suit from the ace, up to the horse (0 below three)"),
)
SCALETTE_HIGH = TallyFact(
    "scalette_high",
    "scalette",
    INTEGER,
    N_("the high run of the bonus suit from the king down (0 below three)"),
)
PIVA = TallyFact("piva", "piva", BOOLEAN, N_("took the 2 of clubs"))
GRANDE = TallyFact(
    "grande", "grande", BOOLEAN, N_("took the jack, horse and king of the bonus suit")
)
# Every fact a tally may count, in the order of ``SideTally``'s fields.
TALLY_FACTS: tuple[TallyFact, ...] = (
    CARDS_TAKEN,
    COINS_TAKEN,
    SCOPE,
    SETTEBELLO,
    PRIME_BEST,
    PRIME_RANKS,
    PRIME_POINTS,
    RE_BELLO,
    SETTE_DI_COPPE,
    PIVA,
    GRANDE,
    NAPOLA,
    SCALETTE_LOW,
    SCALETTE_HIGH,
)


def facts_named(name: str) -> tuple[TallyFact, ...]:
    """The facts a tally's field counts (the prime's, under either kind of table)."""
    return tuple(fact for fact in TALLY_FACTS if fact.name == name)


@dataclass(frozen=True, slots=True)
class TallyField:
    """One fact of a side's tally, as a form asks for it: its type and the values it takes."""

    name: str
    category: str
    kind: str
    description: str
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[int, ...] | None = None
    # The cards a boolean is about, or the cards a card list may hold.
    cards: Cards = 0
    max_items: int | None = None
    one_per_suit: bool = False
    # The field this one may be counted instead of (the prime's points, for its cards).
    instead_of: str | None = None


def _field(fact: TallyFact, **under_rules: Any) -> TallyField:
    """A fact as a form asks for it under some rules (its range, its cards)."""
    return TallyField(fact.name, fact.category, fact.kind, fact.description, **under_rules)


def _count_field(fact: TallyFact, top: Callable[[Rules], int]) -> Callable[[Rules], TallyField]:
    return lambda rules: _field(fact, minimum=0, maximum=top(rules))


def _card_field(fact: TallyFact, held: Callable[[Rules], Cards]) -> Callable[[Rules], TallyField]:
    return lambda rules: _field(fact, cards=held(rules))


def _run_field(fact: TallyFact, longest: Callable[[Rules], int]) -> Callable[[Rules], TallyField]:
    def build(rules: Rules) -> TallyField:
        top = longest(rules)
        choices = (0, *range(SHORTEST_RUN, top + 1)) if top >= SHORTEST_RUN else (0,)
        return _field(fact, minimum=0, maximum=choices[-1], choices=choices)

    return build


def coins_in_pack(rules: Rules) -> int:
    """How many cards of the bonus suit the pack holds."""
    return count(rules.pack_cards & SUIT_MASKS[rules.bonus])


def bonus_run(rules: Rules, ranks: range) -> int:
    """How many cards of the bonus suit, in the order of ``ranks``, the pack holds unbroken."""
    run = 0
    for rank in ranks:
        if not rules.pack_cards >> card(rank, rules.bonus) & 1:
            break
        run += 1
    return run


def prime_field(rules: Rules) -> TallyField:
    """The prime: the best card of each suit, or the cards of the ranks a count table counts."""
    if rules.prime_table not in PRIME_COUNT_ORDERS:
        return _field(
            PRIME_BEST, cards=rules.pack_cards, max_items=len(SUIT_MASKS), one_per_suit=True
        )
    counted = counted_cards(rules.prime_table) & rules.pack_cards
    return _field(PRIME_RANKS, cards=counted, max_items=count(counted))


def suit_values(rules: Rules, cards: Cards) -> tuple[tuple[float, ...], ...]:
    """Per suit, the prime values of ``cards`` under the rules' sum table, best first."""
    values = PRIME_TABLES[rules.prime_table]
    return tuple(
        tuple(sorted({values[rank_of(c)] for c in iter_cards(cards & suit)}, reverse=True))
        for suit in SUIT_MASKS
    )


def prime_points_field(rules: Rules) -> TallyField | None:
    """The prime's points, where the table sums values: a whole prime's total, between the
    lowest and the highest the pack makes; None for the rank-count tables."""
    if rules.prime_table not in PRIME_TABLES:
        return None
    by_suit = suit_values(rules, rules.pack_cards)
    every = [v for values in by_suit for v in values]
    whole = all(float(v).is_integer() for v in every)
    return replace(
        _field(
            PRIME_POINTS,
            minimum=math.floor(sum(values[-1] for values in by_suit if values)),
            maximum=math.ceil(sum(values[0] for values in by_suit if values)),
            instead_of=PRIME_BEST.name,
        ),
        kind=INTEGER if whole else NUMBER,
    )


# A field of a category under some rules; None where those rules do not ask for it.
FieldBuilder = Callable[[Rules], TallyField | None]
# The fields that decide each scoring category, in the order a form shows them.
FIELDS_OF_CATEGORY: Mapping[str, tuple[FieldBuilder, ...]] = MappingProxyType(
    {
        "cards": (_count_field(CARDS_TAKEN, lambda r: r.pack_size),),
        "coins": (_count_field(COINS_TAKEN, coins_in_pack),),
        "settebello": (_card_field(SETTEBELLO, lambda r: 1 << settebello_card(r)),),
        "primiera": (prime_field, prime_points_field),
        "scope": (
            _count_field(SCOPE, lambda r: max(plays_per_side(r, s) for s in range(r.sides))),
        ),
        "re_bello": (_card_field(RE_BELLO, lambda r: 1 << re_bello_card(r)),),
        "sette_di_coppe": (_card_field(SETTE_DI_COPPE, lambda r: 1 << SETTE_DI_COPPE_CARD),),
        "napola": (_run_field(NAPOLA, lambda r: bonus_run(r, range(1, RANKS_PER_SUIT + 1))),),
        "scalette": (
            _run_field(SCALETTE_LOW, lambda r: bonus_run(r, range(1, SCALETTA_LOW_TOP + 1))),
            _run_field(
                SCALETTE_HIGH,
                lambda r: bonus_run(r, range(RANKS_PER_SUIT, SCALETTA_HIGH_BOTTOM - 1, -1)),
            ),
        ),
        "piva": (_card_field(PIVA, lambda r: 1 << PIVA_CARD),),
        "grande": (_card_field(GRANDE, grande_cards),),
        # Declarations belong to the hand (seat, deal and cards shown), not to a side's count.
        "declarations": (),
    }
)
# Hand-level fields of a tallied hand besides the sides' tallies.
LEFTOVER = "leftover"
DECLARATIONS = "declarations"


def tally_fields(rules: Rules) -> tuple[TallyField, ...]:
    """The facts a side's tally needs under the rules, derived from their scoring categories."""
    order = {"cards": 0, "coins": 1, "settebello": 2, "primiera": 3, "scope": 4}
    ranked = sorted(categories(rules), key=lambda c: order.get(c, len(order)))
    built = (build(rules) for category in ranked for build in FIELDS_OF_CATEGORY[category])
    return tuple(spec for spec in built if spec is not None)


def uncounted(rules: Rules, tally: SideTally) -> tuple[str, ...]:
    """The facts the rules need that the tally does not count, each named by its field (a
    field counted instead of another counts for it)."""
    return tally_terms(rules).uncounted(tally)


def hand_fields(rules: Rules) -> tuple[str, ...]:
    """The hand-level fields of a tallied hand under the rules."""
    return (LEFTOVER, DECLARATIONS) if rules.declarations != "none" else (LEFTOVER,)


def tally_of(rules: Rules, pile: Cards, scope: int) -> SideTally:
    """The tally a side would count from its pile and scope, with the rules' fields only."""
    facts = facts_of(rules, pile, scope)
    grande = grande_cards(rules)
    every = SideTally(
        cards=facts.card_count,
        coins=facts.coin_count,
        scope=scope,
        settebello=bool(pile >> settebello_card(rules) & 1),
        prime=facts.prime.cards,
        re_bello=bool(pile >> re_bello_card(rules) & 1),
        sette_di_coppe=bool(pile >> SETTE_DI_COPPE_CARD & 1),
        piva=bool(pile >> PIVA_CARD & 1),
        grande=pile & grande == grande,
        napola=facts.napola_run,
        scalette_low=facts.scaletta_low,
        scalette_high=facts.scaletta_high,
    )
    asked = {f.name for f in tally_fields(rules)}
    return replace(every, **{name: None for name in TALLY_NAMES if name not in asked})


def single_cards(rules: Rules) -> Mapping[str, Card]:
    """The tally's fields about one card of the pack each (whoever took it scores), by name,
    with the card."""
    return tally_terms(rules).single_cards


def cards_not_in_pack(rules: Rules) -> tuple[str, ...]:
    """The tally's card fields about cards the pack lacks (the piva's 2 of clubs in a pack
    without twos): nobody can have taken them."""
    return tally_terms(rules).not_in_pack


@dataclass(frozen=True, slots=True)
class TallyTerms:
    """What the rules ask of every side's tally, worked out once: the fields, the cards the
    single-card fields name, the card fields about cards the pack lacks, the coins in the pack."""

    rules: Rules
    fields: tuple[TallyField, ...]
    single_cards: Mapping[str, Card]
    not_in_pack: tuple[str, ...]
    coins_in_pack: int

    @property
    def asked(self) -> frozenset[str]:
        """The names of the fields the rules ask for."""
        return frozenset(f.name for f in self.fields)

    def uncounted(self, tally: SideTally) -> tuple[str, ...]:
        """The facts the tally does not count (a field counted instead of another counts
        for it)."""
        counted = {f.instead_of or f.name for f in self.fields if tally.known(f.name)}
        return tuple(f.name for f in self.fields if f.instead_of is None and f.name not in counted)

    def complete(self, tally: SideTally) -> bool:
        """Whether the tally counts every fact the rules need."""
        return not self.uncounted(tally)

    def facts(self, tally: SideTally) -> SideFacts:
        """The scored facts of a complete tally."""
        marked = 0
        for name, held_card in self.single_cards.items():
            if getattr(tally, name):
                marked |= 1 << held_card
        if tally.grande:
            marked |= grande_cards(self.rules)
        return SideFacts(
            card_count=tally.cards or 0,
            coin_count=tally.coins or 0,
            marked=marked,
            prime=tally_prime(self.rules, tally) or prime_of(self.rules, 0),
            scope=tally.scope or 0,
            napola_run=tally.napola,
            scaletta_low=tally.scalette_low or 0,
            scaletta_high=tally.scalette_high or 0,
        )


def tally_terms(rules: Rules) -> TallyTerms:
    """What the rules ask of a side's tally, once for every side of a hand."""
    specs = tally_fields(rules)
    booleans = [f for f in specs if f.kind == BOOLEAN]
    return TallyTerms(
        rules=rules,
        fields=specs,
        single_cards=MappingProxyType(
            {
                f.name: next(iter_cards(f.cards))
                for f in booleans
                if count(f.cards) == 1 and f.cards & rules.pack_cards
            }
        ),
        not_in_pack=tuple(f.name for f in booleans if f.cards & ~rules.pack_cards),
        coins_in_pack=coins_in_pack(rules),
    )


def tally_prime(rules: Rules, tally: SideTally) -> Prime | None:
    """The side's prime as its tally gives it: from its cards, else from its points (a whole
    prime with no cards named), else None."""
    if tally.prime is not None:
        return prime_of(rules, tally.prime)
    if tally.prime_points is not None:
        return Prime(tally.prime_points, 0, True)
    return None
