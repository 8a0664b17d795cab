"""POST /v1/match: a match ledger, the hands in order (piles or tallies, who dealt each), and
the match hand by hand."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.http.problems import join_path
from service.api.requests import LedgerHand, LedgerRequest
from service.api.schemas.game import (
    MAX_SEATS,
    HandScoreSchema,
    MatchResultSchema,
    bounded_list,
    match_scores_field,
    match_target_field,
    seat_field,
)
from service.api.schemas.rules import RulesField
from service.api.schemas.score import HandSchema, checked_hand
from service.api.usecases.convert import invalid_score, rules_of
from service.engine.errors import Problem
from service.engine.message import Message
from service.engine.tally_score import TallyScore, score_tallies

# A match to 1001 points (Cirulla's longest) at five points a hand.
MAX_LEDGER_HANDS = 200
EXPLAINED_HANDS = 3


class LedgerHandSchema(HandSchema):
    """One hand of the match: every side's pile or tally, and who dealt it."""

    dealer = seat_field(
        metadata={
            "description": "the seat that dealt (omitted: the seat after the previous hand's "
            "dealer, seat 0 for the first hand); the deal passes to the next seat each hand"
        }
    )


class LedgerRequestSchema(ma.Schema):
    """The rules, the scores before the first hand, the target, and the hands in order."""

    rules = RulesField(required=True)
    scores = match_scores_field(
        metadata={"description": "the sides' scores before the first hand (0 each)"}
    )
    target = match_target_field(metadata={"description": "the match target (omitted: the rules')"})
    hands = ma.fields.List(
        ma.fields.Nested(LedgerHandSchema),
        required=True,
        validate=ma.validate.Length(1, MAX_LEDGER_HANDS),
        metadata={"description": "the hands in order, each a finished hand as in /v1/score"},
    )

    @ma.post_load
    def ledger_request(self, data: dict[str, Any], **kwargs: Any) -> LedgerRequest:
        """The rules built, every hand checked under them: a 422 names every problem of every
        hand, each under its index."""
        rules = rules_of(data["rules"])
        hands = []
        problems: list[Problem] = []
        failed = 0
        for index, entry in enumerate(data["hands"]):
            where = f"hands[{index}]"
            dealer = entry.get("dealer")
            if dealer is not None and dealer >= rules.players:
                problems.append(
                    Problem(
                        f"{where}.dealer",
                        Message("must be a seat 0..{last}", last=rules.players - 1),
                    )
                )
            # The facts to blame are looked for in the first few bad hands only (a few dozen
            # more checks a hand).
            hand, found = checked_hand(rules, entry, explain=failed < EXPLAINED_HANDS)
            tallied = None
            if hand is not None and hand.tallies is not None:
                tallied = score_tallies(rules, hand.tallies, hand.leftover, hand.declarations)
                found += undecided_problems(tallied)
            failed += bool(found)
            problems += [Problem(join_path(where, p.field), p.reason) for p in found]
            if hand is not None:
                hands.append(LedgerHand(dealer, hand, tallied))
        if problems:
            raise invalid_score(problems)
        scores = data.get("scores")
        return LedgerRequest(
            rules, None if scores is None else tuple(scores), data.get("target"), tuple(hands)
        )


def undecided_problems(tallied: TallyScore) -> list[Problem]:
    """A tallied hand that leaves a category undecided cannot be added to a match."""
    undecided = tallied.undecided
    if not undecided:
        return []
    return [
        Problem(
            "",
            Message(
                "cannot be added to the match: the tallies do not decide {categories}",
                categories=", ".join(undecided),
            ),
        )
    ]


class LedgerEntrySchema(HandScoreSchema):
    """One hand of the ledger: its score, and the match after it."""

    index = ma.fields.Integer(required=True, metadata={"description": "the hand's index"})
    dealer = seat_field(required=True)
    scores = bounded_list(
        ma.fields.Integer(), MAX_SEATS, required=True, metadata={"description": "after the hand"}
    )
    target = ma.fields.Integer(required=True)
    finished = ma.fields.Boolean(required=True)
    winner = seat_field(allow_none=True, required=True)
    reason = ma.fields.String(allow_none=True, required=True)
    double = ma.fields.Boolean()
    loser = seat_field()


class LedgerResponseSchema(ma.Schema):
    """The match hand by hand, the match after the last hand, and who deals next."""

    target = ma.fields.Integer(required=True)
    hands = bounded_list(ma.fields.Nested(LedgerEntrySchema), MAX_LEDGER_HANDS, required=True)
    match = ma.fields.Nested(MatchResultSchema, required=True)
    next_dealer = seat_field(
        allow_none=True,
        required=True,
        metadata={"description": "the seat to deal the next hand; null once the match is over"},
    )
