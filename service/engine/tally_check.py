"""Whether the tallies of a hand can be true together: every miscount named, all at once.

The plain checks (each field in range, counts that add up to the pack, each scored single card
taken once, prime cards distinct and fitting the counts, prime points that a whole prime makes)
name the field and what does not add up. Tallies that pass them are then checked exactly: some
way of sharing the pack's cards among the sides must give every counted fact, a flow of cards
to sides with each side's counts as bounds (``shares``). When none does, the facts whose
removal alone would make the tallies possible are named.

A prime is judged by value, never by one chosen card: a card named for a suit says that the
side took it and nothing of the suit worth more, so any card of the best value taken there may
stand for it. A prime counted as points says that the side holds a card of every suit, worth
that much together; the exact check tries each value a suit that makes them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

from service.engine.cards import (
    SUIT_MASKS,
    SUITS,
    Card,
    Cards,
    card,
    code,
    count,
    iter_cards,
    rank_of,
    suit_of,
)
from service.engine.errors import Problem
from service.engine.flow import UNBOUNDED, Network
from service.engine.message import N_, Message, Plural
from service.engine.primes import PRIME_COUNT_ORDERS
from service.engine.rules import Rules
from service.engine.scoring import (
    SCALETTA_HIGH_BOTTOM,
    SCALETTA_LOW_TOP,
    counted_cards,
    grande_cards,
    prime_of,
)
from service.engine.tally import (
    BOOLEAN,
    CARDS,
    SHORTEST_RUN,
    TALLY_NAMES,
    SideTally,
    TallyField,
    cards_not_in_pack,
    coins_in_pack,
    single_cards,
    suit_values,
    tally_fields,
)
from service.engine.tally_primes import (
    best_value,
    prime_value,
    suit_options,
    whole_totals,
    worth,
    worth_more,
)

# The low and high groups of three cards of the bonus suit a run of 0 says were not all taken.
LOW_THREE = (1, 2, 3)
HIGH_THREE = (10, 9, 8)
# The most steps (``Budget``) the exact check of primes counted as points takes, and the most
# the naming of the facts to blame takes after it: a suit's values weighed for the totals left
# is a step (a millisecond at most), a sharing tried five.
CHECK_BUDGET = 1000
BLAME_BUDGET = 600
SHARING_STEPS = 5


def field_name(side: int, name: str | None = None) -> str:
    """The request field of a side's tally, or of one of its facts."""
    return f"tallies[{side}]" if name is None else f"tallies[{side}].{name}"


def shown(value: float) -> str:
    """A prime value as players write it (78, 5.5), never rounded to another."""
    return f"{value:.15g}"


def tally_problems(
    rules: Rules, tallies: Sequence[SideTally], leftover: Cards = 0, *, explain: bool = True
) -> list[Problem]:
    """Every reason the tallies of a finished hand cannot be true; empty when they can.

    ``explain``: when only the exact check fails, name the facts to blame (a few more checks).
    """
    if len(tallies) != rules.sides:
        return [
            Problem(
                "tallies",
                Message(
                    "expected {sides} tallies, one per side (null for a side not counted)",
                    sides=rules.sides,
                ),
            )
        ]
    problems = field_problems(rules, tallies, leftover)
    if problems:
        return problems
    problems = side_problems(rules, tallies) + sum_problems(rules, tallies, leftover)
    problems += single_card_problems(rules, tallies, leftover) + prime_problems(
        rules, tallies, leftover
    )
    if problems:
        return problems
    try:
        if shares(rules, tallies, leftover, budget=Budget(CHECK_BUDGET)) is not None:
            return []
    except CheckTooLongError:
        return [
            Problem(
                field_name(side, "prime_points"),
                Message(
                    "too many primes make these points to check them against the rest of the "
                    "tallies: name the prime's cards"
                ),
            )
            for side, t in enumerate(tallies)
            if t.prime is None and t.prime_points is not None
        ]
    return blamed(rules, tallies, leftover) if explain else [impossible()]


def impossible() -> Problem:
    """The problem of tallies that no sharing of the pack gives."""
    return Problem(
        "tallies",
        Message("these tallies cannot all be true: no way of sharing the pack gives them all"),
    )


