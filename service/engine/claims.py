"""Chiamarsi fuori: the points a side is already certain of mid-hand, and a claim's verdict."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from service.engine.cards import SUIT_MASKS, Cards, count
from service.engine.declarations import Declaration
from service.engine.rules import Rules
from service.engine.scoring import (
    PIVA_CARD,
    PIVA_PENALTY,
    SideFacts,
    facts_of,
    marked_cards,
    prime_of,
    score_facts,
)


@dataclass(frozen=True, slots=True)
class ClaimCheck:
    """A claim's verdict: the side, its certain hand points by category, the match total.

    ``correct`` when the certain points bring the side to the target and above every other
    side's match score, or when an outright win is already certain (``outright``).
    """

    side: int
    points: Mapping[str, int]
    match_total: int
    target: int
    outright: str | None
    correct: bool

    @property
    def total(self) -> int:
        """The certain hand points of the claiming side."""
        return sum(self.points.values())


def certain_points(
    rules: Rules,
    piles: Sequence[Cards],
    scope: Sequence[int],
    *,
    uncaptured: Cards,
    declarations: Sequence[Declaration],
    side: int,
) -> tuple[Mapping[str, int], str | None]:
    """The hand points a side holds whatever happens to the cards nobody has captured yet."""
    facts = [facts_of(rules, p, n) for p, n in zip(piles, scope, strict=True)]
    return certain_points_of_facts(
        rules, facts, uncaptured=uncaptured, declarations=declarations, side=side
    )


def certain_points_of_facts(
    rules: Rules,
    facts: Sequence[SideFacts],
    *,
    uncaptured: Cards,
    declarations: Sequence[Declaration],
    side: int,
) -> tuple[Mapping[str, int], str | None]:
    """The hand points a side holds whatever happens to the cards nobody has captured yet, from
    every side's scored facts.

    Every other side is given every uncaptured card at once: a majority or a primiera the
    side still wins then is certain (21 of 40 cards, 6 coins with two sides); the cards held
    (settebello, re bello, runs, Grande) count; the 2 of clubs counts against the side while
    it may still reach its pile (piva). ``declarations`` are the ones already settled.
    """
    worst = [f if i == side else with_cards(rules, f, uncaptured) for i, f in enumerate(facts)]
    mine = score_facts(rules, worst, declarations).sides[side]
    points = dict(mine.points)
    if rules.piva and (facts[side].marked | uncaptured) >> PIVA_CARD & 1:
        points["piva"] = PIVA_PENALTY
    return MappingProxyType(points), mine.outright


def with_cards(rules: Rules, facts: SideFacts, cards: Cards) -> SideFacts:
    """A side's facts after it takes more cards, as far as another side's points depend on
    them: its counts, the scored cards it holds, its prime (the runs are left as they were)."""
    return replace(
        facts,
        card_count=facts.card_count + count(cards),
        coin_count=facts.coin_count + count(cards & SUIT_MASKS[rules.bonus]),
        marked=facts.marked | cards & marked_cards(rules),
        prime=prime_of(rules, facts.prime.cards | cards),
    )


def check_claim(
    rules: Rules,
    piles: Sequence[Cards],
    scope: Sequence[int],
    *,
    uncaptured: Cards,
    declarations: Sequence[Declaration],
    side: int,
    match_scores: Sequence[int],
    target: int,
) -> ClaimCheck:
    """Verify a side's claim to have won the match with the points already certain."""
    facts = [facts_of(rules, p, n) for p, n in zip(piles, scope, strict=True)]
    return check_claim_of_facts(
        rules,
        facts,
        uncaptured=uncaptured,
        declarations=declarations,
        side=side,
        match_scores=match_scores,
        target=target,
    )


def check_claim_of_facts(
    rules: Rules,
    facts: Sequence[SideFacts],
    *,
    uncaptured: Cards,
    declarations: Sequence[Declaration],
    side: int,
    match_scores: Sequence[int],
    target: int,
) -> ClaimCheck:
    """Verify a side's claim from every side's scored facts and the cards not yet captured."""
    points, outright = certain_points_of_facts(
        rules, facts, uncaptured=uncaptured, declarations=declarations, side=side
    )
    total = match_scores[side] + sum(points.values())
    others = [s for i, s in enumerate(match_scores) if i != side]
    reaches = total >= target and all(total > s for s in others)
    return ClaimCheck(side, points, total, target, outright, outright is not None or reaches)
