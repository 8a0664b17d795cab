"""Request and response schemas of POST /v1/review."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.http.problems import ProblemError
from service.api.review.lines import KEEPALIVE_S, LINE_TYPES
from service.api.review.request import BatchReviewRequest, ReviewRequest
from service.api.shapes.advice import AdvisedMoveSchema, BudgetSchema, ChosenMoveSchema
from service.api.shapes.entries import entries_field, load_entry
from service.api.shapes.fields import (
    MAX_SEED,
    MAX_SEED_TEXT,
    SeedField,
    StrictBoolean,
    StrictInteger,
)
from service.api.shapes.game import (
    MAX_PLAYS,
    MAX_SEATS,
    MatchInputSchema,
    bounded_list,
    seat_field,
)
from service.api.shapes.loading import record_of
from service.api.shapes.problem import ProblemSchema
from service.api.shapes.record import HandRecordSchema
from service.api.shapes.values import Entries
from service.search.accuracy import PHASES
from service.search.review import COSTLIEST, LABELS, NOISE_Z, POINTS, STATUSES, WIN
from service.search.special import CHOSEN_BY

LABEL_RULE = (
    f"best: the played move is the best ranked one, or loses nothing; good: it loses less than "
    f"{POINTS.inaccuracy} points (with a match, less than {WIN.inaccuracy} in win probability), "
    f"or no more than its noise: {NOISE_Z:g} x std_error_vs_best, the paired standard error "
    f"of the best move's value less its own (win probabilities: {NOISE_Z:g} x the two moves' "
    f"win_std_error combined), 0 for an exact decision, unknown (so at most good) from a "
    f"single world; inaccuracy: from {POINTS.inaccuracy} points ({WIN.inaccuracy}); mistake: "
    f"from {POINTS.mistake} ({WIN.mistake}); blunder: from {POINTS.blunder} ({WIN.blunder}). "
    f"With a match the label is the more severe of the points label and the win-probability "
    f"label."
)


ACCURACY_RULE = (
    "from 0 to 100, from the loss beyond noise (a loss within its noise allowance counts as "
    "none): 100 at no loss, falling linearly to 90 at the inaccuracy threshold, 70 at the "
    "mistake threshold and 40 at the blunder threshold, then halving with each further "
    "blunder threshold's worth of loss; with a match the lower of the points and the win "
    "probability figures. So best is 100, good above 90, inaccuracy above 70, mistake above "
    "40, blunder 40 or below"
)
PHASE_RULE = (
    "the seat's card plays in hand order (searched and forced) cut into thirds, first, middle "
    "and last (the earlier thirds one larger when they do not divide evenly); each third's "
    "accuracy is the harmonic mean of its judged decisions, null with none"
)


class ReviewRequestSchema(ma.Schema):
    """A hand record, the seats to review, the budget per decision, the seed and the match."""

    record = ma.fields.Nested(HandRecordSchema, required=True)
    seats = bounded_list(
        seat_field(),
        MAX_SEATS,
        metadata={"description": "the seats whose decisions are reviewed; omitted: every seat"},
    )
    budget = ma.fields.Nested(
        BudgetSchema,
        metadata={
            "description": "per searched decision, as /v1/advice takes it (the same default, "
            "the same caps); the decisions searched times the budget may not pass the server's "
            "review cap (REVIEW_MAX_TOTAL_MS, REVIEW_MAX_TOTAL_ITERATIONS)"
        },
    )
    seed = SeedField(
        metadata={
            "description": "each decision's search seed, as a /v1/advice request would carry "
            "it; omitted: each derived from its own request"
        }
    )
    match = ma.fields.Nested(
        MatchInputSchema,
        metadata={
            "description": "the match before the hand (omitted: the record's match, if any); "
            "moves are then ranked and judged by match win probability too"
        },
    )

    @ma.post_load
    def review_request(self, data: dict[str, Any], **kwargs: Any) -> ReviewRequest:
        """The record built under its rules (replayed and the seats checked by the review)."""
        seats = data.get("seats")
        return ReviewRequest(
            record_of(data["record"]),
            None if seats is None else tuple(seats),
            data.get("budget"),
            data.get("match"),
            data.get("seed"),
        )


class ReviewedMoveSchema(AdvisedMoveSchema):
    """A move as the advice valued it (searched decisions), and its rank among the card plays."""

    value = ma.fields.Float(
        allow_none=True,
        metadata={
            "description": "searched: expected hand-point differential for the seat's side; "
            "absent for a forced or unranked move"
        },
    )
    rank = StrictInteger(
        metadata={"description": "searched: 1 for the best ranked move; absent otherwise"}
    )


class ThresholdsSchema(ma.Schema):
    """The least loss of each label worse than good."""

    inaccuracy = ma.fields.Float(required=True)
    mistake = ma.fields.Float(required=True)
    blunder = ma.fields.Float(required=True)


class ReviewThresholdsSchema(ma.Schema):
    """How decisions are labelled."""

    points = ma.fields.Nested(
        ThresholdsSchema, required=True, metadata={"description": "in expected hand points"}
    )
    win_probability = ma.fields.Nested(
        ThresholdsSchema,
        required=True,
        metadata={"description": "in match win probability (with a match)"},
    )
    noise_z = ma.fields.Float(
        required=True,
        metadata={"description": "losses within this many standard errors are at most good"},
    )
    accuracy_at_thresholds = bounded_list(
        ma.fields.Float(),
        4,
        required=True,
        metadata={
            "description": "a decision's accuracy at no loss and at the inaccuracy, mistake "
            f"and blunder thresholds: {ACCURACY_RULE}"
        },
    )


class ReviewedDecisionSchema(ma.Schema):
    """One reviewed move of the record."""

    index = StrictInteger(required=True, metadata={"description": "the move's index in moves"})
    seat = seat_field(required=True)
    side = seat_field(required=True)
    status = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(STATUSES),
        metadata={
            "description": "searched: advised and labelled; forced: the only legal card play "
            "(no search, no label); unranked: a move that plays no card (the cutter's keep or "
            "table, a declaration, a claim), which the search does not rank (no label)"
        },
    )
    played = ma.fields.Nested(
        ReviewedMoveSchema,
        required=True,
        metadata={"description": "the move played; when searched, with its values and rank"},
    )
    best = ma.fields.Nested(
        ReviewedMoveSchema,
        metadata={"description": "searched only: the best ranked move and its values"},
    )
    chosen = ma.fields.Nested(
        ChosenMoveSchema,
        metadata={
            "description": "searched only: the move /v1/advice would choose (chosen_by); "
            "differs from best when a rule picks a move that plays no card first"
        },
    )
    chosen_by = ma.fields.String(
        validate=ma.validate.OneOf(CHOSEN_BY),
        metadata={"description": "searched only: how /v1/advice picks chosen"},
    )
    loss = ma.fields.Float(
        allow_none=True,
        metadata={
            "description": "searched: best value less played value in expected hand points, "
            "never negative; null otherwise (and for an undersampled search)"
        },
    )
    noise = ma.fields.Float(
        allow_none=True,
        metadata={"description": "searched: the noise allowance on loss (null: no error estimate)"},
    )
    win_probability_loss = ma.fields.Float(
        allow_none=True,
        metadata={"description": "searched, with a match: the win probability lost"},
    )
    win_probability_noise = ma.fields.Float(
        allow_none=True,
        metadata={"description": "searched, with a match: the noise allowance on it"},
    )
    label = ma.fields.String(
        allow_none=True,
        validate=ma.validate.OneOf(LABELS),
        metadata={"description": f"searched only, else null. {LABEL_RULE}"},
    )
    accuracy = ma.fields.Float(
        allow_none=True,
        metadata={"description": f"searched and judged only, else null: {ACCURACY_RULE}"},
    )
    exact = StrictBoolean(
        metadata={"description": "searched: the values are exact (nothing hidden, solved)"}
    )
    worlds = StrictInteger(metadata={"description": "searched: the worlds the search sampled"})
    undersampled = StrictBoolean(
        metadata={
            "description": "searched: the search ended with fewer worlds than its floor (see "
            "/v1/advice's stats.undersampled): the decision is not judged (loss, noise and "
            "label null) and its summary counts it as undersampled"
        }
    )
    seed = SeedField(metadata={"description": "searched: the advice's seed (stats.seed)"})
    legal_plays = StrictInteger(
        required=True, metadata={"description": "how many legal card plays the seat had"}
    )
    note = ma.fields.String(metadata={"description": "unranked: what the move is for"})
    claim = ma.fields.String(
        validate=ma.validate.OneOf(["right", "wrong"]),
        metadata={"description": "a claim: right (the side won the match) or wrong (lost it)"},
    )


class CostlyDecisionSchema(ma.Schema):
    """One of a seat's costliest decisions."""

    index = StrictInteger(required=True)
    loss = ma.fields.Float(required=True)
    win_probability_loss = ma.fields.Float(allow_none=True)
    label = ma.fields.String(required=True, validate=ma.validate.OneOf(LABELS))