def field_problems(rules: Rules, tallies: Sequence[SideTally], leftover: Cards) -> list[Problem]:
    """Facts the rules do not score, values out of range, cards a field cannot hold."""
    problems: list[Problem] = []
    if leftover & ~rules.pack_cards:
        outside = ", ".join(code(c) for c in iter_cards(leftover & ~rules.pack_cards))
        problems.append(
            Problem(
                "leftover",
                Message("not in the {pack} pack: {cards}", pack=rules.pack, cards=outside),
            )
        )
    asked = {f.name: f for f in tally_fields(rules)}
    missing = cards_not_in_pack(rules)
    for side, tally in enumerate(tallies):
        for name in missing:
            if getattr(tally, name):
                shown = ", ".join(code(c) for c in iter_cards(asked[name].cards))
                problems.append(
                    Problem(
                        field_name(side, name),
                        Message("not in the {pack} pack: {cards}", pack=rules.pack, cards=shown),
                    )
                )
        for name in TALLY_NAMES:
            value = getattr(tally, name)
            if value is None:
                continue
            spec = asked.get(name)
            if spec is None:
                problems.append(
                    Problem(field_name(side, name), Message("these rules do not score it"))
                )
            else:
                problems += value_problems(field_name(side, name), spec, value)
    return problems


def value_problems(where: str, spec: TallyField, value: int | bool) -> list[Problem]:
    """A counted value outside what its field takes."""
    if spec.kind == BOOLEAN:
        return []
    if spec.kind == CARDS:
        cards = int(value)
        problems = [
            Problem(where, Message("{card} cannot be in the prime here", card=code(c)))
            for c in iter_cards(cards & ~spec.cards)
        ]
        if spec.one_per_suit and any(count(cards & suit) > 1 for suit in SUIT_MASKS):
            problems.append(Problem(where, Message("one card of each suit at most")))
        return problems
    if spec.choices is not None and value not in spec.choices:
        listed = ", ".join(map(str, spec.choices))
        return [Problem(where, Message("must be one of {choices}", choices=listed))]
    if (
        spec.minimum is not None
        and spec.maximum is not None
        and not spec.minimum <= value <= spec.maximum
    ):
        return [
            Problem(
                where,
                Message("must be {low} to {high}", low=spec.minimum, high=spec.maximum),
            )
        ]
    return []


def side_problems(rules: Rules, tallies: Sequence[SideTally]) -> list[Problem]:
    """One side's facts that contradict each other: more coins than cards, more scope than
    half the cards, runs longer than the coins taken, a prime that does not fit the cards and
    coins (the scope a side's plays allow is the field's range)."""
    problems: list[Problem] = []
    for side, tally in enumerate(tallies):
        cards, coins = tally.cards, tally.coins
        if cards is not None and coins is not None and coins > cards:
            problems.append(
                Problem(
                    field_name(side, "coins"),
                    Message("more coins ({coins}) than cards ({cards})", coins=coins, cards=cards),
                )
            )
        if cards is not None and tally.scope is not None and 2 * tally.scope > cards:
            problems.append(
                Problem(
                    field_name(side, "scope"),
                    Plural(
                        "{count} scopa needs at least {cards} cards in the pile",
                        "{count} scope need at least {cards} cards in the pile",
                        tally.scope,
                        cards=2 * tally.scope,
                    ),
                )
            )
        problems += run_problems(side, tally)
        if tally.prime is not None:
            problems += prime_fit_problems(rules, side, tally)
        if tally.prime_points is not None:
            problems += points_problems(rules, side, tally)
    return problems


def run_problems(side: int, tally: SideTally) -> list[Problem]:
    """Runs of the bonus suit longer than the coins the side took."""
    problems = []
    for name in ("napola", "scalette_low", "scalette_high"):
        run = getattr(tally, name)
        if run and tally.coins is not None and run > tally.coins:
            problems.append(
                Problem(
                    field_name(side, name),
                    Message(
                        "a run of {run} needs {run} coins; the side took {coins}",
                        run=run,
                        coins=tally.coins,
                    ),
                )
            )
    low, high = tally.scalette_low or 0, tally.scalette_high or 0
    if low and high and tally.coins is not None:
        # The runs overlap only when the side took the whole suit.
        needed = min(low + high, SCALETTA_LOW_TOP + 1)
        if needed > tally.coins:
            problems.append(
                Problem(
                    field_name(side, "scalette_high"),
                    Message(
                        "runs of {low} and {high} need {needed} coins; the side took {coins}",
                        low=low,
                        high=high,
                        needed=needed,
                        coins=tally.coins,
                    ),
                )
            )
    return problems


