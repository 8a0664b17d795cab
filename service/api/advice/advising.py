"""Advice searches for any endpoint: the request's seed and cache key, the worker's searches in
turn (``http.admission``) and the shared cache. /v1/advice answers one decision this way;
reviews and bots reuse it."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from flask import Flask

from service.api.advice.answer import advice_to_dict
from service.api.advice.request import AdviceRequest
from service.api.http.admission import SEARCHES
from service.api.http.metrics import record_search
from service.api.http.problems import (
    BUDGET_TOO_LARGE,
    BUDGET_TOO_LARGE_TITLE,
    VALIDATION,
    ProblemError,
    field_message,
)
from service.api.shapes.values import MatchInput, Seed
from service.cache import AdviceCache, CacheStatus, canonical_json
from service.engine import codec
from service.engine.message import Message
from service.engine.moves import Move
from service.engine.rules import Rules
from service.engine.view import View
from service.search import Advice, Budget, Decision, MatchContext, advise
from service.search.advisor import MAX_MS, default_budget
from service.search.worlds import observations_of

CACHE_EXTENSION = "advice_cache"
MAX_SEED = 2**63 - 1
# Bump when what a cache key names changes, so that old answers stop matching.
ANSWER_SHAPE = 4


@dataclass(frozen=True, slots=True)
class AdviceJob:
    """One decision to advise and everything that determines the answer, with its cache key;
    ``must_search``: plays searched even among more than the search ranks (a review's)."""

    decision: Decision
    budget: Budget
    seed: Seed
    match: MatchContext | None
    key_fields: Mapping[str, object]
    must_search: tuple[Move, ...] = ()


def canonical_view(view: View) -> dict[str, Any]:
    """The view as the search reads it: card sets in id order, no rules; of the history only
    what inference reads (the other seats' plays of the current deal, ``observations``)."""
    data = codec.view_to_dict(replace(view, history=()))
    for derived in ("rules", "history", "unseen"):
        data.pop(derived)
    seen = observations_of(view)
    if seen:
        data["observations"] = [
            [o.seat, o.card, o.capture, o.table, o.later, o.live, o.next_size, o.next_partner]
            for o in seen
        ]
    return data


def derived_seed(fields: Mapping[str, object]) -> int:
    """A seed from the canonical request, so identical requests give identical answers."""
    digest = hashlib.sha256(canonical_json(fields)).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def advice_job(
    decision: Decision,
    budget: Budget,
    match: MatchContext | None,
    seed: Seed | None,
    must_search: tuple[Move, ...] = (),
) -> AdviceJob:
    """The job of a decision; without a seed, one derived from the request. A play that must
    be searched is part of the key only where the search would otherwise leave it out."""
    view = decision.view
    fields: dict[str, object] = {
        "rules": view.rules.options(),
        "view": canonical_view(view),
        "budget": budget.to_dict(),
        "match": None if match is None else {"scores": match.scores, "target": match.target},
    }
    chosen = derived_seed(fields) if seed is None else seed
    key: dict[str, object] = {**fields, "seed": chosen, "answer_shape": ANSWER_SHAPE}
    if must_search:
        key["must_search"] = [m.code() for m in must_search]
    return AdviceJob(decision, budget, chosen, match, key, must_search)


def budget_of(budget: Budget | None, config: Mapping[str, Any], field: str, rules: Rules) -> Budget:
    """``capped_budget`` of the budget asked for; none asked for: ADVICE_DEFAULT_MS when the
    server sets it, else the rules' own ``default_budget``."""
    if budget is not None:
        return capped_budget(budget, config, field)
    configured = config["ADVICE_DEFAULT_MS"]
    if configured is None:
        return default_budget(rules)
    return Budget(ms=min(configured, MAX_MS))


def capped_budget(budget: Budget, config: Mapping[str, Any], field: str) -> Budget:
    """The budget asked for, within the configured caps, or a 422 naming the field."""
    if budget.ms is not None:
        cap = min(config["ADVICE_MAX_MS"], MAX_MS)
        if budget.ms > cap:
            raise too_much(f"{field}.ms", cap)
        return budget
    cap = config["ADVICE_MAX_ITERATIONS"]
    if (budget.iterations or 0) > cap:
        raise too_much(f"{field}.iterations", cap)
    return budget


def too_much(field: str, cap: int) -> ProblemError:
    """A 422 for a budget over the server's cap."""
    reason = Message("at most {cap} on this server", cap=cap)
    return ProblemError(
        422,
        field_message(field, reason),
        {field: [reason]},
        BUDGET_TOO_LARGE,
        BUDGET_TOO_LARGE_TITLE,
    )


def match_of(
    rules: Rules, match: MatchInput | None, view: View | None = None
) -> MatchContext | None:
    """The match context, one score per side, the target defaulting to the rules'.

    Without ``match`` the view's own match_scores (and match_target) serve, when it has them.
    """
    if match is None:
        if view is None or not view.match_scores:
            return None
        target = rules.target if view.match_target is None else view.match_target
        return MatchContext(view.match_scores, target)
    if len(match.scores) != rules.sides:
        reason = Message("expected {sides} scores, one per side", sides=rules.sides)
        raise ProblemError(
            422, field_message("match.scores", reason), {"match.scores": [reason]}, VALIDATION
        )
    return MatchContext(match.scores, rules.target if match.target is None else match.target)


def computed_advice(job: AdviceJob, max_ms: int, wait_ms: int) -> Advice:
    """The advice of a job: the search in the worker's turn when there are plays."""
    decision = job.decision
    if not any(m.plays_card for m in decision.legal):
        return advise(decision, job.budget, job.seed, job.match)
    with SEARCHES.turn(wait_ms):
        advice = advise(
            decision,
            job.budget,
            job.seed,
            job.match,
            deadline_ms=max_ms,
            must_search=job.must_search,
        )
    record_search(advice.stats)
    return advice


def cached_advice(
    app: Flask, job: AdviceJob, deadline_ms: int | None = None
) -> tuple[Advice, CacheStatus, float]:
    """The job's advice through the app's cache, its cache status, and the milliseconds spent.

    ``deadline_ms`` (at least 1) lowers the time cap of an iteration budget's search below
    ADVICE_MAX_MS, as a caller running several searches under one time cap needs. An advice
    whose search such a cap cut short, or that is undersampled, is returned but not cached
    (``searched_in_full``).
    """
    config = app.config
    max_ms = min(config["ADVICE_MAX_MS"], MAX_MS)
    if deadline_ms is not None:
        max_ms = max(1, min(max_ms, deadline_ms))
    wait_ms = config["ADVICE_QUEUE_MS"]
    cache: AdviceCache | None = app.extensions.get(CACHE_EXTENSION)
    start = time.perf_counter()
    status: CacheStatus
    if cache is None:
        advice, status = computed_advice(job, max_ms, wait_ms), "bypass"
    else:
        advice, status = cache.advice(
            job.key_fields,
            lambda: computed_advice(job, max_ms, wait_ms),
            config["CACHE_TTL"],
            keep=lambda found: searched_in_full(job, found),
        )
    return advice, status, (time.perf_counter() - start) * 1000.0


def searched_in_full(job: AdviceJob, advice: Advice) -> bool:
    """Whether the advice's search spent the whole budget its cache key names, and reached its
    floor of worlds: a time cap (ADVICE_MAX_MS, a review's deadline) cuts an iteration budget
    short, and ``stats.budget`` then gives the worlds searched; an undersampled search (the
    advisor's floor) rests on too few worlds. Such an advice is not cached: the key promises
    the full budget, and a later request with the same key must get it."""
    stats = advice.stats
    return stats.budget == job.key_fields["budget"] and not stats.undersampled


def advice_job_of(request: AdviceRequest, config: Mapping[str, Any]) -> AdviceJob:
    """Every part of an advice request checked, as a job with its seed and cache key."""
    decision = request.decision
    budget = budget_of(request.budget, config, "budget", decision.view.rules)
    match = match_of(decision.view.rules, request.match, decision.view)
    return advice_job(decision, budget, match, request.seed)


def job_answer(job: AdviceJob, advice: Advice) -> dict[str, Any]:
    """A job's advice as /v1/advice answers it."""
    return advice_to_dict(job.decision.view, advice, job.budget, job.seed, job.match is not None)


def advice_answer(app: Flask, request: AdviceRequest) -> tuple[dict[str, Any], dict[str, str]]:
    """The advice and its headers: X-Cache and Server-Timing."""
    job = advice_job_of(request, app.config)
    advice, status, elapsed = cached_advice(app, job)
    headers = {"X-Cache": status, "Server-Timing": f"search;dur={elapsed:.3f}"}
    return job_answer(job, advice), headers


def uncached_answer(request: AdviceRequest, config: Mapping[str, Any]) -> dict[str, Any]:
    """The answer to a request searched without a cache under the settings (spec examples)."""
    job = advice_job_of(request, config)
    advice = computed_advice(job, config["ADVICE_MAX_MS"], config["ADVICE_QUEUE_MS"])
    return job_answer(job, advice)
