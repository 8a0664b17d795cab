"""Drills from a player's own mistakes: the positions where the review found a loss of at
least a mistake's worth, re-searched at a high budget and kept when one move is clearly best
(``search.drills.clear_best``), each with the seat's view, the best move, the move the player
made and why (its sentence a message that the answer says in the request's language).

The hands are reviewed as /v1/insights reviews them; each candidate is re-searched at
``drill_budget`` (default ``DRILL_BUDGET``) with a seed derived from the request's, through
the advice cache. Iteration budgets and fixed seeds: the same hands and seed give the same
drills. The batch cap counts the worst case before any search: every searched decision
reviewed and re-searched.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from service.api.advice.advising import capped_budget
from service.api.insights.insights import HandsToReview, LeftOut, PlayerReview, reviewed_hands
from service.api.insights.request import DRILL_BUDGET, DrillsRequest
from service.api.review.reviewing import played_move_job
from service.cache.advice_job import AdviceJob, AdviceOf
from service.engine.message import Joined, Message
from service.engine.view import view_of
from service.search import Budget, MoveAdvice
from service.search.drills import ClearBest, clear_best
from service.search.level_estimate import REVIEW_BUDGET, REVIEW_SEED
from service.search.review import BLUNDER, MISTAKE

# A sweep risk this much higher after the played move is worth saying.
RISK_WORTH_SAYING = 0.05
DRILL_LABELS = (MISTAKE, BLUNDER)


def drill_seed(seed: int | str) -> str:
    """The re-searches' seed, derived from the review's."""
    return f"drill:{seed}"


@dataclass(frozen=True, slots=True)
class Why:
    """Why the best move beats the played one: the breakdown difference by category, the two
    moves' sweep risks, and a sentence (a message, said in the request's language)."""

    breakdown: Mapping[str, float]
    sweep_risk: Mapping[str, float | None]
    text: Message


def why(best: MoveAdvice, played: MoveAdvice) -> Why:
    """Why the best move beats the played one (``Why``)."""
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
    return Why(difference, risks, Joined("; ", parts))


@dataclass(frozen=True, slots=True)
class Drill:
    """A position of the player's hand where one move is clearly best: the hand, the move's
    index and the seat, the re-search's job, what made it clear, the played move as the
    re-search valued it, the loss the review found, and why."""

    review: PlayerReview
    move_index: int
    job: AdviceJob
    found: ClearBest
    played: MoveAdvice
    review_loss: float
    why: Why


@dataclass(frozen=True, slots=True)
class Drills:
    """The drills of a player's hands: the hands reviewed, the review's and the re-searches'
    budgets, the seed, how many decisions were candidates, the drills, and the hands left
    out."""

    hands: int
    budget: Budget
    drill_budget: Budget
    seed: int | str
    candidates: int
    drills: tuple[Drill, ...]
    left_out: tuple[LeftOut, ...]


def drills(request: DrillsRequest, config: Mapping[str, Any], advice_of: AdviceOf) -> Drills:
    """The drills of a player's hands (module docstring)."""
    budget = capped_budget(request.drill_budget or DRILL_BUDGET, config, "drill_budget")
    seed = REVIEW_SEED if request.seed is None else request.seed
    hands = HandsToReview(list(request.hands), request.player, request.budget, seed, budget)
    start = time.perf_counter()
    reviews, left_out = reviewed_hands(hands, config, advice_of)
    cap_ms = config["REVIEW_BATCH_MAX_TOTAL_MS"]
    found, candidates = [], 0
    for player, review in reviews:
        for decision in review.decisions:
            verdict = decision.judged.verdict
            if verdict is None or verdict.label not in DRILL_LABELS:
                continue
            candidates += 1
            at = decision.planned
            view = view_of(at.state, player.seat)
            left = max(1, int(cap_ms - (time.perf_counter() - start) * 1000.0))
            job = played_move_job(view, at.play.move, budget, None, drill_seed(seed))
            advice, _ = advice_of(job, left)
            clear = clear_best(advice, at.play.move)
            played = next((m for m in advice.moves if m.move == at.play.move), None)
            if clear is None or played is None or played.expected_value is None:
                continue
            drill = Drill(
                player, at.index, job, clear, played, verdict.loss, why(clear.best, played)
            )
            found.append(drill)
    return Drills(
        len(reviews),
        request.budget or REVIEW_BUDGET,
        budget,
        seed,
        candidates,
        tuple(found),
        tuple(left_out),
    )
