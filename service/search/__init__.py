"""Move advice by determinized search over the engine's states, and built-in players."""

from service.search.advisor import Advice, Budget, MatchContext, MoveAdvice, SearchStats, advise

__all__ = ["Advice", "Budget", "MatchContext", "MoveAdvice", "SearchStats", "advise"]