def prime_fit_problems(rules: Rules, side: int, tally: SideTally) -> list[Problem]:
    """A prime with more cards than the side took, or at odds with its coins and the scored
    cards it says it took."""
    prime = tally.prime or 0
    where = field_name(side, "prime")
    problems: list[Problem] = []
    if tally.cards is not None and count(prime) > tally.cards:
        problems.append(
            Problem(
                where,
                Message(
                    "{shown} cards in the prime but the side took {cards}",
                    shown=count(prime),
                    cards=tally.cards,
                ),
            )
        )
    bonus = SUIT_MASKS[rules.bonus]
    counted_by_rank = rules.prime_table in PRIME_COUNT_ORDERS
    if not counted_by_rank and tally.coins is not None and bool(prime & bonus) != (tally.coins > 0):
        reason = (
            Message("the side took coins, so its best coin is in the prime")
            if tally.coins
            else Message("a coin in the prime, but the side took no coins")
        )
        problems.append(Problem(where, reason))
    for held in held_cards(rules, tally):
        problems += held_in_prime_problems(rules, where, prime, held)
    return problems


def held_cards(rules: Rules, tally: SideTally) -> list[Card]:
    """The cards a tally says the side took (scored single cards, Grande's three)."""
    held = [c for name, c in single_cards(rules).items() if getattr(tally, name)]
    if tally.grande:
        held += list(iter_cards(grande_cards(rules)))
    return held


def held_in_prime_problems(rules: Rules, where: str, prime: Cards, held: Card) -> list[Problem]:
    """A card the side took that its prime leaves out: a card of its suit worth as much or
    more (sum tables) or the card itself (its rank counted by the table) must be in it."""
    orders = PRIME_COUNT_ORDERS.get(rules.prime_table)
    if orders is not None:
        counted = any(rank_of(held) in ranks for ranks in orders)
        if counted and not prime >> held & 1:
            return [
                Problem(where, Message("{card} was taken, so it is in the prime", card=code(held)))
            ]
        return []
    named = best_value(rules, prime & SUIT_MASKS[suit_of(held)])
    value = prime_value(rules, held)
    if named is None or named < value:
        return [
            Problem(
                where,
                Message(
                    "{card} was taken, so the prime's card of its suit is worth {value} or more",
                    card=code(held),
                    value=shown(value),
                ),
            )
        ]
    return []


def points_problems(rules: Rules, side: int, tally: SideTally) -> list[Problem]:
    """Prime points that no whole prime of the side makes: beside its cards, points the cards
    do not make; alone, fewer cards than suits, no coin, or a total that no card of each suit
    makes (with the scored cards the side took among them)."""
    points = tally.prime_points or 0
    where = field_name(side, "prime_points")
    if tally.prime is not None:
        named = prime_of(rules, tally.prime)
        if not named.complete:
            reason = Message(
                "points count a prime with a card of every suit; these cards lack a suit"
            )
            return [Problem(where, reason)]
        # Points are asked only under the sum tables (field_problems stops the rest).
        assert not isinstance(named.value, tuple)
        if named.value != points:
            return [
                Problem(
                    where,
                    Message(
                        "the prime's cards make {value}, not {points}",
                        value=shown(named.value),
                        points=shown(points),
                    ),
                )
            ]
        return []
    problems = []
    if tally.cards is not None and tally.cards < len(SUITS):
        problems.append(
            Problem(
                where,
                Message(
                    "a prime with a card of every suit needs {suits} cards; the side took {cards}",
                    suits=len(SUITS),
                    cards=tally.cards,
                ),
            )
        )
    if tally.coins == 0:
        problems.append(
            Problem(
                where,
                Message("a prime with a card of every suit has a coin; the side took no coins"),
            )
        )
    every = suit_values(rules, rules.pack_cards)
    held = sum(1 << c for c in held_cards(rules, tally))
    floors = [best_value(rules, held & suit) or 0 for suit in SUIT_MASKS]
    limited = [
        [v for v in values if v >= floor] for values, floor in zip(every, floors, strict=True)
    ]
    if points not in whole_totals(every):
        problems.append(
            Problem(
                where,
                Message("no prime with a card of every suit makes {points}", points=shown(points)),
            )
        )
    elif points not in whole_totals(limited):
        problems.append(
            Problem(
                where,
                Message(
                    "with {cards} taken, no prime with a card of every suit makes {points}",
                    cards=", ".join(code(c) for c in iter_cards(held)),
                    points=shown(points),
                ),
            )
        )
    return problems


