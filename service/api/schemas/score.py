"""Old path of ``service.api.score.schemas`` (tests/benchmarks/request_profile.py imports it)."""

from service.api.score.schemas import ScoreRequestSchema

__all__ = ["ScoreRequestSchema"]
