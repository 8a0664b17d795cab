"""The use cases take values and return values: none imports Flask, marshmallow or the HTTP
machinery, and each runs without an app, given a source of advice, to the answer the endpoint
gives."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from service.api.insights.insights import insights
from service.api.insights.schemas import InsightsRequestSchema
from service.api.review.answer import review_dict
from service.api.review.reviewing import review
from service.api.review.schemas import ReviewRequestSchema
from service.cache.advice_job import AdviceJob
from service.config import DEFAULTS
from service.search import Advice, advise

ROOT = Path(__file__).resolve().parents[2]
USE_CASES = (
    "service.api.advice.advising",
    "service.api.bot.bots",
    "service.api.insights.drills",
    "service.api.insights.insights",
    "service.api.names.card_names",
    "service.api.review.batch",
    "service.api.review.reviewing",
    "service.api.rules.tally_form",
    "service.api.score.scorekeeping",
)
HTTP = ("flask", "marshmallow", "prometheus_client", "service.api.http")


SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))


def example(path: str, part: str) -> Any:
    """The committed spec's example request (``requestBody``) or answer (``200``) of a POST."""
    operation = SPEC["paths"][path]["post"]
    found = operation[part] if part == "requestBody" else operation["responses"][part]
    return found["content"]["application/json"]["example"]


def searched(job: AdviceJob, deadline_ms: int) -> tuple[Advice, str]:
    """Advice searched on the spot: no app, no cache, no search slot."""
    return advise(
        job.decision, job.budget, job.seed, job.match, must_search=job.must_search
    ), "bypass"


@pytest.mark.parametrize("module", USE_CASES)
def test_a_use_case_imports_nothing_of_http(module: str) -> None:
    probe = (
        f"import sys, {module}; "
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {HTTP!r} "
        f"or m.startswith('service.api.http')))"
    )
    found = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert found.stdout.strip() == "[]", found.stdout


def test_a_review_runs_without_an_app_to_the_answer_of_the_endpoint() -> None:
    request = ReviewRequestSchema().load(example("/v1/review", "requestBody"))
    found, cache = review(request, DEFAULTS, searched)
    assert cache["bypass"] == sum(1 for d in found.decisions if d.searched is not None) > 0
    assert review_dict(found) == example("/v1/review", "200")


def test_insights_run_without_an_app_to_the_answer_of_the_endpoint() -> None:
    request = InsightsRequestSchema().load(example("/v1/insights", "requestBody"))
    figures, left_out = insights(request, DEFAULTS, searched)
    assert left_out == []
    assert figures["hands"] == 2 and figures["decisions"] > 0
    assert {**figures, "problems": []} == example("/v1/insights", "200")