# What a count of cards or coins that does not add up says: all counted, or some.
SUM_REASONS = {
    "cards": (
        N_("cards taken add up to {total} ({parts}, {left} left over); the pack has {available}"),
        N_(
            "cards taken add up to {total} ({parts}, {left} left over), more than the pack's "
            "{available}"
        ),
    ),
    "coins": (
        N_("coins taken add up to {total} ({parts}, {left} left over); the pack has {available}"),
        N_(
            "coins taken add up to {total} ({parts}, {left} left over), more than the pack's "
            "{available}"
        ),
    ),
}


def sum_problems(rules: Rules, tallies: Sequence[SideTally], leftover: Cards) -> list[Problem]:
    """Cards and coins of every side, with the leftover, that do not add up to the pack."""
    problems: list[Problem] = []
    bonus = SUIT_MASKS[rules.bonus]
    for name, available, left in (
        ("cards", rules.pack_size, count(leftover)),
        ("coins", coins_in_pack(rules), count(leftover & bonus)),
    ):
        counted = [getattr(t, name) for t in tallies]
        known = [n for n in counted if n is not None]
        total = sum(known) + left
        every, some = SUM_REASONS[name]
        if len(known) == len(counted) and total != available:
            template = every
        elif total > available:
            template = some
        else:
            continue
        reason = Message(
            template,
            total=total,
            parts=" + ".join(map(str, known)) or "0",
            left=left,
            available=available,
        )
        problems.append(Problem("tallies", reason))
    return problems


def single_card_problems(
    rules: Rules, tallies: Sequence[SideTally], leftover: Cards
) -> list[Problem]:
    """A scored single card taken by two sides, taken while left over, or taken by nobody."""
    problems: list[Problem] = []
    singles = dict(single_cards(rules))
    groups = {name: 1 << c for name, c in singles.items()}
    if any(f.name == "grande" for f in tally_fields(rules)):
        groups["grande"] = grande_cards(rules)
    for name, cards in groups.items():
        takers = [s for s, t in enumerate(tallies) if getattr(t, name)]
        shown = ", ".join(code(c) for c in iter_cards(cards))
        for side in takers:
            others = [s for s in takers if s != side]
            if others:
                problems.append(
                    Problem(
                        field_name(side, name),
                        Message("{cards} also taken by side {other}", cards=shown, other=others[0]),
                    )
                )
            elif leftover & cards:
                problems.append(
                    Problem(field_name(side, name), Message("{cards} is left over", cards=shown))
                )
        everyone = all(getattr(t, name) is False for t in tallies)
        if name in singles and everyone and not leftover & cards:
            problems.append(
                Problem(
                    "tallies",
                    Message(
                        "nobody took {card} ({name}) and it is not left over", card=shown, name=name
                    ),
                )
            )
    return problems


