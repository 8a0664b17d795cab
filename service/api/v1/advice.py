"""Old path of ``service.api.advice.views`` (tests/benchmarks/bench_load.py imports it)."""

from service.api.advice.views import example_request

__all__ = ["example_request"]
