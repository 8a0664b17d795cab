"""GET /healthz (the process answers) and GET /readyz (the app can serve requests): their
declarations, blueprint and views."""

from __future__ import annotations

from typing import Any

from flask import current_app

from service.api.health.schemas import HealthSchema, ReadinessSchema
from service.api.http.admission import RETRY_AFTER_S
from service.api.http.json import Blueprint
from service.api.http.language import answer_language, translate
from service.api.http.operations import EXEMPT, Operation, route
from service.api.http.problems import ProblemError
from service.api.http.readiness import readiness
from service.engine.cards import parse_card
from service.engine.message import Message
from service.engine.moves import hand_moves
from service.engine.presets import make_rules
from service.i18n.languages import MESSAGES

GET_HEALTH = Operation("getHealth", EXEMPT, "GET", "/healthz")
GET_READINESS = Operation(
    "getReadiness", EXEMPT, "GET", "/readyz", localised=True, unavailable=True
)

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
@blp.response(
    200, ReadinessSchema, example={"status": "ready", "kernel": "compiled", "degraded": []}
)
def readyz() -> dict[str, Any]:
    """The worker is ready to serve: its engine answers, its search is warmed up, and it is
    not saturated by searches (a 503 problem saying which, while not).

    A load balancer sends its traffic elsewhere meanwhile; a saturated worker is ready again as
    soon as it can start a search in time. `kernel` names the search kernel the worker runs,
    and `degraded` what it runs short of (the pure-Python kernel searches about a hundred times
    fewer worlds than the compiled one): such a worker is ready, and logs an error at start.
    """
    if not engine_answers():
        raise ProblemError(503, Message("the rules engine gave an unexpected answer"))
    found = readiness(current_app)
    if not found.ready:
        assert found.reason is not None
        raise ProblemError(503, found.reason, headers={"Retry-After": str(RETRY_AFTER_S)})
    language = answer_language(MESSAGES)
    degraded = [translate(reason, language) for reason in found.degraded]
    return {"status": "ready", "kernel": found.kernel, "degraded": degraded}
