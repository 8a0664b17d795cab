"""The app's source of advice: a job's advice through the app's cache (``service.cache``), searched
in the worker's turn (``http.admission``) and counted in the metrics; the ``AdviceOf`` that the
searching use cases take, for a request (``app_advice``) or without a cache (``uncached_advice``:
spec examples, benchmarks)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Mapping
from typing import Any

from flask import Flask

from service.api.http.admission import SEARCHES
from service.api.http.metrics import record_search
from service.api.http.tracing import span
from service.cache import AdviceCache, CacheStatus
from service.cache.advice_job import AdviceJob, AdviceOf
from service.search import Advice, advise
from service.search.advisor import MAX_MS

CACHE_EXTENSION = "advice_cache"


def computed_advice(job: AdviceJob, max_ms: int, wait_ms: int) -> Advice:
    """The advice of a job: the search in the worker's turn when there are plays."""
    decision = job.decision
    if not any(m.plays_card for m in decision.legal):
        return advise(decision, job.budget, job.seed, job.match, known=job.known)
    with contextlib.ExitStack() as turn:
        with span("admission", **{"scopa.admission.wait_ms": wait_ms}):
            turn.enter_context(SEARCHES.turn(wait_ms))
        with span("search") as searching:
            advice = advise(
                decision,
                job.budget,
                job.seed,
                job.match,
                deadline_ms=max_ms,
                must_search=job.must_search,
                known=job.known,
            )
            if searching is not None:
                stats = advice.stats
                searching.set_attribute("scopa.search.worlds", stats.worlds)
                searching.set_attribute("scopa.search.playouts", stats.playouts)
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
    with span("advice cache") as looking:
        if cache is None:
            advice, status = computed_advice(job, max_ms, wait_ms), "bypass"
        else:
            advice, status = cache.advice(
                job.key_fields,
                lambda: computed_advice(job, max_ms, wait_ms),
                config["CACHE_TTL"],
                keep=lambda found: searched_in_full(job, found),
            )
        if looking is not None:
            looking.set_attribute("scopa.cache.status", status)
    return advice, status, (time.perf_counter() - start) * 1000.0


def searched_in_full(job: AdviceJob, advice: Advice) -> bool:
    """Whether the advice's search spent the whole budget its cache key names, and reached its
    floor of worlds: a time cap (ADVICE_MAX_MS, a review's deadline) cuts an iteration budget
    short, and ``stats.budget`` then gives the worlds searched; an undersampled search (the
    advisor's floor) rests on too few worlds. Such an advice is not cached: the key promises
    the full budget, and a later request with the same key must get it."""
    stats = advice.stats
    return stats.budget == job.key_fields["budget"] and not stats.undersampled


def app_advice(app: Flask) -> AdviceOf:
    """Advice through the app's advice cache and its worker's search slot."""

    def advice_of(job: AdviceJob, deadline_ms: int) -> tuple[Advice, CacheStatus]:
        advice, status, _ = cached_advice(app, job, deadline_ms)
        return advice, status

    return advice_of


def uncached_advice(config: Mapping[str, Any]) -> AdviceOf:
    """Advice searched every time, under the settings' caps (examples, benchmarks)."""

    def advice_of(job: AdviceJob, deadline_ms: int) -> tuple[Advice, CacheStatus]:
        max_ms = min(config["ADVICE_MAX_MS"], deadline_ms)
        return computed_advice(job, max(1, max_ms), config["ADVICE_QUEUE_MS"]), "bypass"

    return advice_of
