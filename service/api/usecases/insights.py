"""Old path of ``service.api.insights.insights`` (tests/benchmarks/bench_insights.py imports it)."""

from service.api.insights.insights import seat_figures

__all__ = ["seat_figures"]
