"""Old path of ``service.api.insights.drills`` (tests/benchmarks/bench_drills.py imports it)."""

from service.api.insights.drills import DRILL_BUDGET

__all__ = ["DRILL_BUDGET"]
