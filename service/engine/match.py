"""The match: hand totals added up to the target, and who has won."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from service.engine.claims import ClaimCheck
from service.engine.errors import InvalidStateError, Problem
from service.engine.message import Message
from service.engine.rules import Rules

SEVEN_NIL = 7


@dataclass(frozen=True, slots=True)
class MatchResult:
    """Match totals after a hand, and the winning side with the reason, if the match is over."""

    scores: tuple[int, ...]
    target: int
    winner: int | None
    reason: str | None
    # Hurrikan (double_game): the winner won by more than double, every loser under half the target.
    double: bool = False
    # A wrong claim with three or more sides: the claiming side lost; the others may be tied.
    loser: int | None = None

    @property
    def finished(self) -> bool:
        """Whether the match is over."""
        return self.winner is not None or self.loser is not None


def check_scores(rules: Rules, scores: Sequence[int]) -> None:
    """Raise InvalidStateError unless there is one match score per side."""
    if len(scores) != rules.sides:
        raise InvalidStateError(
            [
                Problem(
                    "match.scores",
                    Message("expected {sides} scores, one per side", sides=rules.sides),
                )
            ]
        )


def winner_by_totals(scores: Sequence[int], target: int) -> int | None:
    """The side at or over the target with more points than every other side, if any."""
    best = max(scores)
    leaders = [i for i, s in enumerate(scores) if s == best]
    if best >= target and len(leaders) == 1:
        return leaders[0]
    return None


class HandPoints(Protocol):
    """What the match needs of a hand: each side's points, and an outright win if any."""

    @property
    def totals(self) -> tuple[int, ...]:
        """Hand points per side."""

    @property
    def outright(self) -> tuple[int, str] | None:
        """The side that won the game outright in the hand, and how."""


def add_hand(
    rules: Rules, scores: Sequence[int], hand: HandPoints, target: int | None = None
) -> MatchResult:
    """The match after adding one hand's points: outright wins, 7-0, then the target rule."""
    check_scores(rules, scores)
    goal = rules.target if target is None else target
    totals = tuple(s + h for s, h in zip(scores, hand.totals, strict=True))
    outright = hand.outright
    if outright is not None:
        return MatchResult(totals, goal, *outright)
    if rules.cappotto_7_0:
        seven_nil = [
            i
            for i, s in enumerate(totals)
            if s >= SEVEN_NIL and all(t == 0 for j, t in enumerate(totals) if j != i)
        ]
        if seven_nil:
            return MatchResult(totals, goal, seven_nil[0], "cappotto_7_0")
    winner = winner_by_totals(totals, goal)
    if winner is None:
        return MatchResult(totals, goal, None, None)
    return MatchResult(totals, goal, winner, "target", is_double_game(rules, totals, winner, goal))


def is_double_game(rules: Rules, totals: Sequence[int], winner: int, target: int) -> bool:
    """Whether a win counts double: more than twice every loser, each under half the target."""
    losers = [t for i, t in enumerate(totals) if i != winner]
    return rules.double_game and all(totals[winner] > 2 * t and 2 * t < target for t in losers)


def claim_result(rules: Rules, scores: Sequence[int], check: ClaimCheck) -> MatchResult:
    """The match after a claim: a correct one wins it, a wrong one loses it.

    A correct claim adds the claimer's certain points to its score. A wrong claim leaves the
    scores as they were; the winner is the other side (with three or more sides, the other
    side with the most points, if it is alone there).
    """
    check_scores(rules, scores)
    if check.correct:
        totals = tuple(s + check.total if i == check.side else s for i, s in enumerate(scores))
        return MatchResult(totals, check.target, check.side, "claim")
    others = [(s, i) for i, s in enumerate(scores) if i != check.side]
    best = max(s for s, _ in others)
    leaders = [i for s, i in others if s == best]
    winner = leaders[0] if len(leaders) == 1 else None
    return MatchResult(tuple(scores), check.target, winner, "wrong_claim", loser=check.side)