class SeatReviewSchema(ma.Schema):
    """A seat's review over its searched decisions."""

    seat = seat_field(required=True)
    side = seat_field(required=True)
    decisions = StrictInteger(
        required=True, metadata={"description": "searched decisions judged (labelled)"}
    )
    forced = StrictInteger(required=True)
    unranked = StrictInteger(required=True)
    undersampled = StrictInteger(
        required=True,
        metadata={"description": "searched decisions not judged: their search was undersampled"},
    )
    total_loss = ma.fields.Float(required=True, metadata={"description": "in hand points"})
    mean_loss = ma.fields.Float(
        required=True, allow_none=True, metadata={"description": "per searched decision"}
    )
    best_share = ma.fields.Float(
        required=True, allow_none=True, metadata={"description": "the share labelled best"}
    )
    labels = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.OneOf(LABELS)),
        values=StrictInteger(),
        required=True,
        metadata={"description": "how many searched decisions got each label"},
    )
    total_win_probability_loss = ma.fields.Float(
        allow_none=True, metadata={"description": "with a match"}
    )
    mean_win_probability_loss = ma.fields.Float(
        allow_none=True, metadata={"description": "with a match"}
    )
    accuracy = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "the harmonic mean of the judged decisions' accuracies (null with "
            "none): one bad decision pulls it down as far as it pulls the hand's score"
        },
    )
    phases = ma.fields.Dict(
        keys=ma.fields.String(validate=ma.validate.OneOf(PHASES)),
        values=ma.fields.Float(allow_none=True),
        required=True,
        metadata={"description": f"accuracy per phase: {PHASE_RULE}"},
    )
    costliest = bounded_list(
        ma.fields.Nested(CostlyDecisionSchema),
        COSTLIEST,
        required=True,
        metadata={
            "description": f"up to {COSTLIEST} decisions that lost something, the costliest "
            "first (win probability lost with a match, then points)"
        },
    )


