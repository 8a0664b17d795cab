"""Whether the tallies of a hand can be true together: every miscount named, all at once.

The plain checks (each field in range, counts that add up to the pack, each scored single card
taken once, prime cards distinct and fitting the counts) name the field and what does not add
up. Tallies that pass them are then checked exactly: some way of sharing the pack's cards among
the sides must give every counted fact, a flow of cards to sides with each side's counts as
bounds (``shares``). When none does, the facts whose removal alone would make the tallies
possible are named.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from service.engine.cards import (
    SUIT_MASKS,
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
from service.engine.message import N_, Message
from service.engine.primes import PRIME_COUNT_ORDERS
from service.engine.rules import Rules
from service.engine.scoring import (
    SCALETTA_HIGH_BOTTOM,
    SCALETTA_LOW_TOP,
    counted_cards,
    grande_cards,
    prime_orders,
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
    tally_fields,
)

# The low and high groups of three cards of the bonus suit a run of 0 says were not all taken.
LOW_THREE = (1, 2, 3)
HIGH_THREE = (10, 9, 8)


def field_name(side: int, name: str | None = None) -> str:
    """The request field of a side's tally, or of one of its facts."""
    return f"tallies[{side}]" if name is None else f"tallies[{side}].{name}"


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
    if problems or shares(rules, tallies, leftover) is not None:
        return problems
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
                    Message(
                        "{scope} scope need at least {cards} cards in the pile",
                        scope=tally.scope,
                        cards=2 * tally.scope,
                    ),
                )
            )
        problems += run_problems(side, tally)
        if tally.prime is not None:
            problems += prime_fit_problems(rules, side, tally)
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
    """A card the side took that its prime leaves out: a better card of its suit (sum tables)
    or the card itself (its rank counted by the table) must be in it."""
    orders = PRIME_COUNT_ORDERS.get(rules.prime_table)
    if orders is not None:
        counted = any(rank_of(held) in ranks for ranks in orders)
        if counted and not prime >> held & 1:
            return [
                Problem(where, Message("{card} was taken, so it is in the prime", card=code(held)))
            ]
        return []
    order = prime_orders(rules.prime_table)[suit_of(held)]
    best = next((c for c in order if prime >> c & 1), None)
    if best is None or order.index(best) > order.index(held):
        return [
            Problem(
                where,
                Message(
                    "{card} was taken, so the prime's card of its suit is {card} or better",
                    card=code(held),
                ),
            )
        ]
    return []


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
    """Prime cards in two sides' primes or left over, and, with every prime counted, a suit's
    best card in nobody's prime."""
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
    if problems or any(t.prime is None for t in tallies):
        return problems
    shown = sum(1 << c for c in owner)
    if rules.prime_table in PRIME_COUNT_ORDERS:
        missing = counted_cards(rules.prime_table) & rules.pack_cards & ~shown & ~leftover
        if missing:
            listed = ", ".join(code(c) for c in iter_cards(missing))
            return [Problem("tallies", Message("in nobody's prime: {cards}", cards=listed))]
        return []
    for order in prime_orders(rules.prime_table):
        best = next((c for c in order if rules.pack_cards >> c & 1 and not leftover >> c & 1), None)
        if best is not None and best not in owner:
            problems.append(
                Problem(
                    "tallies",
                    Message(
                        "nobody's prime has {card}, the best of its suit: whoever took it has it "
                        "in the prime",
                        card=code(best),
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
    # (cards, at most): a run of 0 says the side did not take all three cards of the group.
    groups: tuple[tuple[Cards, int], ...]
    cards: tuple[int, int]
    coins: tuple[int, int]


def bounds_of(rules: Rules, tally: SideTally) -> SideBounds:
    """The side's pile as its tally bounds it."""
    required = forbidden = 0
    groups: dict[Cards, int] = {}
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
        groups[grande] = 2
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
            groups[group] = 2
    # Each scopa takes at least the played card and one from the table.
    fewest = 2 * (tally.scope or 0)
    cards = (tally.cards, tally.cards) if tally.cards is not None else (fewest, rules.pack_size)
    coins_top = coins_in_pack(rules)
    coins = (tally.coins, tally.coins) if tally.coins is not None else (0, coins_top)
    return SideBounds(required, forbidden, tuple(groups.items()), cards, coins)


def prime_bounds(rules: Rules, prime: Cards) -> tuple[Cards, Cards]:
    """The cards a prime says the side took, and those it says it did not."""
    if rules.prime_table in PRIME_COUNT_ORDERS:
        return prime, counted_cards(rules.prime_table) & ~prime
    forbidden = 0
    for order in prime_orders(rules.prime_table):
        best = next((c for c in order if prime >> c & 1), None)
        above = order if best is None else order[: order.index(best)]
        for c in above:
            forbidden |= 1 << c
    return prime, forbidden


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


def shares(
    rules: Rules, tallies: Sequence[SideTally], leftover: Cards = 0
) -> tuple[Cards, ...] | None:
    """Piles, one per side, that give every counted fact of the tallies (the leftover apart),
    or None when no sharing of the pack does."""
    bounds = [bounds_of(rules, t) for t in tallies]
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
        groups = []
        for cards, most in b.groups:
            node = net.node()
            net.edge(node, coin, 0, most)
            groups.append((cards, node))
        group_nodes.append(groups)
    placed: list[tuple[int, Card, int]] = []
    for c in iter_cards(rules.pack_cards & ~leftover):
        node = net.node()
        net.edge(source, node, 1, 1)
        for side, b in enumerate(bounds):
            if b.forbidden >> c & 1 or (claimed & ~b.required) >> c & 1:
                continue
            target = plain_nodes[side]
            if bonus >> c & 1:
                target = next(
                    (g for cards, g in group_nodes[side] if cards >> c & 1), coin_nodes[side]
                )
            placed.append((net.edge(node, target, 0, 1), c, side))
    if not net.solve(source, sink):
        return None
    piles = [0] * len(tallies)
    for edge, c, side in placed:
        if net.flow(edge):
            piles[side] |= 1 << c
    return tuple(piles)


def blamed(rules: Rules, tallies: Sequence[SideTally], leftover: Cards) -> list[Problem]:
    """The counted facts whose removal alone makes the tallies possible, each named; else one
    problem for the tallies as a whole."""
    problems = []
    for side, tally in enumerate(tallies):
        for name in TALLY_NAMES:
            if getattr(tally, name) is None:
                continue
            without = list(tallies)
            without[side] = replace(tally, **{name: None})
            if shares(rules, without, leftover) is not None:
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
