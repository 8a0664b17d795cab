"""Old path of ``service.api.insights.request.DRILL_BUDGET`` (tests/benchmarks/bench_drills.py
imports it from here)."""

from service.api.insights.request import DRILL_BUDGET

__all__ = ["DRILL_BUDGET"]
