"""The schemas of GET /v1/problems: every problem type the API answers."""

from __future__ import annotations

import marshmallow as ma

MAX_STATUSES = 10
MAX_TYPES = 50


class ProblemKindSchema(ma.Schema):
    """One problem type: its `type` URI, where it is documented, its statuses and meaning."""

    type = ma.fields.String(required=True)
    url = ma.fields.String(required=True, metadata={"description": "this page's anchor for it"})
    title = ma.fields.String(required=True)
    statuses = ma.fields.List(
        ma.fields.Integer(), required=True, validate=ma.validate.Length(max=MAX_STATUSES)
    )
    description = ma.fields.String(required=True)


class ProblemKindsSchema(ma.Schema):
    """Every problem type."""

    types = ma.fields.List(
        ma.fields.Nested(ProblemKindSchema),
        required=True,
        validate=ma.validate.Length(max=MAX_TYPES),
    )
