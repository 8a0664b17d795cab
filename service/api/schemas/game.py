"""Old path of ``service.api.game.schemas`` (tests/benchmarks/request_profile.py imports it)."""

from service.api.game.schemas import MovesRequestSchema

__all__ = ["MovesRequestSchema"]
