"""The shapes of advice that several resources share: a seat's view, a search budget, an
advised move and a chosen move."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.shapes.fields import (
    CardField,
    StrictBoolean,
    StrictInteger,
    card_list,
    card_lists,
    integer_list,
)
from service.api.shapes.game import (
    MAX_CARDS,
    MAX_PLAYS,
    MAX_SCOPE,
    MAX_SEATS,
    HistoryPlaySchema,
    VariantFieldsSchema,
    bounded_list,
    capture_field,
    kind_field,
    seat_field,
)
from service.api.shapes.rules import RulesField
from service.engine.message import Message
from service.search import Budget
from service.search.advisor import MAX_MS

# The schema's bound on iterations; the configured cap (SCOPA_ADVICE_MAX_ITERATIONS) is lower.
MAX_ITERATIONS = 1_000_000


class ViewSchema(VariantFieldsSchema):
    """What the seat to move can know: its hand, the open cards and the other hands' sizes."""

    rules = RulesField(metadata={"description": "optional: must equal the top-level rules"})
    seat = seat_field(required=True, metadata={"description": "the seat asking, to move"})
    dealer = seat_field(required=True)
    to_move = seat_field(required=True)
    hand = card_list(MAX_CARDS, required=True)
    table = card_list(MAX_CARDS, required=True)
    piles = card_lists(
        MAX_SEATS,
        MAX_CARDS,
        metadata={"description": "one per side; omitted: rebuilt from history"},
    )
    scope = integer_list(
        0,
        MAX_SCOPE,
        MAX_SEATS,
        metadata={"description": "scope made by each side; omitted: rebuilt from history"},
    )
    hand_sizes = integer_list(0, MAX_CARDS, MAX_SEATS, required=True)
    stock_size = StrictInteger(validate=ma.validate.Range(0, MAX_CARDS), load_default=0)
    deals_made = StrictInteger(validate=ma.validate.Range(1, MAX_CARDS), load_default=1)
    last_capturer = seat_field(
        allow_none=True, metadata={"description": "omitted: null, or rebuilt from history"}
    )
    history = bounded_list(
        ma.fields.Nested(HistoryPlaySchema),
        MAX_PLAYS,
        metadata={
            "description": "every move of the hand so far, any kind; needed when piles are omitted"
        },
    )
    cut_pending = StrictBoolean(
        metadata={"description": "Chkobba: the cutter has not yet kept or tabled the drawn card"}
    )


class BudgetSchema(ma.Schema):
    """How long to search: milliseconds, or a number of sampled worlds (reproducible)."""

    ms = StrictInteger(validate=ma.validate.Range(1, MAX_MS), metadata={"example": 20})
    iterations = StrictInteger(
        validate=ma.validate.Range(1, MAX_ITERATIONS), metadata={"example": 8}
    )

    @ma.validates_schema
    def exactly_one(self, data: dict[str, Any], **kwargs: Any) -> None:
        """Exactly one of ms and iterations."""
        if ("ms" in data) == ("iterations" in data):
            raise ma.ValidationError(Message("give exactly one of ms and iterations"))

    @ma.post_load
    def budget(self, data: dict[str, Any], **kwargs: Any) -> Budget:
        """The budget (the server's caps are the use case's to check)."""
        return Budget(ms=data.get("ms"), iterations=data.get("iterations"))


class SpentBudgetSchema(BudgetSchema):
    """The budget a search spent: as asked, or the worlds searched when a time cap cut an
    iteration budget short (none at all when it passed before the first)."""

    iterations = StrictInteger(
        validate=ma.validate.Range(0, MAX_ITERATIONS), metadata={"example": 8}
    )


UNRANKED_NOTE = (
    "null: a move the search does not rank (it ranks card plays only): the cutter's keep or "
    "table, a declaration, a claim"
)


class AdvisedMoveSchema(ma.Schema):
    """A legal move with its expected value (and win probability with a match); null unranked."""

    card = CardField(metadata={"description": "absent in a claim"})
    capture = capture_field(required=True)
    sweep = StrictBoolean(required=True)
    kind = kind_field()
    value = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "expected hand-point differential for the seat's side; " + UNRANKED_NOTE
        },
    )
    win_probability = ma.fields.Float(
        validate=ma.validate.Range(0, 1),
        allow_none=True,
        metadata={"description": "only with a match; null for a move the search does not rank"},
    )
    note = ma.fields.String(
        metadata={"description": "only on a move the search does not rank: what it is for"}
    )
    std_error = ma.fields.Float(
        allow_none=True,
        metadata={
            "description": "ranked moves: the standard error of value over the sampled worlds "
            "(null below two worlds)"
        },
    )
    win_std_error = ma.fields.Float(
        allow_none=True,
        metadata={
            "description": "ranked moves with a match: the standard error of win_probability"
        },
    )
    std_error_vs_best = ma.fields.Float(
        allow_none=True,
        metadata={
            "description": "ranked moves: the standard error of the best move's value less this "
            "one's over the same worlds (paired; far smaller than either error); null for the "
            "best move"
        },
    )
    breakdown = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Float(),
        metadata={
            "description": "ranked moves: value by scoring category (the rules' categories, as "
            "/v1/score names them), from the same playouts; the parts add up to value"
        },
    )
    sweep_risk = ma.fields.Float(
        validate=ma.validate.Range(0, 1),
        metadata={
            "description": "ranked moves: the share of sampled worlds in which the next player, "
            "an opponent, holds a card that sweeps the table after this move"
        },
    )


class ChosenMoveSchema(ma.Schema):
    """The move the advisor plays."""

    card = CardField(metadata={"description": "absent in a claim"})
    capture = capture_field(required=True)
    sweep = StrictBoolean(required=True)
    kind = kind_field()
