"""Request and response schemas of POST /v1/fair-play."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.fair_play.request import FairPlayHand, FairPlayRequest
from service.api.http.problems import ProblemError
from service.api.insights.schemas import (
    MAX_PLAYER,
    HandProblemSchema,
    InterpretedMeanSchema,
)
from service.api.shapes.advice import BudgetSchema, ChosenMoveSchema, ViewSchema
from service.api.shapes.entries import MAX_BATCH_RECORDS, entries_field, load_entry
from service.api.shapes.fields import CardField, SeedField, StrictBoolean, StrictInteger
from service.api.shapes.game import bounded_list, seat_field
from service.api.shapes.loading import record_of
from service.api.shapes.record import HandRecordSchema
from service.api.shapes.values import Entries
from service.search.advisor import MAX_SEARCHED_PLAYS
from service.search.fair_play import MIN_DECISIONS, REVIEW, STRONG, VERDICTS

MAX_SHOWN = 5
MAX_HYPOTHESES = 6
# The most judged decisions of two seats in a hand (a hand deals at most 40 cards).
MAX_HAND_DECISIONS = 40


class FairPlayHandSchema(ma.Schema):
    """One hand of the player: the record, the player's seat and the pair's other seat."""

    record = ma.fields.Nested(HandRecordSchema, required=True)
    seat = seat_field(
        metadata={
            "description": "the player's seat; omitted: the seat named `player` in the "
            "record's meta.players"
        }
    )
    pair_seat = seat_field(
        metadata={
            "description": "the other seat of a pair to judge together (a table of three "
            "seats or more); omitted: the seat named `pair` in meta.players, or no pair"
        }
    )

    @ma.post_load
    def fair_play_hand(self, data: dict[str, Any], **kwargs: Any) -> FairPlayHand:
        """The record built under its rules, and the seats."""
        return FairPlayHand(record_of(data["record"]), data.get("seat"), data.get("pair_seat"))


def loaded_hand(body: Any) -> FairPlayHand | ProblemError:
    """One hand of a request as its schema loads it, or its 422 problem."""
    found: FairPlayHand | ProblemError = load_entry(FairPlayHandSchema(), body)
    return found


class FairPlayRequestSchema(ma.Schema):
    """Hands of one player (and of a pair's other player) to judge for fair play."""

    hands = entries_field(
        "FairPlayHand",
        "one hand; one that does not load, replay or name the player, or whose table has "
        "another number of seats than most hands', is listed in `problems` and left out",
        "the player's hands",
    )
    player = ma.fields.String(
        validate=ma.validate.Length(1, MAX_PLAYER),
        metadata={"description": "the player's name, as meta.players gives it"},
    )
    pair = ma.fields.String(
        validate=ma.validate.Length(1, MAX_PLAYER),
        metadata={"description": "the pair's other player's name, as meta.players gives it"},
    )

    @ma.post_load
    def fair_play_request(self, data: dict[str, Any], **kwargs: Any) -> FairPlayRequest:
        """The hands, each loaded on its own when first read."""
        return FairPlayRequest(
            Entries(loaded_hand, data["hands"]), data.get("player"), data.get("pair")
        )


class JudgementFields(ma.Schema):
    """A statistic weighed against the calibrated honest styles."""

    statistic = ma.fields.Float(
        required=True,
        metadata={"description": "the summed log-likelihood ratio (engine: the matches)"},
    )
    decisions = StrictInteger(required=True, metadata={"description": "decisions it rests on"})
    hands = StrictInteger(required=True)
    per_decision = ma.fields.Nested(
        InterpretedMeanSchema,
        required=True,
        metadata={"description": "the statistic per decision with its 95% interval"},
    )
    p_value = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "the largest, over the calibrated honest styles, chance of an honest "
            "player reaching this statistic over as many decisions (null: no calibration)"
        },
    )
    adjusted_p_value = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "the p-value times the report's number of tests (Bonferroni), "
            "which the verdict reads, so the report's verdict keeps one test's rate"
        },
    )
    most_likely_honest_style = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "the honest style the p-value is taken from"},
    )
    verdict = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(VERDICTS),
        metadata={
            "description": f"{REVIEW} at adjusted p <= 0.01, {STRONG} at <= 0.001, none under "
            f"{MIN_DECISIONS} decisions or without a calibration"
        },
    )
    meaning = ma.fields.String(
        required=True, metadata={"description": "what the verdict means, for a moderator"}
    )


class ValuedMoveSchema(ChosenMoveSchema):
    """A move of a listed decision, with its value to each search."""

    honest_value = ma.fields.Float(
        required=True, metadata={"description": "to the search of the seat's own view"}
    )
    leaked_value = ma.fields.Float(
        required=True, metadata={"description": "to the search told the leaked hands"}
    )


