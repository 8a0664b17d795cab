"""What a use case refuses, field by field, in the request's own terms: the errors the use cases
raise where a view answers a problem (``http.refused`` turns each into its 422).

A use case takes values and returns values; what it will not do for a request (a budget over the
server's cap, a match with a score missing, a seat that is not at the table) it raises as a
``RefusedError`` naming the request's fields, and the engine's own errors (an invalid state, an
illegal move) it lets through. Neither knows HTTP.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Self

from service.engine.message import Joined, Message


def field_reason(field: str, reason: str) -> Message:
    """One field's reason, ``field: reason``."""
    return Message("{field}: {reason}", field=field, reason=reason)


class RefusedError(Exception):
    """A request a use case will not answer: the reasons by field path, a detail (each field's
    first reason, by default) and any figure the answer adds (``largest_budget``)."""

    def __init__(
        self,
        errors: Mapping[str, Sequence[str]],
        detail: str | None = None,
        **extensions: Any,
    ) -> None:
        self.errors = {field: list(reasons) for field, reasons in errors.items()}
        self.detail = detail or Joined(
            "; ", (field_reason(field, reasons[0]) for field, reasons in self.errors.items())
        )
        super().__init__(self.detail)
        self.extensions = extensions

    @classmethod
    def of(cls, field: str, reason: str, **extensions: Any) -> Self:
        """A refusal of one field, for one reason."""
        return cls({field: [reason]}, field_reason(field, reason), **extensions)


class BudgetTooLargeError(RefusedError):
    """A search budget (or the searches it asks for) over what this server allows."""
