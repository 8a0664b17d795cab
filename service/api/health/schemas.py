"""The schemas of GET /healthz and GET /readyz."""

from __future__ import annotations

import marshmallow as ma

MAX_DEGRADED = 20


class HealthSchema(ma.Schema):
    """The process answers."""

    status = ma.fields.String(required=True, validate=ma.validate.OneOf(["ok"]))


class ReadinessSchema(ma.Schema):
    """The worker is ready to serve, on which search kernel, and what it runs short of."""

    status = ma.fields.String(required=True, validate=ma.validate.OneOf(["ready"]))
    kernel = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["compiled", "python"]),
        metadata={"description": "the search kernel the worker runs"},
    )
    degraded = ma.fields.List(
        ma.fields.String(),
        required=True,
        validate=ma.validate.Length(max=MAX_DEGRADED),
        metadata={"description": "what the worker runs short of, in words; empty when nothing"},
    )
