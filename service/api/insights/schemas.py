"""Request and response schemas of POST /v1/insights and POST /v1/drills."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.http.problems import ProblemError
from service.api.insights.request import DRILL_BUDGET, DrillsRequest, InsightsRequest, PlayerHand
from service.api.review.schemas import ACCURACY_RULE, PHASE_RULE
from service.api.shapes.advice import (
    AdvisedMoveSchema,
    BudgetSchema,
    ChosenMoveSchema,
    ViewSchema,
)
from service.api.shapes.entries import MAX_BATCH_RECORDS, entries_field, load_entry
from service.api.shapes.fields import SeedField, StrictBoolean, StrictInteger
from service.api.shapes.game import bounded_list, seat_field
from service.api.shapes.loading import record_of
from service.api.shapes.problem import ProblemSchema
from service.api.shapes.record import HandRecordSchema
from service.api.shapes.values import Entries
from service.search.accuracy import PHASES
from service.search.drills import MARGIN, MARGIN_Z
from service.search.level_estimate import REVIEW_BUDGET, REVIEW_SEED
from service.search.levels import NAMES
from service.search.review import LABELS, POINTS
from service.search.situations import SITUATIONS

MAX_PLAYER = 100
# The most legal card plays a position has, and the most drills an answer holds.
MAX_LEGAL = 64
MAX_DRILLS = MAX_BATCH_RECORDS * 40
DRILL_RULE = (
    f"a drill is a decision the review labelled mistake or blunder (a loss from "
    f"{POINTS.mistake} points), searched again at drill_budget, whose best move beats the "
    f"second by at least {MARGIN} points and {MARGIN_Z:g} paired standard errors, and is not "
    f"the move played"
)


class PlayerHandSchema(ma.Schema):
    """One hand of the player: the record and the player's seat in it."""

    record = ma.fields.Nested(HandRecordSchema, required=True)
    seat = seat_field(
        metadata={
            "description": "the player's seat; omitted: the seat named `player` in the "
            "record's meta.players"
        }
    )

    @ma.post_load
    def player_hand(self, data: dict[str, Any], **kwargs: Any) -> PlayerHand:
        """The record built under its rules, and the seat."""
        return PlayerHand(record_of(data["record"]), data.get("seat"))


def loaded_hand(body: Any) -> PlayerHand | ProblemError:
    """One hand of a request as its schema loads it, or its 422 problem."""
    found: PlayerHand | ProblemError = load_entry(PlayerHandSchema(), body)
    return found


class PlayerHandsSchema(ma.Schema):
    """Hands of one player, and how they are reviewed."""

    hands = entries_field(
        "PlayerHand",
        "one hand; one that does not load, replay or name the player is listed in `problems` "
        "and left out",
        "the player's hands",
    )
    player = ma.fields.String(
        validate=ma.validate.Length(1, MAX_PLAYER),
        metadata={"description": "the player's name, as meta.players gives it"},
    )
    budget = ma.fields.Nested(
        BudgetSchema,
        metadata={
            "description": f"per searched decision (default {REVIEW_BUDGET.to_dict()}: the "
            "level is estimated only at this budget); the hands' decisions times the budget "
            "may not pass the batch cap"
        },
    )
    seed = SeedField(metadata={"description": f"the reviews' seed (default {REVIEW_SEED})"})


class InsightsRequestSchema(PlayerHandsSchema):
    """Hands of one player to draw insights from."""

    @ma.post_load
    def insights_request(self, data: dict[str, Any], **kwargs: Any) -> InsightsRequest:
        """The hands, each loaded on its own when first read."""
        return InsightsRequest(
            Entries(loaded_hand, data["hands"]),
            data.get("player"),
            data.get("budget"),
            data.get("seed"),
        )


class InterpretedMeanSchema(ma.Schema):
    """A mean and its 95% interval (null bounds with fewer than two hands)."""

    value = ma.fields.Float(required=True, allow_none=True)
    low = ma.fields.Float(required=True, allow_none=True)
    high = ma.fields.Float(required=True, allow_none=True)


class CategoryLossSchema(ma.Schema):
    """Points lost in one scoring category: the best moves' breakdown less the played ones'."""

    per_decision = ma.fields.Float(required=True, allow_none=True)
    per_hand = ma.fields.Float(required=True, allow_none=True)