def prime_problems(rules: Rules, tallies: Sequence[SideTally], leftover: Cards) -> list[Problem]:
    """Prime cards in two sides' primes or left over; prime points that no prime the side can
    hold beside the others' makes; and, with every prime named by its cards, a suit's best
    value in nobody's prime."""
    problems: list[Problem] = []
    owner: dict[Card, int] = {}
    for side, tally in enumerate(tallies):
        for c in iter_cards(tally.prime or 0):
            if c in owner:
                problems.append(
                    Problem(
                        field_name(side, "prime"),
                        Message(
                            "{card} is also in side {other}'s prime", card=code(c), other=owner[c]
                        ),
                    )
                )
            elif leftover >> c & 1:
                problems.append(
                    Problem(field_name(side, "prime"), Message("{card} is left over", card=code(c)))
                )
            owner.setdefault(c, side)
    if problems:
        return problems
    problems = reachable_points_problems(rules, tallies, leftover)
    if problems or any(t.prime is None for t in tallies):
        return problems
    named = sum(1 << c for c in owner)
    if rules.prime_table in PRIME_COUNT_ORDERS:
        missing = counted_cards(rules.prime_table) & rules.pack_cards & ~named & ~leftover
        if missing:
            listed = ", ".join(code(c) for c in iter_cards(missing))
            return [Problem("tallies", Message("in nobody's prime: {cards}", cards=listed))]
        return []
    for suit in SUIT_MASKS:
        cards = rules.pack_cards & suit & ~leftover
        top = best_value(rules, cards)
        if top is None or best_value(rules, named & suit) == top:
            continue
        best = worth(rules, cards, top)
        listed = ", ".join(code(c) for c in iter_cards(best))
        reason = (
            Message(
                "nobody's prime has {card}, the best of its suit: whoever took it has it "
                "in the prime",
                card=listed,
            )
            if count(best) == 1
            else Message(
                "nobody's prime has one of {cards}, the best of their suit: whoever took one "
                "has one in the prime",
                cards=listed,
            )
        )
        problems.append(Problem("tallies", reason))
    return problems


def reachable_points_problems(
    rules: Rules, tallies: Sequence[SideTally], leftover: Cards
) -> list[Problem]:
    """Prime points counted alone that no prime the side can hold makes beside the other
    sides' primes and the cards left over (its own facts already allow them)."""
    problems = []
    for side, tally in enumerate(tallies):
        if tally.prime is not None or tally.prime_points is None:
            continue
        if points_problems(rules, side, tally):
            continue  # named with the side's own facts
        held = sum(1 << c for c in held_cards(rules, tally))
        options = [
            [v for v in choices if v is not None and v >= (best_value(rules, held & suit) or 0)]
            for choices, suit in zip(
                suit_options(rules, tallies, side, leftover), SUIT_MASKS, strict=True
            )
        ]
        if tally.prime_points not in whole_totals(options):
            problems.append(
                Problem(
                    field_name(side, "prime_points"),
                    Message(
                        "beside the other sides' primes and the cards left over, no prime the "
                        "side can hold makes {points}",
                        points=shown(tally.prime_points),
                    ),
                )
            )
    return problems


@dataclass(frozen=True, slots=True)
class SideBounds:
    """What a tally says of a side's pile: the cards it must and must not hold, groups of cards
    it holds only some of, and the bounds of its card and coin counts."""

    required: Cards
    forbidden: Cards
    # (cards of one suit, at least, at most): a run of 0 says the side did not take all three
    # cards of the group; a prime counted as points, that it took one of the cards of a suit
    # worth its value there. The groups of a side nest (or are apart).
    groups: tuple[tuple[Cards, int, int], ...]
    cards: tuple[int, int]
    coins: tuple[int, int]


def bounds_of(rules: Rules, tally: SideTally) -> SideBounds:
    """The side's pile as its tally bounds it."""
    required = forbidden = 0
    groups: dict[Cards, tuple[int, int]] = {}
    for name, c in single_cards(rules).items():
        held = getattr(tally, name)
        if held is True:
            required |= 1 << c
        elif held is False:
            forbidden |= 1 << c
    grande = grande_cards(rules)
    if tally.grande is True:
        required |= grande
    elif tally.grande is False:
        groups[grande] = (0, 2)
    if tally.prime is not None:
        r, f = prime_bounds(rules, tally.prime)
        required |= r
        forbidden |= f
    runs = (
        (tally.napola, range(1, 11), LOW_THREE),
        (tally.scalette_low, range(1, SCALETTA_LOW_TOP + 1), LOW_THREE),
        (tally.scalette_high, range(10, SCALETTA_HIGH_BOTTOM - 1, -1), HIGH_THREE),
    )
    for run, ranks, three in runs:
        taken, broken, group = run_bounds(rules, run, ranks, three)
        required |= taken
        forbidden |= broken
        if group:
            groups[group] = (0, 2)
    # Each scopa takes at least the played card and one from the table.
    fewest = 2 * (tally.scope or 0)
    cards = (tally.cards, tally.cards) if tally.cards is not None else (fewest, rules.pack_size)
    coins_top = coins_in_pack(rules)
    coins = (tally.coins, tally.coins) if tally.coins is not None else (0, coins_top)
    return SideBounds(
        required,
        forbidden,
        tuple((g, low, high) for g, (low, high) in groups.items()),
        cards,
        coins,
    )


