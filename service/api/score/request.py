"""The requests of POST /v1/score and /v1/match as their schemas load them: every hand
checked (piles against the pack, tallies for miscounts), the match left as sent."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.shapes.values import MatchInput
from service.engine.cards import Cards
from service.engine.declarations import Declaration
from service.engine.rules import Rules
from service.engine.tally import SideTally
from service.engine.tally_score import TallyScore


@dataclass(frozen=True, slots=True)
class HandInput:
    """A finished hand to score: every side's pile (checked against the pack) or tally
    (checked for miscounts), the cards left over, its declarations and its claim."""

    piles: tuple[Cards, ...] | None
    scope: tuple[int, ...]
    tallies: tuple[SideTally, ...] | None
    leftover: Cards
    declarations: tuple[Declaration, ...]
    claimed_by: int | None


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    """A finished hand and the match so far."""

    rules: Rules
    hand: HandInput
    match: MatchInput | None


@dataclass(frozen=True, slots=True)
class LedgerHand:
    """One hand of a match ledger: who dealt it, the hand, and its tallies' score (scored
    while checking that they decide every category)."""

    dealer: int | None
    hand: HandInput
    tallied: TallyScore | None = None


@dataclass(frozen=True, slots=True)
class LedgerRequest:
    """A match's hands in order, from the scores before the first, to a target."""

    rules: Rules
    scores: tuple[int, ...] | None
    target: int | None
    hands: tuple[LedgerHand, ...]
