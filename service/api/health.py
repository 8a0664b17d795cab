"""GET /healthz (the process answers) and GET /readyz (the app can serve requests)."""

from __future__ import annotations

from service.api.json_body import BodyBlueprint
from service.api.problems import ProblemError
from service.api.schemas import HealthSchema
from service.engine.cards import parse_card
from service.engine.message import Message
from service.engine.moves import hand_moves
from service.engine.presets import make_rules

blp = BodyBlueprint("health", __name__, description="Liveness and readiness.")


@blp.route("/healthz", methods=["GET"])
@blp.doc(operationId="getHealth")
@blp.response(200, HealthSchema, example={"status": "ok"})
def healthz() -> dict[str, str]:
    """The process answers."""
    return {"status": "ok"}


def engine_answers() -> bool:
    """Whether the engine finds the one capture of a known position."""
    rules = make_rules("scopa")
    moves = hand_moves(rules, 1 << parse_card("7D"), 1 << parse_card("7C"))
    return len(moves) == 1


@blp.route("/readyz", methods=["GET"])
@blp.doc(operationId="getReadiness")
@blp.response(200, HealthSchema, example={"status": "ready"})
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def readyz() -> dict[str, str]:
    """The app is configured and its engine answers."""
    if not engine_answers():
        raise ProblemError(503, Message("the rules engine gave an unexpected answer"))
    return {"status": "ready"}