def prime_bounds(rules: Rules, prime: Cards) -> tuple[Cards, Cards]:
    """The cards a prime says the side took, and those it says it did not: for a sum table,
    every card of a suit worth more than the card named (the whole suit where none is)."""
    if rules.prime_table in PRIME_COUNT_ORDERS:
        return prime, counted_cards(rules.prime_table) & ~prime
    forbidden = 0
    for suit in SUIT_MASKS:
        named = best_value(rules, prime & suit)
        forbidden |= suit if named is None else worth_more(rules, suit, named)
    return prime, forbidden


def with_prime_values(
    rules: Rules, bounds: SideBounds, values: Sequence[float | None]
) -> Iterator[SideBounds]:
    """A side's bounds once its prime, counted as points, is worth ``values`` suit by suit:
    nothing of a suit worth more, and one of its cards worth as much (a group of them, or,
    where that group would cross another of the side's, each of them in turn); a value not
    yet chosen (None) asks only for a card of the suit."""
    required, forbidden = bounds.required, bounds.forbidden
    groups = {cards: (low, high) for cards, low, high in bounds.groups}
    branches: list[Cards] = []
    for suit, value in zip(SUIT_MASKS, values, strict=True):
        if value is None:
            same = suit & rules.pack_cards
        else:
            forbidden |= worth_more(rules, suit, value)
            same = worth(rules, suit & rules.pack_cards, value)
        if same & required:
            continue
        if count(same) == 1:
            required |= same
        elif any(g & same and g & ~same and same & ~g for g in groups):
            branches.append(same)
        else:
            low, high = groups.get(same, (0, count(same)))
            groups[same] = (max(low, 1), high)
    nested = tuple((g, low, high) for g, (low, high) in groups.items())
    for picks in itertools.product(*(list(iter_cards(b)) for b in branches)):
        chosen = sum(1 << c for c in picks)
        yield replace(bounds, required=required | chosen, forbidden=forbidden, groups=nested)


def run_bounds(
    rules: Rules, run: int | None, ranks: range, three: tuple[int, ...]
) -> tuple[Cards, Cards, Cards]:
    """A run's cards taken and the card that breaks it, or, for a run of 0, the group of three
    cards not all taken (0 when the pack lacks one of them)."""
    if run is None:
        return 0, 0, 0
    suit = rules.bonus
    if run >= SHORTEST_RUN:
        taken = sum(1 << card(rank, suit) for rank in ranks[:run])
        broken = 1 << card(ranks[run], suit) & rules.pack_cards if run < len(ranks) else 0
        return taken, broken, 0
    group = sum(1 << card(rank, suit) for rank in three)
    return 0, 0, group if group & rules.pack_cards == group else 0


class CheckTooLongError(ValueError):
    """The exact check of primes counted as points ran out of its budget of steps."""


@dataclass(slots=True)
class Budget:
    """How many more steps one check may take."""

    left: int

    def spend(self, steps: int = 1) -> None:
        """Count some steps, or raise CheckTooLongError when they are more than are left."""
        if steps > self.left:
            raise CheckTooLongError
        self.left -= steps


