"""Bot moves for any endpoint: a level's own move, or master's job for the advice path.

Master is the advisor at the configured default budget, asked through ``advice.advising`` (the
seed, the cache key shared with /v1/advice). The other levels play ``search.human.HumanPlayer``
from a generator seeded by the request's seed, or by one derived from the request, so that
equal requests get equal moves; they search nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from service.api.advice.advising import budget_of, match_of
from service.api.bot.request import BotRequest
from service.cache.advice_job import AdviceJob, advice_job, derived_seed, match_fields
from service.engine import codec
from service.engine.moves import Move
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


def bot_job(request: BotRequest) -> BotJob:
    """A bot request as a job: the match context checked (refused when it does not fit)."""
    decision = request.decision
    match = match_of(decision.view.rules, request.match, decision.view)
    return BotJob(decision, request.level, match, request.seed)


def level_seed(view: View, level: Level, match: MatchContext | None) -> int:
    """A seed derived from everything the level's move depends on (the history included)."""
    data = codec.view_to_dict(view)
    data.pop("unseen")
    rules = data.pop("rules")
    return derived_seed(
        {"rules": rules, "view": data, "level": level.name, "match": match_fields(match)}
    )


def level_move(job: BotJob) -> tuple[Move, int | str]:
    """A level's move made by its human model, and the seed it played with."""
    view = job.decision.view
    if job.match is not None:
        view = replace(view, match_scores=job.match.scores, match_target=job.match.target)
    seed = level_seed(view, job.level, job.match) if job.seed is None else job.seed
    return HumanPlayer(job.level).decide(view, job.decision.legal, random.Random(seed)), seed


def master_job(job: BotJob, config: Mapping[str, Any]) -> AdviceJob:
    """Master's advice job: the advisor at the default budget, with the bot's match and seed."""
    budget = budget_of(None, config, "budget", job.decision.view.rules)
    return advice_job(job.decision, budget, job.match, job.seed)
