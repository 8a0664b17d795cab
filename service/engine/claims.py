"""Chiamarsi fuori: the points a side is already certain of mid-hand, and a claim's verdict."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from service.engine.cards import Cards
from service.engine.declarations import Declaration
from service.engine.rules import Rules
from service.engine.scoring import PIVA_CARD, PIVA_PENALTY, score_hand


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
    """The hand points a side holds whatever happens to the cards nobody has captured yet.

    Every other side is given every uncaptured card at once: a majority or a primiera the
    side still wins then is certain (21 of 40 cards, 6 coins with two sides); the cards held
    (settebello, re bello, runs, Grande) count; the 2 of clubs counts against the side while
    it may still reach its pile (piva). ``declarations`` are the ones already settled.
    """
    worst = tuple(p if i == side else p | uncaptured for i, p in enumerate(piles))
    mine = score_hand(rules, worst, scope, declarations).sides[side]
    points = dict(mine.points)
    if rules.piva and (piles[side] | uncaptured) >> PIVA_CARD & 1:
        points["piva"] = PIVA_PENALTY
    return MappingProxyType(points), mine.outright


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
    points, outright = certain_points(
        rules, piles, scope, uncaptured=uncaptured, declarations=declarations, side=side
    )
    total = match_scores[side] + sum(points.values())
    others = [s for i, s in enumerate(match_scores) if i != side]
    reaches = total >= target and all(total > s for s in others)
    return ClaimCheck(side, points, total, target, outright, outright is not None or reaches)