def shares(
    rules: Rules,
    tallies: Sequence[SideTally],
    leftover: Cards = 0,
    *,
    budget: Budget | None = None,
) -> tuple[Cards, ...] | None:
    """Piles, one per side, that give every counted fact of the tallies (the leftover apart),
    or None when no sharing of the pack does. A prime counted as points alone is tried suit by
    suit with each value that can still make them, a sharing checked at every step; with a
    ``budget``, CheckTooLongError when it runs out first."""
    bounds = [bounds_of(rules, t) for t in tallies]
    points = {
        side: t.prime_points
        for side, t in enumerate(tallies)
        if t.prime is None and t.prime_points is not None
    }
    if budget is not None:
        budget.spend(SHARING_STEPS)
    if not points:
        return sharing(rules, bounds, leftover)
    sides = sorted(points)
    options = [point_options(rules, tallies, bounds, side, leftover) for side in sides]
    # Per suit, the values the sides counted as points may hold there together.
    joint = [
        suit_choices(rules, tallies, sides, [o[k] for o in options], k=k, leftover=leftover)
        for k in range(len(SUITS))
    ]
    # Per side, the totals the suits from the k-th on can add, each side on its own.
    reach: list[list[set[float]]] = []
    for side_options in options:
        sums: list[set[float]] = [{0.0}]
        for values in reversed(side_options):
            sums.insert(0, {total + v for total in sums[0] for v in values})
        reach.append(sums)
    completable: dict[tuple[int, tuple[float, ...]], bool] = {}

    def completes(k: int, rest: tuple[float, ...]) -> bool:
        """Whether the suits from the k-th on can add up to ``rest`` for every side."""
        if not all(r in reach[i][k] for i, r in enumerate(rest)):
            return False
        if k == len(SUITS):
            return True
        key = (k, rest)
        if key not in completable:
            if budget is not None:
                budget.spend()
            completable[key] = any(
                completes(k + 1, tuple(r - v for r, v in zip(rest, values, strict=True)))
                for values in joint[k]
            )
        return completable[key]

    def walk(
        k: int, rest: tuple[float, ...], chosen: tuple[tuple[float, ...], ...]
    ) -> tuple[Cards, ...] | None:
        """A sharing with the values chosen for the suits before the k-th (the sides still to
        make ``rest``), or None."""
        open_suits = (None,) * (len(SUITS) - k)
        by_side = dict(zip(sides, chosen, strict=True))
        made = [
            with_prime_values(rules, b, (*by_side[side], *open_suits))
            if side in by_side
            else iter((b,))
            for side, b in enumerate(bounds)
        ]
        piles = None
        for alternative in itertools.product(*made):
            if budget is not None and k:
                budget.spend(SHARING_STEPS)
            piles = sharing(rules, alternative, leftover)
            if piles is not None:
                break
        if piles is None or k == len(SUITS):
            return piles
        for values in joint[k]:
            left = tuple(r - v for r, v in zip(rest, values, strict=True))
            if completes(k + 1, left):
                found = walk(
                    k + 1, left, tuple((*c, v) for c, v in zip(chosen, values, strict=True))
                )
                if found is not None:
                    return found
        return None

    target = tuple(points[side] for side in sides)
    if not completes(0, target):
        return None
    return walk(0, target, tuple(() for _ in sides))


def point_options(
    rules: Rules,
    tallies: Sequence[SideTally],
    bounds: Sequence[SideBounds],
    side: int,
    leftover: Cards,
) -> list[list[float]]:
    """Per suit, the values a side whose prime is counted as points may hold there: those the
    other sides' primes leave it, no less than a card it took, with a card worth it that it
    may take."""
    mine = bounds[side]
    others = 0
    for i, b in enumerate(bounds):
        if i != side:
            others |= b.required
    options = []
    for choices, suit in zip(suit_options(rules, tallies, side, leftover), SUIT_MASKS, strict=True):
        cards = rules.pack_cards & suit & ~leftover
        floor = best_value(rules, mine.required & suit) or 0
        free = cards & ~mine.forbidden & ~others | mine.required & suit
        options.append(
            [v for v in choices if v is not None and v >= floor and worth(rules, free, v)]
        )
    return options


