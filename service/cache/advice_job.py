"""One decision to advise and everything its answer depends on, with its cache key: what every
searching endpoint (advice, bots, reviews, insights, drills, jobs) asks of the search and of the
cache, and the form a source of advice takes (``AdviceOf``).

The key names the rules, the view as the search reads it (card sets in id order, no rules; of
the history only what inference reads, the other seats' plays of the current deal), the budget,
the match and the seed; a request without a seed gets one derived from the same fields, so that
equal requests give equal answers. The fields are written as the API writes them (the engine's
codec), which the derived seeds depend on: written another way, every seedless answer changes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from service.cache.advice_cache import CacheStatus
from service.cache.keys import canonical_json
from service.engine import codec
from service.engine.cards import codes
from service.engine.moves import Move
from service.engine.view import View
from service.search import Advice, Budget, Decision, MatchContext
from service.search.worlds import observations_of

MAX_SEED = 2**63 - 1
# Bump when what a cache key names changes, so that old answers stop matching.
ANSWER_SHAPE = 4


@dataclass(frozen=True, slots=True)
class AdviceJob:
    """One decision to advise and everything that determines the answer, with its cache key;
    ``must_search``: plays searched even among more than the search ranks (a review's);
    ``known``: other seats' cards the search is told (seat: card mask; a fair-play leak
    hypothesis), empty for every advice a seat asks for itself."""

    decision: Decision
    budget: Budget
    seed: int | str
    match: MatchContext | None
    key_fields: Mapping[str, object]
    must_search: tuple[Move, ...] = ()
    known: Mapping[int, int] | None = None


# Where a use case gets a job's advice, searched within a deadline (ms), and how it met the cache.
AdviceOf = Callable[[AdviceJob, int], tuple[Advice, CacheStatus]]


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


def match_fields(match: MatchContext | None) -> dict[str, object] | None:
    """A match context as a key names it."""
    return None if match is None else {"scores": match.scores, "target": match.target}


def advice_job(
    decision: Decision,
    budget: Budget,
    match: MatchContext | None,
    seed: int | str | None,
    must_search: tuple[Move, ...] = (),
    *,
    known: Mapping[int, int] | None = None,
) -> AdviceJob:
    """The job of a decision; without a seed, one derived from the request. A play that must
    be searched is part of the key only where the search would otherwise leave it out; cards
    the search is told (``known``) only when there are some."""
    view = decision.view
    fields: dict[str, object] = {
        "rules": view.rules.options(),
        "view": canonical_view(view),
        "budget": budget.to_dict(),
        "match": match_fields(match),
    }
    chosen = derived_seed(fields) if seed is None else seed
    key: dict[str, object] = {**fields, "seed": chosen, "answer_shape": ANSWER_SHAPE}
    if must_search:
        key["must_search"] = [m.code() for m in must_search]
    told = {seat: mask for seat, mask in sorted((known or {}).items()) if mask}
    if told:
        key["known"] = {str(seat): codes(mask) for seat, mask in told.items()}
    return AdviceJob(decision, budget, chosen, match, key, must_search, told or None)