class SituationCountSchema(ma.Schema):
    """How often a situation happened."""

    total = StrictInteger(required=True)
    per_hand = ma.fields.Float(required=True, allow_none=True)


class TrendDateSchema(ma.Schema):
    """The player's hands of one date."""

    date = ma.fields.String(required=True)
    hands = StrictInteger(required=True)
    decisions = StrictInteger(required=True)
    accuracy = ma.fields.Float(required=True, allow_none=True)
    mean_loss = ma.fields.Float(required=True, allow_none=True)


class TrendSchema(ma.Schema):
    """Accuracy over time."""

    dates = bounded_list(ma.fields.Nested(TrendDateSchema), MAX_BATCH_RECORDS, required=True)
    undated = StrictInteger(
        required=True, metadata={"description": "hands without a meta.date (ISO 8601)"}
    )
    slope_per_30_days = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "least-squares change of a hand's accuracy per 30 days (null with "
            "fewer than two dates)"
        },
    )


class LevelEstimateSchema(ma.Schema):
    """The estimated playing level."""

    level = ma.fields.String(required=True, validate=ma.validate.OneOf(NAMES))
    probabilities = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.OneOf(NAMES)),
        values=ma.fields.Float(),
        required=True,
        metadata={"description": "each built-in level's probability given the hands"},
    )
    interval = bounded_list(
        ma.fields.String(validate=ma.validate.OneOf(NAMES)),
        2,
        required=True,
        metadata={"description": "the lowest and highest level of the 95% interval"},
    )
    score = ma.fields.Float(
        required=True,
        metadata={"description": "the expected position on the scale, 0 (beginner) to 4"},
    )
    hands = StrictInteger(required=True, metadata={"description": "hands it rests on"})
    calibrated_on = ma.fields.String(
        required=True, metadata={"description": "the preset whose calibration was used"}
    )
    same_rules = StrictBoolean(
        required=True,
        metadata={"description": "the hands were played under exactly those rules"},
    )


class HandInsightSchema(ma.Schema):
    """One of the player's hands."""

    index = StrictInteger(required=True, metadata={"description": "its index in hands"})
    seat = seat_field(required=True)
    date = ma.fields.String(required=True, allow_none=True)
    decisions = StrictInteger(required=True)
    accuracy = ma.fields.Float(required=True, allow_none=True)
    total_loss = ma.fields.Float(required=True)


class HandProblemSchema(ma.Schema):
    """A hand left out, and why."""

    index = StrictInteger(required=True)
    problem = ma.fields.Nested(ProblemSchema, required=True)


class InsightsResponseSchema(ma.Schema):
    """What the player's hands say about their play."""

    player = ma.fields.String(required=True, allow_none=True)
    hands = StrictInteger(required=True, metadata={"description": "hands reviewed"})
    budget = ma.fields.Nested(BudgetSchema, required=True)
    seed = SeedField(required=True)
    decisions = StrictInteger(required=True, metadata={"description": "judged decisions"})
    accuracy = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": f"harmonic mean of every judged decision's: {ACCURACY_RULE}"},
    )
    phases = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.OneOf(PHASES)),
        values=ma.fields.Float(allow_none=True),
        required=True,
        metadata={"description": f"over every hand: {PHASE_RULE}"},
    )
    mean_loss = ma.fields.Nested(
        InterpretedMeanSchema,
        required=True,
        metadata={"description": "points lost per judged decision, hands as clusters"},
    )
    loss_by_category = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Nested(CategoryLossSchema),
        required=True,
        metadata={
            "description": "by scoring category of the rules (cards, coins, settebello, "
            "primiera, scope and the variant's extras): the best moves' breakdown less the "
            "played moves'; a negative figure is a category the played moves favoured"
        },
    )
    situations = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.OneOf(SITUATIONS)),
        values=ma.fields.Nested(SituationCountSchema),
        required=True,
        metadata={
            "description": "sweeps_conceded: the other side swept right after the player's "
            "play; sweeps_missed: a sweep was legal and not played; settebello_lost: left on "
            "the table and taken next when another play would not have left it; sevens_given: "
            "the same for the other sevens"
        },
    )
    labels = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.OneOf(LABELS)),
        values=StrictInteger(),
        required=True,
    )
    labels_per_100 = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.OneOf(LABELS)),
        values=ma.fields.Float(allow_none=True),
        required=True,
        metadata={"description": "each label per 100 judged decisions"},
    )
    trend = ma.fields.Nested(TrendSchema, required=True)
    level = ma.fields.Nested(LevelEstimateSchema, required=True, allow_none=True)
    level_note = ma.fields.String(
        required=True, allow_none=True, metadata={"description": "why there is no level"}
    )
    per_hand = bounded_list(ma.fields.Nested(HandInsightSchema), MAX_BATCH_RECORDS, required=True)
    problems = bounded_list(ma.fields.Nested(HandProblemSchema), MAX_BATCH_RECORDS, required=True)