def suit_choices(
    rules: Rules,
    tallies: Sequence[SideTally],
    sides: Sequence[int],
    options: Sequence[Sequence[float]],
    *,
    k: int,
    leftover: Cards,
) -> list[tuple[float, ...]]:
    """The values the sides counted as points (``sides``, each with its ``options``) may hold
    together in the ``k``-th suit beside the other primes: no more sides on a value than the
    cards worth it that no prime names, and some side free to hold the suit's best card."""
    suit = SUIT_MASKS[k]
    cards = rules.pack_cards & suit & ~leftover
    free = Counter(prime_value(rules, c) for c in iter_cards(cards & ~named_primes(tallies)))
    top = best_value(rules, cards)
    others = [t for side, t in enumerate(tallies) if side not in sides]
    if top is None or any(t.prime is None for t in others):
        top = None  # nothing to place, or a side not counted may hold the best card
    elif any(best_value(rules, (t.prime or 0) & suit) == top for t in others):
        top = None
    return [
        values
        for values in itertools.product(*options)
        if (top is None or max(values) >= top)
        and all(free[v] >= n for v, n in Counter(values).items())
    ]


def named_primes(tallies: Sequence[SideTally]) -> Cards:
    """Every card named in some side's prime."""
    named = 0
    for t in tallies:
        named |= t.prime or 0
    return named


def sharing(
    rules: Rules, bounds: Sequence[SideBounds], leftover: Cards
) -> tuple[Cards, ...] | None:
    """Piles, one per side, within each side's bounds (the leftover apart), or None when no
    sharing of the pack gives them."""
    claimed = 0
    for b in bounds:
        if b.required & b.forbidden or b.required & leftover or b.required & claimed:
            return None
        claimed |= b.required
    bonus = SUIT_MASKS[rules.bonus]
    net = Network()
    source, sink = net.node(), net.node()
    coin_nodes, plain_nodes, group_nodes = [], [], []
    for b in bounds:
        side = net.node()
        net.edge(side, sink, *b.cards)
        coin, plain = net.node(), net.node()
        net.edge(coin, side, *b.coins)
        net.edge(plain, side, 0, UNBOUNDED)
        coin_nodes.append(coin)
        plain_nodes.append(plain)
        # Larger groups first, so that each hangs below the smallest group holding it.
        groups: list[tuple[Cards, int]] = []
        for cards, low, high in sorted(b.groups, key=lambda g: -count(g[0])):
            above = coin if cards & bonus else plain
            parent = next((node for held, node in reversed(groups) if cards & ~held == 0), above)
            node = net.node()
            net.edge(node, parent, low, high)
            groups.append((cards, node))
        group_nodes.append(groups)
    placed: list[tuple[int, Card, int]] = []
    for c in iter_cards(rules.pack_cards & ~leftover):
        node = net.node()
        net.edge(source, node, 1, 1)
        for side, b in enumerate(bounds):
            if b.forbidden >> c & 1 or (claimed & ~b.required) >> c & 1:
                continue
            above = coin_nodes[side] if bonus >> c & 1 else plain_nodes[side]
            target = next((g for cards, g in reversed(group_nodes[side]) if cards >> c & 1), above)
            placed.append((net.edge(node, target, 0, 1), c, side))
    if not net.solve(source, sink):
        return None
    piles = [0] * len(bounds)
    for edge, c, side in placed:
        if net.flow(edge):
            piles[side] |= 1 << c
    return tuple(piles)


def blamed(rules: Rules, tallies: Sequence[SideTally], leftover: Cards) -> list[Problem]:
    """The counted facts whose removal alone makes the tallies possible, each named; else one
    problem for the tallies as a whole (within a budget of steps: past it, those named so
    far)."""
    problems: list[Problem] = []
    budget = Budget(BLAME_BUDGET)
    for side, tally in enumerate(tallies):
        for name in TALLY_NAMES:
            if getattr(tally, name) is None:
                continue
            without = list(tallies)
            without[side] = replace(tally, **{name: None})
            try:
                found = shares(rules, without, leftover, budget=budget)
            except CheckTooLongError:
                return problems or [impossible()]
            if found is not None:
                problems.append(
                    Problem(
                        field_name(side, name),
                        Message(
                            "cannot be true with the rest of the tallies: without it they "
                            "would add up"
                        ),
                    )
                )
    return problems or [impossible()]