class ReplayedDecisionSchema(ma.Schema):
    """A decision for a moderator to replay."""

    hand = StrictInteger(required=True, metadata={"description": "its index in hands"})
    move_index = StrictInteger(required=True, metadata={"description": "the move in the record"})
    seat = seat_field(required=True)
    hypothesis = ma.fields.String(required=True)
    log_likelihood_ratio = ma.fields.Float(required=True)
    view = ma.fields.Nested(
        ViewSchema,
        required=True,
        metadata={"description": "only what the seat could know then, as /v1/view gives it"},
    )
    honest_best = ma.fields.Nested(ValuedMoveSchema, required=True)
    played = ma.fields.Nested(ValuedMoveSchema, required=True)
    leaked_best = ma.fields.Nested(ValuedMoveSchema, required=True)


class HypothesisSchema(JudgementFields):
    """The evidence that the player knew some hidden cards."""

    hypothesis = ma.fields.String(
        required=True,
        metadata={"description": "all: every other hand; seat+K: the hand of the seat K after"},
    )
    description = ma.fields.String(required=True)
    partner = StrictBoolean(required=True)
    decisions_to_replay = bounded_list(
        ma.fields.Nested(ReplayedDecisionSchema),
        MAX_SHOWN,
        metadata={"description": "with a verdict: the decisions that weigh most"},
    )


class HandTestDecisionFields(ma.Schema):
    """The fields of a play of a hand test for a moderator to replay."""

    hand = StrictInteger(required=True, metadata={"description": "its index in hands"})
    move_index = StrictInteger(required=True, metadata={"description": "the move in the record"})
    seat = seat_field(required=True)
    e_value = ma.fields.Float(
        required=True, metadata={"description": "this play's e-value (1: no evidence either way)"}
    )
    view = ma.fields.Nested(
        ViewSchema,
        required=True,
        metadata={"description": "only what the seat could know then, as /v1/view gives it"},
    )
    played = ma.fields.Nested(ChosenMoveSchema, required=True)


class DealtDecisionSchema(HandTestDecisionFields):
    """A play of the dealt-hand test for a moderator to replay."""

    next_hand = bounded_list(
        CardField(),
        40,
        required=True,
        metadata={"description": "the cards the next player held then (not seen by the seat)"},
    )


class PartnerDecisionSchema(HandTestDecisionFields):
    """A play of the partner-hand test for a moderator to replay."""

    partner_hand = bounded_list(
        CardField(),
        40,
        required=True,
        metadata={"description": "the cards the seat's partner held then (not seen by the seat)"},
    )


class DealtHandsSchema(ma.Schema):
    """The dealt-hand test: whether the plays that open a fresh deal fit the next hand."""

    decisions = StrictInteger(required=True, metadata={"description": "judged plays"})
    hands = StrictInteger(required=True, metadata={"description": "hands with a judged play"})
    e_value = ma.fields.Float(
        required=True,
        metadata={
            "description": "the product of the plays' e-values, averaged over the alternative "
            "players; an honest player's exceeds 1/p with chance at most p"
        },
    )
    p_value = ma.fields.Float(required=True, metadata={"description": "1 over the e-value"})
    adjusted_p_value = ma.fields.Float(
        required=True,
        metadata={"description": "the p-value times the report's number of tests"},
    )
    alternatives = StrictInteger(
        required=True, metadata={"description": "the alternative players averaged"}
    )
    verdict = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(VERDICTS),
        metadata={
            "description": f"{REVIEW} at adjusted p <= 0.01, {STRONG} at <= 0.001 (at any "
            "number of plays); otherwise none under 30 judged plays"
        },
    )
    meaning = ma.fields.String(required=True)
    note = ma.fields.String(required=True, metadata={"description": "what this can tell"})
    decisions_to_replay = bounded_list(
        ma.fields.Nested(DealtDecisionSchema),
        MAX_SHOWN,
        metadata={"description": "with a verdict: the plays that weigh most"},
    )


class PartnerHandsSchema(DealtHandsSchema):
    """The partner-hand test: whether partners' plays made before the other has played from a
    fresh deal fit the other's hand."""

    decisions_to_replay = bounded_list(
        ma.fields.Nested(PartnerDecisionSchema),
        MAX_SHOWN,
        metadata={"description": "with a verdict: the plays that weigh most"},
    )


class PairEvidenceSchema(JudgementFields):
    """The evidence that the pair shared their hands."""

    offset = StrictInteger(required=True, metadata={"description": "seats from player to pair"})
    partners = StrictBoolean(required=True)
    description = ma.fields.String(required=True)
    partner_hands = ma.fields.Nested(
        PartnerHandsSchema,
        required=True,
        allow_none=True,
        metadata={
            "description": "partners in a game of four: the partner-hand test, which needs no "
            "calibration and holds for an honest pair of any style (null otherwise)"
        },
    )


