"""The schemas of POST /v1/deal, /v1/moves and /v1/play: their requests loaded into engine
values (``post_load``), and their answers."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.game.request import DealRequest, MovesRequest, PlayRequest
from service.api.http.problems import VALIDATION, ProblemError
from service.api.shapes.fields import SeedField, card_list
from service.api.shapes.game import (
    MAX_CARDS,
    MAX_EVENTS,
    MAX_MOVES,
    EventSchema,
    HandScoreSchema,
    MatchResultSchema,
    MoveSchema,
    StateSchema,
    bounded_list,
    seat_field,
)
from service.api.shapes.loading import cards_of, effective_rules, move_of, rules_of, state_of
from service.api.shapes.rules import RulesField
from service.engine.message import Message


class DealRequestSchema(ma.Schema):
    """The rules, and optionally the seed and the dealer's seat."""

    rules = RulesField(required=True)
    seed = SeedField(metadata={"description": "omitted: a random seed, returned in the answer"})
    dealer = seat_field(load_default=0)

    @ma.post_load
    def deal_request(self, data: dict[str, Any], **kwargs: Any) -> DealRequest:
        """The rules built, the dealer a seat of their table."""
        rules = rules_of(data["rules"])
        dealer = data["dealer"]
        if dealer >= rules.players:
            last = rules.players - 1
            raise ProblemError(
                422,
                Message("dealer must be a seat 0..{last}", last=last),
                {
                    "dealer": [
                        Message("must be a seat 0..{last}, not {dealer}", last=last, dealer=dealer)
                    ]
                },
                VALIDATION,
            )
        return DealRequest(rules, data.get("seed"), dealer)


class DealResponseSchema(ma.Schema):
    """The dealt state, the seed that dealt it, and the legal moves of the first player."""

    seed = SeedField(required=True)
    state = ma.fields.Nested(StateSchema, required=True)
    moves = bounded_list(ma.fields.Nested(MoveSchema), MAX_MOVES, required=True)


class MovesRequestSchema(ma.Schema):
    """Either a full state, or the light form: a hand and a table."""

    rules = RulesField(
        metadata={"description": "required with hand and table; with a state, it may be omitted"}
    )
    state = ma.fields.Nested(StateSchema)
    hand = card_list(MAX_CARDS, metadata={"description": "light form: the cards in hand"})
    table = card_list(MAX_CARDS, metadata={"description": "light form: the cards on the table"})

    @ma.validates_schema
    def one_form(self, data: dict[str, Any], **kwargs: Any) -> None:
        """Exactly one of the two forms."""
        light = "hand" in data or "table" in data
        if "state" in data and light:
            raise ma.ValidationError(
                Message("give either state, or hand and table, not both"), "state"
            )
        if "state" not in data:
            missing = [name for name in ("hand", "table", "rules") if name not in data]
            if missing:
                raise ma.ValidationError(
                    {name: [Message("required without state")] for name in missing}
                )

    @ma.post_load
    def moves_request(self, data: dict[str, Any], **kwargs: Any) -> MovesRequest:
        """The state built and checked, or the light form's cards checked against the pack."""
        if "state" in data:
            rules = effective_rules(data)
            return MovesRequest(rules, state=state_of(rules, data["state"]))
        rules = rules_of(data["rules"])
        cards = cards_of(rules, {"hand": data["hand"], "table": data["table"]})
        return MovesRequest(rules, hand=cards["hand"], table=cards["table"])


class MovesResponseSchema(ma.Schema):
    """The legal moves, cards in id order."""

    moves = bounded_list(ma.fields.Nested(MoveSchema), MAX_MOVES, required=True)


class PlayRequestSchema(ma.Schema):
    """A state and the move of the player to move."""

    rules = RulesField(metadata={"description": "optional: must equal state.rules when both given"})
    state = ma.fields.Nested(StateSchema, required=True)
    move = ma.fields.Nested(MoveSchema, required=True)

    @ma.post_load
    def play_request(self, data: dict[str, Any], **kwargs: Any) -> PlayRequest:
        """The state built and checked, and the move."""
        state = state_of(effective_rules(data), data["state"])
        return PlayRequest(state, move_of(data["move"]))


class PlayResponseSchema(ma.Schema):
    """The next state, what happened, and the hand's score when the hand ended."""

    state = ma.fields.Nested(StateSchema, required=True)
    events = bounded_list(ma.fields.Nested(EventSchema), MAX_EVENTS, required=True)
    score = ma.fields.Nested(
        HandScoreSchema,
        metadata={
            "description": "only when the hand ends: every side's points, declarations included"
        },
    )
    match = ma.fields.Nested(
        MatchResultSchema,
        metadata={
            "description": "only when the hand ends and the state carries match_scores or "
            "match_target, or a claim ended it: the claim's verdict, else the hand's points added"
        },
    )