class GraphPointSchema(ma.Schema):
    """One reviewed decision on the value graph."""

    index = StrictInteger(required=True, metadata={"description": "the move's index in moves"})
    seat = seat_field(required=True)
    side = seat_field(required=True)
    before = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "the side to move's expected hand points before the move: the best "
            "ranked move's value; null for a decision not searched or not ranked"
        },
    )
    after = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={"description": "the same after the move: the played move's value"},
    )
    win_before = ma.fields.Float(
        allow_none=True, metadata={"description": "with a match: the best move's win probability"}
    )
    win_after = ma.fields.Float(
        allow_none=True,
        metadata={"description": "with a match: the played move's win probability"},
    )
    label = ma.fields.String(allow_none=True, validate=ma.validate.OneOf(LABELS))


class ReviewResponseSchema(ma.Schema):
    """Every reviewed decision in move order, and each reviewed seat's summary."""

    moves = StrictInteger(required=True, metadata={"description": "moves in the record"})
    finished = StrictBoolean(required=True, metadata={"description": "the record ends the hand"})
    seats = bounded_list(seat_field(), MAX_SEATS, required=True)
    budget = ma.fields.Nested(BudgetSchema, required=True)
    seed = SeedField(
        allow_none=True,
        required=True,
        metadata={
            "oneOf": [
                {"type": "integer", "minimum": 0, "maximum": MAX_SEED},
                {"type": "string", "minLength": 1, "maxLength": MAX_SEED_TEXT},
                {"type": "null"},
            ],
            "description": "the seed asked for; null: each decision's seed was derived",
        },
    )
    match = ma.fields.Nested(MatchInputSchema, allow_none=True, required=True)
    thresholds = ma.fields.Nested(
        ReviewThresholdsSchema, required=True, metadata={"description": LABEL_RULE}
    )
    decisions = bounded_list(ma.fields.Nested(ReviewedDecisionSchema), MAX_PLAYS, required=True)
    graph = bounded_list(
        ma.fields.Nested(GraphPointSchema),
        MAX_PLAYS,
        required=True,
        metadata={
            "description": "the value graph: one point per reviewed decision, in move order "
            "(before - after is the loss)"
        },
    )
    summary = bounded_list(ma.fields.Nested(SeatReviewSchema), MAX_SEATS, required=True)


