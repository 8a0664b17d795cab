"""Bot moves for any endpoint: a level's own move, or master's through the advice path.

Master is the advisor at the configured default budget, asked through ``advising`` (the seed,
the cache key shared with /v1/advice, the worker's search slot, the cache). The other levels
play ``search.human.HumanPlayer`` from a generator seeded by the request's seed, or by one
derived from the request, so that equal requests get equal moves; they search nothing.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from flask import Flask

from service.api.advice.advising import (
    advice_job,
    budget_of,
    cached_advice,
    derived_seed,
    match_of,
)
from service.api.advice.answer import sweeps
from service.api.bot.request import BotRequest
from service.engine import codec
from service.engine.moves import move_sweeps
from service.engine.view import View
from service.search import Decision, MatchContext
from service.search.human import HumanPlayer
from service.search.levels import Level


@dataclass(frozen=True, slots=True)
class BotJob:
    """One decision for a bot of a level, with the match context and the request's seed."""

    decision: Decision
    level: Level
    match: MatchContext | None
    seed: int | str | None


def level_seed(view: View, level: Level, match: MatchContext | None) -> int:
    """A seed derived from everything the level's move depends on (the history included)."""
    data = codec.view_to_dict(view)
    data.pop("unseen")
    rules = data.pop("rules")
    return derived_seed(
        {
            "rules": rules,
            "view": data,
            "level": level.name,
            "match": None if match is None else {"scores": match.scores, "target": match.target},
        }
    )


def level_answer(job: BotJob) -> tuple[dict[str, Any], dict[str, str]]:
    """A level's move made by its human model, and its headers: X-Cache (bypass: nothing is
    searched or cached) and Server-Timing."""
    start = time.perf_counter()
    view = job.decision.view
    if job.match is not None:
        view = replace(view, match_scores=job.match.scores, match_target=job.match.target)
    seed = level_seed(view, job.level, job.match) if job.seed is None else job.seed
    move = HumanPlayer(job.level).decide(view, job.decision.legal, random.Random(seed))
    sweep = move_sweeps(view.rules, move, view.table, view.next_is_last_play)
    result = {"move": codec.move_to_dict(move, sweep), "level": job.level.name, "seed": seed}
    elapsed = (time.perf_counter() - start) * 1000.0
    return result, {"X-Cache": "bypass", "Server-Timing": f"bot;dur={elapsed:.3f}"}


def master_answer(app: Flask, job: BotJob) -> tuple[dict[str, Any], dict[str, str]]:
    """The advisor's chosen move at the default budget, through the advice cache and slot."""
    budget = budget_of(None, app.config, "budget", job.decision.view.rules)
    advice_of = advice_job(job.decision, budget, job.match, job.seed)
    advice, status, elapsed = cached_advice(app, advice_of)
    view = job.decision.view
    move = codec.move_to_dict(advice.chosen, sweeps(view, advice.chosen))
    result = {"move": move, "level": job.level.name, "seed": advice_of.seed}
    return result, {"X-Cache": status, "Server-Timing": f"search;dur={elapsed:.3f}"}


def bot_job(request: BotRequest) -> BotJob:
    """A bot request as a job: the match context checked."""
    decision = request.decision
    match = match_of(decision.view.rules, request.match, decision.view)
    return BotJob(decision, request.level, match, request.seed)


def bot_answer(app: Flask, request: BotRequest) -> tuple[dict[str, Any], dict[str, str]]:
    """The bot's move as JSON, its level and seed, and the response headers."""
    job = bot_job(request)
    return master_answer(app, job) if job.level.advisor else level_answer(job)


def level_example(request: BotRequest) -> dict[str, Any]:
    """The answer of a level below master, without an app (spec examples)."""
    return level_answer(bot_job(request))[0]
