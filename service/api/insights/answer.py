"""The answers of /v1/insights and /v1/drills: the figures and drills as JSON, the hands left
out with their problems, a request over the batch's limits a 422, and a drill's sentence in
the request's language."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.api.advice.answer import advised_move_dict, sweeps
from service.api.http.language import answer_language, translate
from service.api.http.refused import refused
from service.api.insights.drills import Drill, drills
from service.api.insights.insights import LeftOut, insights
from service.api.insights.request import DrillsRequest, InsightsRequest
from service.api.records.answer import view_dict
from service.api.refusals import RefusedError
from service.api.review.answer import refusal_json
from service.cache.advice_job import AdviceOf
from service.engine import codec
from service.i18n.languages import MESSAGES
from service.search.drills import MARGIN, MARGIN_Z
from service.search.review import POINTS


def left_out_json(left_out: Sequence[LeftOut]) -> list[dict[str, Any]]:
    """The hands left out, each with its problem."""
    return [{"index": index, "problem": refusal_json(error)} for index, error in left_out]


def insights_answer(
    request: InsightsRequest, config: Mapping[str, Any], advice_of: AdviceOf
) -> dict[str, Any]:
    """The insights of a request's hands (loaded one by one), and the hands left out."""
    try:
        found, left_out = insights(request, config, advice_of)
    except RefusedError as error:
        raise refused(error) from error
    return {**found, "problems": left_out_json(left_out)}


def drill_dict(drill: Drill) -> dict[str, Any]:
    """One drill as the answer gives it, its sentence in the request's language."""
    found, played, job = drill.found, drill.played, drill.job
    assert found.best.expected_value is not None and played.expected_value is not None
    view = job.decision.view
    plays = [m for m in job.decision.legal if m.plays_card]
    return {
        "hand": drill.review.index,
        "move_index": drill.move_index,
        "seat": drill.review.seat,
        "view": view_dict(view),
        "legal": [codec.move_to_dict(m, sweeps(view, m)) for m in plays],
        "best": advised_move_dict(view, found.best, False),
        "played": advised_move_dict(view, played, False),
        "second_value": found.second.expected_value,
        "margin": found.margin,
        "margin_error": found.margin_error,
        "review_loss": drill.review_loss,
        "loss": round(found.best.expected_value - played.expected_value, 6),
        "why": {
            "text": translate(drill.why.text, answer_language(MESSAGES)),
            "breakdown": dict(drill.why.breakdown),
            "sweep_risk": dict(drill.why.sweep_risk),
        },
    }


def drills_answer(
    request: DrillsRequest, config: Mapping[str, Any], advice_of: AdviceOf
) -> dict[str, Any]:
    """The drills of a request's hands (loaded one by one), and the hands left out."""
    try:
        found = drills(request, config, advice_of)
    except RefusedError as error:
        raise refused(error) from error
    return {
        "hands": found.hands,
        "budget": found.budget.to_dict(),
        "drill_budget": found.drill_budget.to_dict(),
        "seed": found.seed,
        "rule": {"least_loss": POINTS.mistake, "margin": MARGIN, "margin_z": MARGIN_Z},
        "candidates": found.candidates,
        "drills": [drill_dict(d) for d in found.drills],
        "problems": left_out_json(found.left_out),
    }
