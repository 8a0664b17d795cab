"""Finished hands scored: one hand from piles or tallies with the match after it, and a match
ledger hand by hand. Values in, values out; a hand or match that cannot be scored is the
engine's ``InvalidStateError``, every problem named."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.score.request import HandInput, LedgerRequest, ScoreRequest
from service.api.shapes.values import MatchInput
from service.engine.errors import InvalidStateError, Problem
from service.engine.match import HandPoints, MatchResult, add_hand, check_scores
from service.engine.message import Message
from service.engine.outcome import claim_verdict, claim_verdict_of_facts
from service.engine.rules import Rules
from service.engine.scoring import HandScore, SideFacts, score_hand
from service.engine.tally_score import TallyScore, score_tallies


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """A hand's score: exact (from piles, or from tallies that count everything), or what
    partial tallies decide."""

    hand: HandScore | None
    partial: TallyScore | None
    # Each side's scored facts, from tallies that count every fact (a claim's verdict reads
    # them); () from piles.
    facts: tuple[SideFacts, ...] = ()

    @property
    def points(self) -> HandPoints | None:
        """What the match needs of the hand; None while the tallies leave something open."""
        if self.hand is not None:
            return self.hand
        return self.partial.points() if self.partial is not None else None


def scored(rules: Rules, hand: HandInput, tallied: TallyScore | None = None) -> ScoredHand:
    """Score a checked hand from its piles or its tallies (``tallied``: the tallies' score,
    when it was made already)."""
    if hand.tallies is not None:
        if tallied is None:
            tallied = score_tallies(rules, hand.tallies, hand.leftover, hand.declarations)
        return ScoredHand(tallied.hand, None if tallied.hand else tallied, tallied.facts)
    piles = hand.piles or ()
    return ScoredHand(score_hand(rules, piles, hand.scope, hand.declarations), None)


def match_after(
    rules: Rules, hand: HandInput, result: ScoredHand, points: HandPoints, match: MatchInput
) -> MatchResult:
    """The match after a hand's points, or after its claim's verdict (from the piles as the
    hand stopped, or from whole tallies' facts and the cards not yet taken)."""
    if hand.claimed_by is None:
        return add_hand(rules, match.scores, points, match.target)
    if hand.tallies is not None:
        return claim_verdict_of_facts(
            rules,
            result.facts,
            uncaptured=hand.leftover,
            declarations=hand.declarations,
            claimed_by=hand.claimed_by,
            scores=match.scores,
            target=match.target,
        )
    return claim_verdict(
        rules,
        hand.piles or (),
        hand.scope,
        declarations=hand.declarations,
        claimed_by=hand.claimed_by,
        scores=match.scores,
        target=match.target,
    )


@dataclass(frozen=True, slots=True)
class Score:
    """A hand scored, what its tallies leave undecided (None from piles), and the match after
    it (None without a match, or while the tallies leave something undecided)."""

    hand: ScoredHand
    undecided: tuple[str, ...] | None
    match: MatchResult | None


def score(request: ScoreRequest) -> Score:
    """The hand's score, and the match after the hand (or its claim's verdict) when one is
    given and the hand's points are decided."""
    rules, hand = request.rules, request.hand
    result = scored(rules, hand)
    undecided = None
    if hand.tallies is not None:
        undecided = tuple(result.partial.undecided) if result.partial else ()
    points = result.points
    if request.match is None or points is None:
        return Score(result, undecided, None)
    return Score(result, undecided, match_after(rules, hand, result, points, request.match))


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """One hand of a ledger: its index, who dealt it, its score and the match after it."""

    index: int
    dealer: int
    hand: ScoredHand
    after: MatchResult


@dataclass(frozen=True, slots=True)
class Ledger:
    """A match hand by hand: its target, every hand, the match after the last, and who deals
    next (None once the match is over)."""

    target: int
    hands: tuple[LedgerEntry, ...]
    after: MatchResult
    next_dealer: int | None


def ledger(request: LedgerRequest) -> Ledger:
    """The match hand by hand: each hand's points, the running totals, the end conditions met;
    every hand that cannot be added is a problem (its index in the field)."""
    rules = request.rules
    scores = request.scores if request.scores is not None else (0,) * rules.sides
    try:
        check_scores(rules, scores)
    except InvalidStateError as error:
        raise InvalidStateError([Problem("scores", p.reason) for p in error.problems]) from error
    target = request.target if request.target is not None else rules.target
    problems: list[Problem] = []
    hands: list[LedgerEntry] = []
    after: MatchResult | None = None
    dealer: int | None = None
    for index, entry in enumerate(request.hands):
        where = f"hands[{index}]"
        if after is not None and after.finished:
            # Hand numbers in words count from 1; the field path beside it counts from 0.
            over = Message(
                "the match was already over after hand {number} (hands[{index}])",
                number=index,
                index=index - 1,
            )
            problems.append(Problem(where, over))
            break
        expected = 0 if dealer is None else (dealer + 1) % rules.players
        if entry.dealer is not None and dealer is not None and entry.dealer != expected:
            problems.append(
                Problem(
                    f"{where}.dealer",
                    Message(
                        "the deal passes to seat {seat} after seat {dealer}",
                        seat=expected,
                        dealer=dealer,
                    ),
                )
            )
        dealer = expected if entry.dealer is None else entry.dealer
        result = scored(rules, entry.hand, entry.tallied)
        points = result.points
        # The request's schema refuses a hand its tallies leave undecided.
        assert points is not None
        after = match_after(rules, entry.hand, result, points, MatchInput(scores, target))
        scores = after.scores
        hands.append(LedgerEntry(index, dealer, result, after))
    if problems:
        raise InvalidStateError(problems)
    assert after is not None and dealer is not None
    next_dealer = None if after.finished else (dealer + 1) % rules.players
    return Ledger(target, tuple(hands), after, next_dealer)
