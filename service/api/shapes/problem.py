"""The problem body of every error answer (RFC 9457), as the spec documents it."""

from __future__ import annotations

import marshmallow as ma

from service.api.http.problems import MAX_MESSAGES, PROBLEM_TYPES, PROBLEMS_PAGE
from service.api.shapes.game import MAX_MOVES, MoveSchema


class ProblemSchema(ma.Schema):
    """An RFC 9457 problem: what kind, a short title, the status, details, and errors by field."""

    type = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf([t.uri for t in PROBLEM_TYPES]),
        metadata={
            "description": "the kind of problem; each is documented on the service's "
            f"{PROBLEMS_PAGE} page under the last part of its URI ({PROBLEMS_PAGE}#validation; "
            f"about:blank at {PROBLEMS_PAGE}#blank)"
        },
    )
    instance = ma.fields.String(
        metadata={"description": "this occurrence: urn:scopa:request:<its X-Request-ID>"}
    )
    title = ma.fields.String(required=True)
    status = ma.fields.Integer(required=True)
    detail = ma.fields.String(required=True)
    errors = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.List(ma.fields.String(), validate=ma.validate.Length(max=MAX_MESSAGES)),
        required=True,
        metadata={
            "description": "messages by field path, e.g. state.hands[2] or rules.players",
            "example": {"state.hands[1]": ["holds 2 cards; after 1 plays of this deal ..."]},
        },
    )
    legal_moves = ma.fields.List(
        ma.fields.Nested(MoveSchema),
        validate=ma.validate.Length(max=MAX_MOVES),
        metadata={"description": "for an illegal move: the legal moves of the state"},
    )
    move_index = ma.fields.Integer(
        metadata={"description": "for a hand record's illegal move: its index in moves"}
    )
    largest_budget = ma.fields.Dict(
        keys=ma.fields.String(),
        values=ma.fields.Integer(),
        metadata={
            "description": "for a review over its total budget: the largest budget per "
            'decision that the record allows, {"ms": N} or {"iterations": N}'
        },
    )
