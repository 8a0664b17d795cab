"""The answer of POST /v1/bot: a level's move, or master's through the app's advice cache and
search slot, as JSON with its X-Cache and Server-Timing headers."""

from __future__ import annotations

import time
from typing import Any

from flask import Flask

from service.api.advice.answer import sweeps
from service.api.bot.bots import BotJob, bot_job, level_move, master_job
from service.api.bot.request import BotRequest
from service.api.http.refused import refused
from service.api.http.searches import cached_advice
from service.api.refusals import RefusedError
from service.engine import codec


def level_answer(job: BotJob) -> tuple[dict[str, Any], dict[str, str]]:
    """A level's move and its headers: X-Cache (bypass: nothing is searched or cached) and
    Server-Timing."""
    start = time.perf_counter()
    move, seed = level_move(job)
    view = job.decision.view
    result = {
        "move": codec.move_to_dict(move, sweeps(view, move)),
        "level": job.level.name,
        "seed": seed,
    }
    elapsed = (time.perf_counter() - start) * 1000.0
    return result, {"X-Cache": "bypass", "Server-Timing": f"bot;dur={elapsed:.3f}"}


def master_answer(app: Flask, job: BotJob) -> tuple[dict[str, Any], dict[str, str]]:
    """The advisor's chosen move at the default budget, through the advice cache and slot."""
    advice_job = master_job(job, app.config)
    advice, status, elapsed = cached_advice(app, advice_job)
    view = job.decision.view
    move = codec.move_to_dict(advice.chosen, sweeps(view, advice.chosen))
    result = {"move": move, "level": job.level.name, "seed": advice_job.seed}
    return result, {"X-Cache": status, "Server-Timing": f"search;dur={elapsed:.3f}"}


def checked_job(request: BotRequest) -> BotJob:
    """The request's job, its refusal a 422."""
    try:
        return bot_job(request)
    except RefusedError as error:
        raise refused(error) from error


def bot_answer(app: Flask, request: BotRequest) -> tuple[dict[str, Any], dict[str, str]]:
    """The bot's move as JSON, its level and seed, and the response headers."""
    job = checked_job(request)
    return master_answer(app, job) if job.level.advisor else level_answer(job)


def level_example(request: BotRequest) -> dict[str, Any]:
    """The answer of a level below master, without an app (spec examples)."""
    return level_answer(checked_job(request))[0]
