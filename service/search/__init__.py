"""Move advice by determinized search over the engine's states, and built-in players."""

from service.search.advisor import (
    Advice,
    Budget,
    Decision,
    MatchContext,
    MoveAdvice,
    SearchStats,
    UnadvisableError,
    advise,
    decision_of,
)

__all__ = [
    "Advice",
    "Budget",
    "Decision",
    "MatchContext",
    "MoveAdvice",
    "SearchStats",
    "UnadvisableError",
    "advise",
    "decision_of",
]