class DrillsRequestSchema(PlayerHandsSchema):
    """Hands of one player to make drills from, and how they are searched."""

    drill_budget = ma.fields.Nested(
        BudgetSchema,
        metadata={
            "description": f"each candidate's re-search (default {DRILL_BUDGET.to_dict()}, "
            "within the advice caps); the batch cap counts it for every searched decision"
        },
    )

    @ma.post_load
    def drills_request(self, data: dict[str, Any], **kwargs: Any) -> DrillsRequest:
        """The hands, each loaded on its own when first read."""
        return DrillsRequest(
            Entries(loaded_hand, data["hands"]),
            data.get("player"),
            data.get("budget"),
            data.get("seed"),
            data.get("drill_budget"),
        )


class DrillWhySchema(ma.Schema):
    """Why the best move beats the played one."""

    text = ma.fields.String(required=True, metadata={"description": "in the request's language"})
    breakdown = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Float(),
        required=True,
        metadata={"description": "by scoring category: the best move's value less the played"},
    )
    sweep_risk = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.OneOf(["best", "played"])),
        values=ma.fields.Float(allow_none=True),
        required=True,
        metadata={"description": "the share of worlds where the next player can sweep"},
    )


class DrillSchema(ma.Schema):
    """A position from the player's hand where one move is clearly best."""

    hand = StrictInteger(required=True, metadata={"description": "its index in hands"})
    move_index = StrictInteger(required=True, metadata={"description": "the move in the record"})
    seat = seat_field(required=True)
    view = ma.fields.Nested(
        ViewSchema,
        required=True,
        metadata={"description": "only what the seat could know then, as /v1/view gives it"},
    )
    legal = bounded_list(
        ma.fields.Nested(ChosenMoveSchema),
        MAX_LEGAL,
        required=True,
        metadata={"description": "the seat's legal card plays"},
    )
    best = ma.fields.Nested(AdvisedMoveSchema, required=True)
    played = ma.fields.Nested(AdvisedMoveSchema, required=True)
    second_value = ma.fields.Float(required=True, metadata={"description": "the runner-up's"})
    margin = ma.fields.Float(required=True, metadata={"description": "best less the runner-up"})
    margin_error = ma.fields.Float(
        required=True, allow_none=True, metadata={"description": "its paired standard error"}
    )
    review_loss = ma.fields.Float(required=True, metadata={"description": "as the review saw it"})
    loss = ma.fields.Float(required=True, metadata={"description": "at the drill budget"})
    why = ma.fields.Nested(DrillWhySchema, required=True)


class DrillRuleSchema(ma.Schema):
    """What makes a drill."""

    least_loss = ma.fields.Float(required=True)
    margin = ma.fields.Float(required=True)
    margin_z = ma.fields.Float(required=True)


class DrillsResponseSchema(ma.Schema):
    """The drills made from the player's hands."""

    hands = StrictInteger(required=True, metadata={"description": "hands reviewed"})
    budget = ma.fields.Nested(BudgetSchema, required=True)
    drill_budget = ma.fields.Nested(BudgetSchema, required=True)
    seed = SeedField(required=True)
    rule = ma.fields.Nested(DrillRuleSchema, required=True, metadata={"description": DRILL_RULE})
    candidates = StrictInteger(
        required=True, metadata={"description": "decisions labelled mistake or blunder"}
    )
    drills = bounded_list(ma.fields.Nested(DrillSchema), MAX_DRILLS, required=True)
    problems = bounded_list(ma.fields.Nested(HandProblemSchema), MAX_BATCH_RECORDS, required=True)
