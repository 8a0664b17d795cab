"""GET /healthz (the process answers) and GET /readyz (the app can serve requests)."""

from __future__ import annotations

from service.api.endpoints import GET_HEALTH, GET_READINESS, route
from service.api.http.json import Blueprint
from service.api.http.problems import ProblemError
from service.api.schemas.game import HealthSchema
from service.engine.cards import parse_card
from service.engine.message import Message
from service.engine.moves import hand_moves
from service.engine.presets import make_rules

blp = Blueprint("health", __name__, description="Liveness and readiness.")


@route(blp, GET_HEALTH)
@blp.response(200, HealthSchema, example={"status": "ok"})
def healthz() -> dict[str, str]:
    """The process answers."""
    return {"status": "ok"}


def engine_answers() -> bool:
    """Whether the engine finds the one capture of a known position."""
    rules = make_rules("scopa")
    moves = hand_moves(rules, 1 << parse_card("7D"), 1 << parse_card("7C"))
    return len(moves) == 1


@route(blp, GET_READINESS)
@blp.response(200, HealthSchema, example={"status": "ready"})
def readyz() -> dict[str, str]:
    """The app is configured and its engine answers."""
    if not engine_answers():
        raise ProblemError(503, Message("the rules engine gave an unexpected answer"))
    return {"status": "ready"}
