"""Drills from a player's own mistakes: the positions where the review found a loss of at
least a mistake's worth, re-searched at a high budget and kept when one move is clearly best
(``search.drills.clear_best``), each with the seat's view, the best move, the move the player
made and why, in the request's language.

The hands are reviewed as /v1/insights reviews them; each candidate is re-searched at
``drill_budget`` (default ``DRILL_BUDGET``) with a seed derived from the request's, through
the advice cache. Iteration budgets and fixed seeds: the same hands and seed give the same
drills. The batch cap counts the worst case before any search: every searched decision
reviewed and re-searched.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from service.api.advice.advising import AdviceJob, capped_budget
from service.api.advice.answer import advised_move_dict, sweeps
from service.api.http.language import answer_language, translate
from service.api.http.problems import ProblemError
from service.api.insights.insights import HandsToReview, PlayerReview, reviewed_hands
from service.api.insights.request import DrillsRequest, PlayerHand
from service.api.records.answer import view_dict
from service.api.review.reviewing import AdviceOf, played_move_job
from service.engine import codec
from service.engine.message import Joined, Message
from service.engine.view import View, view_of
from service.i18n.languages import MESSAGES
from service.search import Budget, MoveAdvice
from service.search.drills import MARGIN, MARGIN_Z, ClearBest, clear_best
from service.search.level_estimate import REVIEW_BUDGET, REVIEW_SEED
from service.search.review import BLUNDER, MISTAKE, POINTS

DRILL_BUDGET = Budget(iterations=10_000)
# A sweep risk this much higher after the played move is worth saying.
RISK_WORTH_SAYING = 0.05
DRILL_LABELS = (MISTAKE, BLUNDER)


def drill_seed(seed: int | str) -> str:
    """The re-searches' seed, derived from the review's."""
    return f"drill:{seed}"


def why(view: View, best: MoveAdvice, played: MoveAdvice) -> dict[str, Any]:
    """Why the best move beats the played one: the breakdown difference, the sweep risks and
    a sentence in the request's language."""
    assert best.expected_value is not None and played.expected_value is not None
    mine, theirs = dict(best.breakdown or {}), dict(played.breakdown or {})
    difference = {
        name: round(mine.get(name, 0.0) - theirs.get(name, 0.0), 4)
        for name in sorted(set(mine) | set(theirs))
    }
    gain = best.expected_value - played.expected_value
    parts = [
        Message(
            "{best} is worth {gain} hand points more than {played} on average",
            best=best.move.code(),
            gain=f"{gain:.2f}",
            played=played.move.code(),
        )
    ]
    if difference:
        category = max(difference, key=lambda name: difference[name])
        if difference[category] > 0:
            parts.append(
                Message(
                    "the most of it in {category} ({amount})",
                    category=category,
                    amount=f"{difference[category]:+.2f}",
                )
            )
    risks = {"best": best.sweep_risk, "played": played.sweep_risk}
    if (
        best.sweep_risk is not None
        and played.sweep_risk is not None
        and played.sweep_risk - best.sweep_risk >= RISK_WORTH_SAYING
    ):
        parts.append(
            Message(
                "after {played} the next player can sweep in {played_risk}% of the deals, "
                "after {best} in {best_risk}%",
                played=played.move.code(),
                best=best.move.code(),
                played_risk=round(100 * played.sweep_risk),
                best_risk=round(100 * best.sweep_risk),
            )
        )
    text = translate(Joined("; ", parts), answer_language(MESSAGES))
    return {"text": text, "breakdown": difference, "sweep_risk": risks}


def drill_dict(
    review: PlayerReview,
    decision: Mapping[str, Any],
    job: AdviceJob,
    found: ClearBest,
    played: MoveAdvice,
) -> dict[str, Any]:
    """One drill as the answer gives it."""
    assert found.best.expected_value is not None and played.expected_value is not None
    view = job.decision.view
    plays = [m for m in job.decision.legal if m.plays_card]
    return {
        "hand": review.index,
        "move_index": decision["index"],
        "seat": review.seat,
        "view": view_dict(view),
        "legal": [codec.move_to_dict(m, sweeps(view, m)) for m in plays],
        "best": advised_move_dict(view, found.best, False),
        "played": advised_move_dict(view, played, False),
        "second_value": found.second.expected_value,
        "margin": found.margin,
        "margin_error": found.margin_error,
        "review_loss": decision["loss"],
        "loss": round(found.best.expected_value - played.expected_value, 6),
        "why": why(view, found.best, played),
    }


def drills(
    request: DrillsRequest,
    loaded: Sequence[PlayerHand | ProblemError],
    config: Mapping[str, Any],
    advice_of: AdviceOf,
) -> dict[str, Any]:
    """The drills of a player's hands (module docstring)."""
    budget = capped_budget(request.drill_budget or DRILL_BUDGET, config, "drill_budget")
    seed = REVIEW_SEED if request.seed is None else request.seed
    hands = HandsToReview(loaded, request.player, request.budget, seed, budget)
    start = time.perf_counter()
    reviews, problems = reviewed_hands(hands, config, advice_of)
    cap_ms = config["REVIEW_BATCH_MAX_TOTAL_MS"]
    found, candidates = [], 0
    for review in reviews:
        planned = {p.index: p for p in review.prepared.planned}
        for decision in review.review["decisions"]:
            if decision["label"] not in DRILL_LABELS:
                continue
            candidates += 1
            at = planned[decision["index"]]
            view = view_of(at.state, review.seat)
            left = max(1, int(cap_ms - (time.perf_counter() - start) * 1000.0))
            job = played_move_job(view, at.play.move, budget, None, drill_seed(seed))
            advice, _ = advice_of(job, left)
            clear = clear_best(advice, at.play.move)
            played = next((m for m in advice.moves if m.move == at.play.move), None)
            if clear is None or played is None or played.expected_value is None:
                continue
            found.append(drill_dict(review, decision, job, clear, played))
    return {
        "hands": len(reviews),
        "budget": (request.budget or REVIEW_BUDGET).to_dict(),
        "drill_budget": budget.to_dict(),
        "seed": seed,
        "rule": {"least_loss": POINTS.mistake, "margin": MARGIN, "margin_z": MARGIN_Z},
        "candidates": candidates,
        "drills": found,
        "problems": problems,
    }
