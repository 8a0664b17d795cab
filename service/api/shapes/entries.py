"""Lists of entries loaded one by one: a batch's records, whose problems are each entry's own
instead of the whole request's."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.api.http.problems import ProblemError, schema_problem

# The most records a batch may ever hold (BATCH_MAX_RECORDS is at most this).
MAX_BATCH_RECORDS = 1000


def entries_field(schema_name: str, entry: str, description: str) -> ma.fields.List[Any]:
    """A required list of 1 .. MAX_BATCH_RECORDS entries kept as sent, each documented as the
    named schema (which ``load_entry`` loads it with)."""
    return ma.fields.List(
        ma.fields.Raw(
            metadata={
                "allOf": [{"$ref": f"#/components/schemas/{schema_name}"}],
                "description": entry,
            }
        ),
        required=True,
        validate=ma.validate.Length(min=1, max=MAX_BATCH_RECORDS),
        metadata={"description": f"{description}; at most BATCH_MAX_RECORDS (200 by default)"},
    )


def load_entry(schema: ma.Schema, body: Any) -> Any:
    """One entry as its schema loads it, or its 422 problem (returned, not raised)."""
    try:
        return schema.load(body)
    except ma.ValidationError as error:
        return schema_problem(error.messages)
    except ProblemError as error:
        return error
