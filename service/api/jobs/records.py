"""What a job computes: one record's result line, and an insights job's final answer.

A job's body is decoded and loaded once (``job_body``; its records each loaded when first
read), whatever number of its records a worker runs. A review job's record is reviewed as one
entry of /v1/review/batch (the same line), under /v1/review's cap per record; an insights job's
hand is reviewed for the player's seat as /v1/insights reviews it, and the insights are drawn
from all the hands' lines once every hand has one. A record that does not load, replay or name
the player is a ``problem`` line. A fair-play job's hand is planned and searched as
/v1/fair-play does it, within /v1/review's cap per record (one ``evidence`` line), and the report
is drawn from every hand's line.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import orjson

from service.api.fair_play import evidence as fair_play
from service.api.fair_play.answer import majority_only
from service.api.fair_play.report import PlayerHands, report
from service.api.fair_play.request import FairPlayRequest
from service.api.fair_play.schemas import FairPlayRequestSchema
from service.api.http.problems import ProblemError
from service.api.insights.insights import (
    PlayerReview,
    hand_result_of_json,
    insights_of,
    planned_hand,
)
from service.api.insights.request import InsightsRequest
from service.api.insights.schemas import InsightsRequestSchema
from service.api.jobs.model import JobKind
from service.api.jobs.request import JobBody
from service.api.review.answer import outcome_line, refusal_json
from service.api.review.batch import entry_steps
from service.api.review.lines import PROBLEM, REVIEW, problem_line
from service.api.review.request import BatchReviewRequest
from service.api.review.reviewing import (
    REFUSALS,
    PreparedReview,
    Reviewer,
    check_total,
    prepared_review,
)
from service.api.review.schemas import BatchReviewRequestSchema
from service.cache.advice_job import AdviceOf

# The schema of each kind's body (checked when the job was made).
SCHEMAS = {
    JobKind.REVIEW: BatchReviewRequestSchema(),
    JobKind.INSIGHTS: InsightsRequestSchema(),
    JobKind.FAIR_PLAY: FairPlayRequestSchema(),
}
EVIDENCE = "evidence"


def job_body(kind: JobKind, request: bytes) -> JobBody:
    """A job's body as it was kept, decoded and loaded (its records each loaded when read)."""
    body: JobBody = SCHEMAS[kind].load(orjson.loads(request))
    return body


def hand_review(
    request: InsightsRequest, index: int, config: Mapping[str, Any]
) -> tuple[int, PreparedReview]:
    """A hand of an insights request, planned for the player's seat; its problem (or the
    review's refusal) raised."""
    hand = request.hands[index]
    if isinstance(hand, Exception):
        raise hand
    return planned_hand(hand, request.player, request.budget, request.seed, config)


def planned_entry(
    body: JobBody, index: int, config: Mapping[str, Any]
) -> tuple[int | None, PreparedReview]:
    """A record planned for review (its seat for insights), within /v1/review's cap; its
    problem raised."""
    assert not isinstance(body, FairPlayRequest)
    seat: int | None = None
    if isinstance(body, BatchReviewRequest):
        loaded = body.reviews[index]
        if isinstance(loaded, Exception):
            raise loaded
        prepared = prepared_review(loaded, config)
    else:
        seat, prepared = hand_review(body, index, config)
    check_total(prepared.budget, prepared.searched, config)
    return seat, prepared


def record_line(
    body: JobBody, index: int, config: Mapping[str, Any], advice_of: AdviceOf
) -> dict[str, Any]:
    """The result line of one record of a job."""
    if isinstance(body, FairPlayRequest):
        return evidence_line(body, index, config, advice_of)
    try:
        seat, prepared = planned_entry(body, index, config)
    except (ProblemError, *REFUSALS) as error:
        return problem_line(index, refusal_json(error))
    cap_ms = config["REVIEW_MAX_TOTAL_MS"]
    reviewer = Reviewer.of(prepared, advice_of, cap_ms, start=None, cache=Counter())
    steps = [step for step in entry_steps(index, prepared, reviewer) if step is not None]
    line = outcome_line(steps[-1])
    if seat is not None and line["type"] == REVIEW:
        line["seat"] = seat
    return line


def evidence_line(
    body: FairPlayRequest, index: int, config: Mapping[str, Any], advice_of: AdviceOf
) -> dict[str, Any]:
    """A fair-play job's hand searched (its problem line when it is refused)."""
    hand = body.hands[index]
    try:
        if isinstance(hand, Exception):
            raise hand
        planned = fair_play.planned_hand(index, hand, body.player, body.pair)
        fair_play.check_searches([planned], config, "hands", "REVIEW_MAX_TOTAL_ITERATIONS")
    except (ProblemError, *REFUSALS) as error:
        return problem_line(index, refusal_json(error))
    clock = fair_play.Clock(config["REVIEW_MAX_TOTAL_MS"])
    found = fair_play.hand_evidence(planned, advice_of, clock)
    return {"type": EVIDENCE, "index": index, EVIDENCE: fair_play.hand_evidence_json(found)}


def fair_play_result(
    body: FairPlayRequest, lines: Mapping[int, Mapping[str, Any]]
) -> dict[str, Any]:
    """A fair-play job's report from its hands' lines."""
    problems = []
    hands = []
    for index in sorted(lines):
        line = lines[index]
        if line["type"] == PROBLEM:
            problems.append((index, line["problem"]))
            continue
        hand = body.hands[index]
        assert not isinstance(hand, Exception)
        hands.append((fair_play.hand_evidence_of_json(line[EVIDENCE]), hand.record))
    kept, others = majority_only(hands, lambda h: h[1].rules.players, lambda h: h[0].index)
    problems += [(index, refusal_json(error)) for index, error in others]
    found = report(PlayerHands(kept), body.player, body.pair)
    listed = [{"index": i, "problem": p} for i, p in sorted(problems, key=lambda t: t[0])]
    return {**found, "problems": listed}


def final_result(
    body: JobBody, lines: Mapping[int, Mapping[str, Any]], config: Mapping[str, Any]
) -> dict[str, Any] | None:
    """An insights or fair-play job's answer from its hands' lines (a review job has none)."""
    if isinstance(body, FairPlayRequest):
        return fair_play_result(body, lines)
    if not isinstance(body, InsightsRequest):
        return None
    reviews, problems = [], []
    for index in sorted(lines):
        line = lines[index]
        if line["type"] == PROBLEM:
            problems.append({"index": index, "problem": line["problem"]})
            continue
        seat, prepared = hand_review(body, index, config)
        reviews.append(PlayerReview(index, seat, prepared, hand_result_of_json(line["review"])))
    return {**insights_of(body, reviews), "problems": problems}
