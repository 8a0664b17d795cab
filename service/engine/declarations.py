"""Hand declarations after a three-card deal (Bazzica, Sbarazzina, Cirulla), as data."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from service.engine.cards import Card, Cards, code, codes, count, iter_cards, rank_of
from service.engine.errors import Problem
from service.engine.message import Message
from service.engine.rules import NO_DECLARATIONS, Rules
from service.engine.schemes import (
    DECLARED_CARDS,
    LOW_TOTAL,
    SCHEMES,
    THREE_OF_A_RANK,
    Scheme,
)


@dataclass(frozen=True, slots=True)
class Declaration:
    """Three cards a seat showed right after a deal (``deal`` counts from 1)."""

    seat: int
    deal: int
    cards: Cards


@dataclass(frozen=True, slots=True)
class Shown:
    """What a declared hand is: its kind, the value compared (lower is better), its points."""

    kind: str
    value: int
    points: int


def scheme_of(rules: Rules) -> Scheme | None:
    """The declaration scheme of the rules, or None when there are no declarations."""
    return SCHEMES.get(rules.declarations)


def _value(scheme: Scheme, c: Card) -> int:
    rank = rank_of(c)
    return scheme.faces_count if scheme.faces_count is not None and rank > 7 else rank


def _classify(scheme: Scheme, ranks: Sequence[int], values: Sequence[int]) -> Shown | None:
    if len(set(ranks)) == 1:
        return Shown(THREE_OF_A_RANK, ranks[0], scheme.three_points)
    total = sum(values)
    if total <= scheme.max_total:
        paired = len(set(ranks)) < len(ranks)
        return Shown(LOW_TOTAL, total, scheme.pair_points if paired else scheme.plain_points)
    return None


def _strength(shown: Shown) -> tuple[bool, int]:
    """Comparison key of declarations: three of a rank beats any low total; then lower value."""
    return (shown.kind != THREE_OF_A_RANK, shown.value)


def shown_hand(rules: Rules, hand: Cards) -> Shown | None:
    """What a three-card hand declares under the rules, or None when it declares nothing.

    With a wild card the declarer's best reading counts (the most points, then the better).
    """
    scheme = scheme_of(rules)
    if scheme is None or count(hand) != DECLARED_CARDS:
        return None
    held = list(iter_cards(hand))
    readings: list[tuple[list[int], list[int]]] = []
    if scheme.wild is not None and scheme.wild in held:
        others = [c for c in held if c != scheme.wild]
        for rank in range(1, 11):
            ranks = [rank_of(c) for c in others] + [rank]
            readings.append((ranks, [_value(scheme, c) for c in others] + [rank]))
    else:
        readings.append(([rank_of(c) for c in held], [_value(scheme, c) for c in held]))
    found = [s for s in (_classify(scheme, r, v) for r, v in readings) if s is not None]
    return min(found, key=_rank_key, default=None)


def _rank_key(shown: Shown) -> tuple[int, bool, int]:
    """Sort key of readings: the most points first, then three of a rank, then lower values."""
    return (-shown.points, shown.kind != THREE_OF_A_RANK, shown.value)


@dataclass(frozen=True, slots=True)
class ScoredDeclaration:
    """A declaration with its reading and the points it scored (0 when beaten)."""

    declaration: Declaration
    shown: Shown
    points: int


def score_declarations(
    rules: Rules, declarations: Sequence[Declaration], side_of: Callable[[int], int]
) -> tuple[tuple[ScoredDeclaration, ...], ...]:
    """Every side's declarations with their points, compared deal by deal.

    With ``best_only`` the unique best declaration of a deal scores and the others score 0;
    equal best declarations (the same total, or the same rank) give nobody the points.
    """
    scored: list[list[ScoredDeclaration]] = [[] for _ in range(rules.sides)]
    scheme = scheme_of(rules)
    if scheme is None:
        return tuple(tuple(s) for s in scored)
    by_deal: dict[int, list[tuple[Declaration, Shown]]] = {}
    for d in declarations:
        shown = shown_hand(rules, d.cards)
        if shown is not None:
            by_deal.setdefault(d.deal, []).append((d, shown))
    for deal_number in sorted(by_deal):
        entries = by_deal[deal_number]
        winners = entries
        if scheme.best_only:
            best = min(_strength(shown) for _, shown in entries)
            winners = [e for e in entries if _strength(e[1]) == best]
            if len(winners) > 1:
                winners = []
        for d, shown in entries:
            points = shown.points if any(w[0] is d for w in winners) else 0
            scored[side_of(d.seat)].append(ScoredDeclaration(d, shown, points))
    return tuple(tuple(s) for s in scored)


def opens_round(rules: Rules, deal: int) -> bool:
    """Whether a declaration round follows the deal numbered ``deal`` (from 1): a deal of
    three cards under rules with declarations."""
    return (
        scheme_of(rules) is not None
        and 1 <= deal <= rules.deals
        and rules.deal_sizes[deal - 1] == DECLARED_CARDS
    )


def what_declares(rules: Rules) -> Message:
    """The hands the rules' declarations accept, in words."""
    scheme = scheme_of(rules)
    if scheme is None:
        return Message("no declarations under these rules")
    faces = (
        ""
        if scheme.faces_count is None
        else Message(", faces counting {faces}", faces=scheme.faces_count)
    )
    wild = "" if scheme.wild is None else Message("; the {card} is wild", card=code(scheme.wild))
    return Message(
        "three cards of one rank, or three totalling {total} or less{faces}{wild}",
        total=scheme.max_total,
        faces=faces,
        wild=wild,
    )