class EngineSchema(JudgementFields):
    """How often the player's moves are the engine's."""

    match_rate = ma.fields.Nested(InterpretedMeanSchema, required=True)
    mean_loss = ma.fields.Nested(
        InterpretedMeanSchema,
        required=True,
        metadata={"description": "points lost per decision against the honest search"},
    )
    honest_match_rates = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Float(),
        required=True,
        metadata={"description": "each calibrated honest style's match rate"},
    )
    loss_profile = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Float(allow_none=True),
        required=True,
        metadata={
            "description": "the share of decisions by points lost against the honest best: "
            "best, under 0.1, 0.3 and 0.75, and from 0.75"
        },
    )
    honest_mean_losses = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Float(),
        required=True,
        metadata={"description": "each calibrated honest style's points lost a decision"},
    )
    note = ma.fields.String(required=True, metadata={"description": "what this can tell"})


class ModelSchema(ma.Schema):
    """The player model and thresholds."""

    temperature = ma.fields.Float(required=True)
    epsilon = ma.fields.Float(required=True)
    min_decisions = StrictInteger(required=True)
    tests = StrictInteger(
        required=True, metadata={"description": "the statistics the report tests"}
    )
    thresholds = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Float(), required=True)


class CalibrationUsedSchema(ma.Schema):
    """The calibration the p-values come from."""

    preset = ma.fields.String(required=True)
    same_rules = StrictBoolean(required=True)
    styles = bounded_list(ma.fields.String(), 10, required=True)
    hands = StrictInteger(required=True)


class FairPlayHandSummarySchema(ma.Schema):
    """One of the player's hands."""

    index = StrictInteger(required=True)
    seat = seat_field(required=True)
    pair_seat = seat_field(required=True, allow_none=True)
    decisions = StrictInteger(required=True)
    unjudged = StrictInteger(required=True)
    evidence = ma.fields.Dict(keys=ma.fields.String(), values=ma.fields.Float(), required=True)


class FairPlayResponseSchema(ma.Schema):
    """The fair-play report of a player's hands."""

    player = ma.fields.String(required=True, allow_none=True)
    pair = ma.fields.String(required=True, allow_none=True)
    hands = StrictInteger(required=True)
    decisions = StrictInteger(required=True, metadata={"description": "judged decisions"})
    unjudged = StrictInteger(
        required=True, metadata={"description": "searched decisions left unjudged (time cap)"}
    )
    budget = ma.fields.Nested(BudgetSchema, required=True)
    seed = SeedField(required=True)
    model = ma.fields.Nested(ModelSchema, required=True)
    calibration = ma.fields.Nested(CalibrationUsedSchema, required=True, allow_none=True)
    verdict = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(VERDICTS),
        metadata={"description": "the strongest verdict of the report"},
    )
    hidden_information = bounded_list(
        ma.fields.Nested(HypothesisSchema), MAX_HYPOTHESES, required=True
    )
    dealt_hands = ma.fields.Nested(DealtHandsSchema, required=True)
    pair_evidence = ma.fields.Nested(PairEvidenceSchema, required=True, allow_none=True)
    engine = ma.fields.Nested(EngineSchema, required=True)
    per_hand = bounded_list(
        ma.fields.Nested(FairPlayHandSummarySchema), MAX_BATCH_RECORDS, required=True
    )
    problems = bounded_list(ma.fields.Nested(HandProblemSchema), MAX_BATCH_RECORDS, required=True)


class DecisionEvidenceSchema(ma.Schema):
    """One judged decision's values: the ranked moves (best first for the seat's own view)."""

    seat = seat_field(required=True)
    move_index = StrictInteger(required=True, metadata={"description": "the move in the record"})
    moves = bounded_list(
        ma.fields.String(), MAX_SEARCHED_PLAYS, required=True, metadata={"description": "codes"}
    )
    honest = bounded_list(
        ma.fields.Float(),
        MAX_SEARCHED_PLAYS,
        required=True,
        metadata={"description": "for the seat's own view"},
    )
    played = StrictInteger(required=True, metadata={"description": "the played move in moves"})
    leaked = ma.fields.Dict(
        keys=ma.fields.String(),
        values=bounded_list(ma.fields.Float(), MAX_SEARCHED_PLAYS),
        required=True,
        metadata={"description": "per hypothesis, the same moves' values"},
    )


class FairPlayEvidenceSchema(ma.Schema):
    """A fair-play job's hand: its judged decisions' values."""

    index = StrictInteger(required=True)
    seat = seat_field(required=True)
    pair_seat = seat_field(required=True, allow_none=True)
    unjudged = StrictInteger(required=True)
    decisions = bounded_list(
        ma.fields.Nested(DecisionEvidenceSchema),
        MAX_HAND_DECISIONS,
        required=True,
        metadata={"description": "the player's and the pair's judged decisions"},
    )
