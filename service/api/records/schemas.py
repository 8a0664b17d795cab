"""The schemas of POST /v1/record (a state's hand record), /v1/replay (a record replayed) and
/v1/view (what one seat of a state can know)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.records.request import RecordRequest, ReplayRequest, ViewRequest
from service.api.shapes.advice import ViewSchema
from service.api.shapes.game import (
    MAX_PLAYS,
    EventSchema,
    HandScoreSchema,
    MatchResultSchema,
    StateSchema,
    bounded_list,
    seat_field,
)
from service.api.shapes.loading import effective_rules, record_of, seat_of, state_of
from service.api.shapes.record import HandRecordSchema, meta_field
from service.api.shapes.rules import RulesField
from service.engine.assemble import meta_from_parts


class RecordRequestSchema(ma.Schema):
    """A state that carries its history, and optionally metadata for the record."""

    rules = RulesField(metadata={"description": "optional: must equal state.rules when both given"})
    state = ma.fields.Nested(StateSchema, required=True)
    meta = meta_field()

    @ma.post_load
    def record_request(self, data: dict[str, Any], **kwargs: Any) -> RecordRequest:
        """The state built and checked, the metadata as the engine keeps it."""
        state = state_of(effective_rules(data), data["state"])
        return RecordRequest(state, meta_from_parts(data.get("meta", {})))


class RecordResponseSchema(ma.Schema):
    """The record of the state's hand so far."""

    record = ma.fields.Nested(HandRecordSchema, required=True)


class ReplayRequestSchema(ma.Schema):
    """A hand record to check and replay."""

    record = ma.fields.Nested(HandRecordSchema, required=True)

    @ma.post_load
    def replay_request(self, data: dict[str, Any], **kwargs: Any) -> ReplayRequest:
        """The record built under its rules."""
        return ReplayRequest(record_of(data["record"]))


class ReplayResponseSchema(ma.Schema):
    """Every state of the hand: as dealt, then after each move; each move's events."""

    states = bounded_list(
        ma.fields.Nested(StateSchema),
        MAX_PLAYS + 1,
        required=True,
        metadata={"description": "states[0] as dealt, states[i + 1] after moves[i]"},
    )
    events = bounded_list(
        bounded_list(ma.fields.Nested(EventSchema), 8),
        MAX_PLAYS,
        required=True,
        metadata={"description": "events[i]: what moves[i] did"},
    )
    score = ma.fields.Nested(
        HandScoreSchema, metadata={"description": "only when the record ends the hand"}
    )
    match = ma.fields.Nested(
        MatchResultSchema,
        metadata={
            "description": "only when the record ends the hand and has a match, or a claim ended it"
        },
    )


class ViewRequestSchema(ma.Schema):
    """A full state and the seat whose view is wanted."""

    rules = RulesField(metadata={"description": "optional: must equal state.rules when both given"})
    state = ma.fields.Nested(StateSchema, required=True)
    seat = seat_field(required=True)

    @ma.post_load
    def view_request(self, data: dict[str, Any], **kwargs: Any) -> ViewRequest:
        """The state built and checked, the seat one of its table."""
        state = state_of(effective_rules(data), data["state"])
        return ViewRequest(state, seat_of(state.rules.players, data["seat"]))


class ViewResponseSchema(ma.Schema):
    """What the seat can know, in the form /v1/advice takes."""

    view = ma.fields.Nested(ViewSchema, required=True)