def declaration_problems(
    rules: Rules, declarations: Sequence[Declaration], deals_made: int
) -> list[Problem]:
    """Every way a hand's declarations cannot happen, each naming its field.

    A declaration needs declarations in the rules, a seat of the table, a three-card deal
    already made, and three cards that declare something; a seat declares once a deal, and
    a card is shown at most once a hand (each card is dealt once).
    """
    problems: list[Problem] = []
    seen: dict[tuple[int, int], int] = {}
    shown_by: dict[Card, int] = {}
    for i, d in enumerate(declarations):
        field = f"declarations[{i}]"
        if rules.declarations == NO_DECLARATIONS:
            problems.append(Problem(field, Message("only with declarations")))
            continue
        if not 0 <= d.seat < rules.players:
            problems.append(
                Problem(
                    f"{field}.seat", Message("must be a seat 0..{last}", last=rules.players - 1)
                )
            )
        if not opens_round(rules, d.deal) or d.deal > deals_made:
            made = min(deals_made, rules.deals)
            problems.append(
                Problem(
                    f"{field}.deal",
                    Message("must be a deal of three cards among deals 1..{made}", made=made),
                )
            )
        if shown_hand(rules, d.cards) is None:
            problems.append(
                Problem(
                    f"{field}.cards",
                    Message(
                        "{cards} is not a declaration: {declares}",
                        cards=" ".join(codes(d.cards)) or Message("no cards"),
                        declares=what_declares(rules),
                    ),
                )
            )
        earlier = seen.get((d.seat, d.deal))
        if earlier is not None:
            problems.append(
                Problem(
                    field,
                    Message(
                        "seat {seat} already declared in deal {deal}: declarations[{earlier}]",
                        seat=d.seat,
                        deal=d.deal,
                        earlier=earlier,
                    ),
                )
            )
        seen.setdefault((d.seat, d.deal), i)
        for c in iter_cards(d.cards):
            other = shown_by.get(c)
            if other is None:
                shown_by[c] = i
                continue
            where = (
                Message("the same deal")
                if declarations[other].deal == d.deal
                else Message(
                    "deal {deal}; a card is dealt once a hand", deal=declarations[other].deal
                )
            )
            problems.append(
                Problem(
                    f"{field}.cards",
                    Message(
                        "{card} is also shown by declarations[{other}] ({where})",
                        card=code(c),
                        other=other,
                        where=where,
                    ),
                )
            )
    return problems