BATCH_LINE_RULE = (
    "One JSON object a line (application/x-ndjson, each line ended by a newline), in record "
    "order: `review` (`index`, `review`: what /v1/review answers for the record), `problem` "
    "(`index`, `problem`: the record's problem as /v1/review would answer it, status "
    "included), `keepalive` (`index` of the record under review, `done`: records finished; "
    f"written when {KEEPALIVE_S:g} s pass without a line) and, last, `summary` (`records`, "
    "`reviewed`, `problems`, `cache`, `elapsed_ms`). A stream without its summary line was cut "
    "short."
)


class BatchReviewRequestSchema(ma.Schema):
    """Hand records to review, each as /v1/review takes it."""

    reviews = entries_field(
        "ReviewRequest",
        "a /v1/review body; one that does not load is a problem line of its own",
        "the records in the order their lines come",
    )

    @ma.post_load
    def batch_request(self, data: dict[str, Any], **kwargs: Any) -> BatchReviewRequest:
        """The records, each loaded on its own when first read."""
        return BatchReviewRequest(Entries(loaded_review, data["reviews"]))


def loaded_review(body: Any) -> ReviewRequest | ProblemError:
    """One entry of a batch as /v1/review loads its body, or its 422 problem."""
    found: ReviewRequest | ProblemError = load_entry(ReviewRequestSchema(), body)
    return found


class BatchSummarySchema(ma.Schema):
    """How the searches met the cache."""

    hit = StrictInteger(required=True)
    miss = StrictInteger(required=True)
    bypass = StrictInteger(required=True)


class BatchReviewLineSchema(ma.Schema):
    """One line of a batch review's stream."""

    type = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(LINE_TYPES),
        metadata={"description": BATCH_LINE_RULE},
    )
    index = StrictInteger(metadata={"description": "review, problem, keepalive: the record"})
    review = ma.fields.Nested(ReviewResponseSchema, metadata={"description": "review lines"})
    problem = ma.fields.Nested(ProblemSchema, metadata={"description": "problem lines"})
    done = StrictInteger(metadata={"description": "keepalive lines: records finished"})
    records = StrictInteger(metadata={"description": "summary: records in the batch"})
    reviewed = StrictInteger(metadata={"description": "summary: review lines"})
    problems = StrictInteger(metadata={"description": "summary: problem lines"})
    cache = ma.fields.Nested(
        BatchSummarySchema, metadata={"description": "summary: the searches by cache status"}
    )
    elapsed_ms = ma.fields.Float(metadata={"description": "summary: the batch's time"})
