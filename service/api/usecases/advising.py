"""Old path of ``service.api.advice.advising`` (tests/benchmarks/drill_overload.py imports it)."""

from service.api.advice.advising import budget_of

__all__ = ["budget_of"]
