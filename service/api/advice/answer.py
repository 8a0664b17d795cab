"""The answer of /v1/advice: the job's advice searched through the app's cache and slot, as JSON
with its X-Cache and Server-Timing headers; and an advised move as every answer writes it."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask

from service.api.advice.advising import advice_job_of
from service.api.advice.request import AdviceRequest
from service.api.http.refused import refused
from service.api.http.searches import cached_advice, computed_advice
from service.api.refusals import RefusedError
from service.cache.advice_job import AdviceJob
from service.engine import codec
from service.engine.moves import Move, move_sweeps
from service.engine.view import View
from service.search import Advice, Budget, MoveAdvice


def sweeps(view: View, move: Move) -> bool:
    """Whether a move of the view's seat scores a scopa."""
    return move_sweeps(view.rules, move, view.table, view.next_is_last_play)


def win_probability(advised: MoveAdvice) -> float | None:
    """A move's win probability as the answers give it (six decimals), None without one."""
    return None if advised.win_probability is None else round(advised.win_probability, 6)


def advised_move_dict(view: View, advised: MoveAdvice, with_match: bool) -> dict[str, Any]:
    """One legal move of the view's seat as ``advised_dict`` writes it."""
    return advised_dict(advised, sweeps(view, advised.move), with_match)


def sweeping(view: View, moves: Iterable[Move]) -> frozenset[Move]:
    """Which of the moves of the view's seat score a scopa."""
    return frozenset(move for move in moves if sweeps(view, move))


def advised_dict(advised: MoveAdvice, sweep: bool, with_match: bool) -> dict[str, Any]:
    """One legal move, whether it sweeps, with its value (null when unranked, with a note) and
    win probability."""
    entry = codec.move_to_dict(advised.move, sweep)
    entry["value"] = advised.expected_value
    if advised.win_probability is not None:
        entry["win_probability"] = win_probability(advised)
    elif with_match and advised.expected_value is None:
        entry["win_probability"] = None
    if advised.note is not None:
        entry["note"] = advised.note
    if advised.expected_value is not None:
        entry["std_error"] = advised.std_error
        if with_match:
            entry["win_std_error"] = advised.win_std_error
        entry["std_error_vs_best"] = advised.std_error_vs_best
        entry["breakdown"] = dict(advised.breakdown or {})
        entry["sweep_risk"] = advised.sweep_risk
    return entry


def advice_to_dict(
    view: View, advice: Advice, budget: Budget, seed: int | str, with_match: bool
) -> dict[str, Any]:
    """The answer: every legal move, the chosen one and how, and what the search did.

    ``elapsed_ms`` is null for an iteration budget, so equal requests give equal bytes.
    """
    swept = sweeping(view, [*(m.move for m in advice.moves), advice.chosen])
    stats = advice.stats
    return {
        "moves": [advised_dict(m, m.move in swept, with_match) for m in advice.moves],
        "chosen": codec.move_to_dict(advice.chosen, advice.chosen in swept),
        "chosen_by": advice.chosen_by,
        "stats": {
            "worlds": stats.worlds,
            "playouts": stats.playouts,
            "nodes": stats.nodes,
            "algorithm": stats.algorithm,
            "elapsed_ms": stats.elapsed_ms if budget.ms is not None else None,
            "budget": stats.budget,
            "seed": seed,
            "stopped_early": stats.stopped_early,
            "saved_ms": stats.saved_ms if budget.ms is not None else None,
            "exact": stats.exact,
            "undersampled": stats.undersampled,
        },
    }


def job_answer(job: AdviceJob, advice: Advice) -> dict[str, Any]:
    """A job's advice as /v1/advice answers it."""
    return advice_to_dict(job.decision.view, advice, job.budget, job.seed, job.match is not None)


def checked_job(request: AdviceRequest, config: Mapping[str, Any]) -> AdviceJob:
    """The request's job, its refusal a 422."""
    try:
        return advice_job_of(request, config)
    except RefusedError as error:
        raise refused(error) from error


def advice_answer(app: Flask, request: AdviceRequest) -> tuple[dict[str, Any], dict[str, str]]:
    """The advice and its headers: X-Cache and Server-Timing."""
    job = checked_job(request, app.config)
    advice, status, elapsed = cached_advice(app, job)
    headers = {"X-Cache": status, "Server-Timing": f"search;dur={elapsed:.3f}"}
    return job_answer(job, advice), headers


def uncached_answer(request: AdviceRequest, config: Mapping[str, Any]) -> dict[str, Any]:
    """The answer to a request searched without a cache under the settings (spec examples)."""
    job = checked_job(request, config)
    advice = computed_advice(job, config["ADVICE_MAX_MS"], config["ADVICE_QUEUE_MS"])
    return job_answer(job, advice)
