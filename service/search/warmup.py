"""What a search builds on first use, built before a worker serves: for each preset's rules,
the kernel's flattened rules (and their compiled copy), the match model's sample and table for
the preset's target, and one small search through every path it takes (sampling, playouts,
the solver, a match). A rule set or target met later is still prepared before its search's
clock starts (``advisor``), so a cold one costs time but never the search's worlds."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable

from service.engine.presets import PRESETS, make_rules
from service.engine.rules import Rules
from service.engine.state import apply, deal, legal_moves
from service.engine.view import view_of
from service.search.advisor import Budget, MatchContext, advise
from service.search.kernel.backend import backend_for
from service.search.kernel.fast import fast_rules
from service.search.match_model import hand_outcomes, iterated_values, prepare

log = logging.getLogger(__name__)

# Worlds of the small search run per rule set: enough to reach the solver at the hand's end.
WARM_WORLDS = 2


def preset_rules() -> list[Rules]:
    """Every preset's rules at its default number of players."""
    return [make_rules(name) for name in PRESETS]


def warm_rules(rules: Rules) -> None:
    """Build what searches of these rules use, and run one small search with a match."""
    fr = fast_rules(rules)
    backend_for(rules).make_solver(fr)
    prepare(rules, rules.target)
    state = deal(rules, 0)
    while not state.finished and not any(m.plays_card for m in legal_moves(state)):
        state, _ = apply(state, legal_moves(state)[0])
    if state.finished:
        return
    match = MatchContext((0,) * rules.sides, rules.target)
    advise(view_of(state, state.to_move), Budget(iterations=WARM_WORLDS), 0, match)


def warm_up(rules: Iterable[Rules] | None = None) -> float:
    """Warm every preset's rules (or those given); the seconds it took. Its log line says how
    many match-model tables it had to build (none where a gunicorn master built them before
    the worker was forked)."""
    start = time.perf_counter()
    before = tables_built()
    for each in preset_rules() if rules is None else rules:
        warm_rules(each)
    elapsed = time.perf_counter() - start
    built = tables_built() - before
    log.info(
        "search warmed up in %.2f s (%d match-model tables built)",
        elapsed,
        built,
        extra={"warmup_s": round(elapsed, 3), "tables_built": built},
    )
    return elapsed


def tables_built() -> int:
    """How many match-model samples and tables this process has built so far."""
    return hand_outcomes.cache_info().misses + iterated_values.cache_info().misses
