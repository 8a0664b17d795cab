"""The schemas of POST /v1/advice: a seat's view loaded as a checked decision, and the
advice."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.advice.request import AdviceRequest
from service.api.shapes.advice import (
    AdvisedMoveSchema,
    BudgetSchema,
    ChosenMoveSchema,
    SpentBudgetSchema,
    ViewSchema,
)
from service.api.shapes.fields import SeedField, StrictBoolean, StrictInteger
from service.api.shapes.game import MAX_MOVES, MatchInputSchema, bounded_list
from service.api.shapes.loading import decision_from
from service.api.shapes.rules import RulesField
from service.search.special import CHOSEN_BY


class AdviceRequestSchema(ma.Schema):
    """A seat's view, and optionally the rules, the match, the budget and the seed."""

    rules = RulesField(metadata={"description": "optional with view.rules; equal if both given"})
    view = ma.fields.Nested(ViewSchema, required=True)
    match = ma.fields.Nested(
        MatchInputSchema, metadata={"description": "ranks moves by match win probability"}
    )
    budget = ma.fields.Nested(
        BudgetSchema,
        metadata={"description": 'default: {"ms": 50} (unless the server sets another)'},
    )
    seed = SeedField(
        metadata={"description": "omitted: derived from the request, so equal requests agree"}
    )

    @ma.post_load
    def advice_request(self, data: dict[str, Any], **kwargs: Any) -> AdviceRequest:
        """The view built, checked and asking for a move."""
        return AdviceRequest(
            decision_from(data), data.get("budget"), data.get("match"), data.get("seed")
        )


class SearchStatsSchema(ma.Schema):
    """What the search did."""

    worlds = StrictInteger(required=True)
    playouts = StrictInteger(required=True)
    nodes = StrictInteger(required=True)
    elapsed_ms = ma.fields.Float(
        allow_none=True,
        required=True,
        metadata={"description": "null for an iteration budget (see the Server-Timing header)"},
    )
    algorithm = ma.fields.String(required=True)
    budget = ma.fields.Nested(
        SpentBudgetSchema,
        required=True,
        metadata={"description": "the budget used; fewer iterations when the time cap cut them"},
    )
    seed = SeedField(required=True)
    stopped_early = StrictBoolean(
        required=True,
        metadata={
            "description": "a time budget stopped once the best move was clear: every other "
            "move had been dropped from the search, trailing it by more than 2.5 standard "
            "errors of their paired difference (100 worlds at least)"
        },
    )
    saved_ms = ma.fields.Float(
        allow_none=True,
        required=True,
        metadata={
            "description": "the time budget left unused by an early stop; null for an "
            "iteration budget"
        },
    )
    exact = StrictBoolean(
        required=True,
        metadata={
            "description": "the values are exact: nothing is hidden (one world) and it was solved"
        },
    )
    undersampled = StrictBoolean(
        required=True,
        metadata={
            "description": "the search ended with fewer worlds than its floor (32, or an "
            "iteration budget under it) although it may run 50 ms past its budget to reach it: "
            "its values rest on too few worlds to rank moves reliably (a position with thousands "
            "of captures, an overloaded machine). Such an answer is never cached; ask again"
        },
    )


class AdviceResponseSchema(ma.Schema):
    """Every legal move ranked best first, the chosen move, and the search statistics."""

    moves = bounded_list(ma.fields.Nested(AdvisedMoveSchema), MAX_MOVES, required=True)
    chosen = ma.fields.Nested(ChosenMoveSchema, required=True)
    chosen_by = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(CHOSEN_BY),
        metadata={
            "description": "search: the best ranked play; declaration / no_declaration: in the "
            "declaration round after a deal, a hand that declares something is declared, "
            "else the seat declines (ask again for the next seat); cutter_keeps: at the "
            "Chkobba cutter's choice, which the search cannot rank, keep is chosen by rule"
        },
    )
    stats = ma.fields.Nested(SearchStatsSchema, required=True)
