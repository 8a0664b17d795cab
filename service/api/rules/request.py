"""The request of GET /v1/rules/tally as its query schema loads it."""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.rules import Rules


@dataclass(frozen=True, slots=True)
class TallyFormRequest:
    """The rules whose tally form is asked for."""

    rules: Rules
