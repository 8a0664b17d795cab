"""The request of POST /v1/advice as its schema loads it: a checked decision; the budget and
the match left as sent (the server's caps and the side count are the use case's to check,
after the position, as the answers' order of problems has always been)."""

from __future__ import annotations

from dataclasses import dataclass

from service.api.shapes.values import MatchInput, Seed
from service.search import Budget, Decision


@dataclass(frozen=True, slots=True)
class AdviceRequest:
    """A decision to advise, with the budget, match and seed asked for."""

    decision: Decision
    budget: Budget | None
    match: MatchInput | None
    seed: Seed | None
