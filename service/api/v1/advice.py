"""POST /v1/advice: every legal move of the seat to move ranked by a determinized search."""

from __future__ import annotations

import hashlib
import http
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from flask import current_app
from flask_smorest import Blueprint
from werkzeug.exceptions import ServiceUnavailable

from service.api.advice_schemas import AdviceRequestSchema, AdviceResponseSchema
from service.api.convert import effective_rules, invalid_state
from service.api.examples import dealt_state
from service.api.metrics import record_busy, record_search
from service.api.problems import INVALID_STATE, VALIDATION, ProblemError
from service.cache import AdviceCache, CacheStatus, canonical_json
from service.config import DEFAULTS
from service.engine import codec
from service.engine.cards import codes, parse_card
from service.engine.errors import InvalidStateError, Problem
from service.engine.history import rebuild
from service.engine.moves import Move, MoveKind, move_sweeps
from service.engine.rules import Rules
from service.engine.state import Play
from service.engine.view import View, check_view, view_moves
from service.engine.view import view_of as engine_view_of
from service.search import Budget, MatchContext, advise
from service.search.advisor import MAX_MS

blp = Blueprint("advice", __name__, url_prefix="/v1", description="Move advice.")

CACHE_EXTENSION = "advice_cache"
RETRY_AFTER_S = 1
MAX_SEED = 2**63 - 1

# Bump when the answer's shape changes, so that cached answers of the old shape stop matching.
ANSWER_SHAPE = 2
UNRANKED_NOTES = {
    MoveKind.KEEP: "the cutter keeps the drawn card as the first of the hand; not ranked",
    MoveKind.TABLE: "the cutter lays the drawn card as the first table card; not ranked",
    MoveKind.DECLARE: "shows the hand for the declaration points; the seat then plays; "
    "not ranked (ask again after it)",
    MoveKind.CLAIM: "claims the match: right if the points already certain reach the target, "
    "else the match is lost; not ranked",
}

# One search per worker process. A request that finds the slot taken waits for it a bounded
# time (ADVICE_QUEUE_MS; the worker's other threads keep serving health checks and cheap
# endpoints meanwhile), then is answered 503 with Retry-After instead of queueing further.
SEARCH_SLOT = threading.Lock()


@contextmanager
def search_slot(wait_ms: int) -> Iterator[None]:
    """Hold the worker's search slot, waiting at most ``wait_ms``; else answer 503."""
    if not SEARCH_SLOT.acquire(timeout=wait_ms / 1000.0 if wait_ms > 0 else 0.0):
        record_busy()
        raise ServiceUnavailable(
            "this worker is already running a search; retry shortly", retry_after=RETRY_AFTER_S
        )
    try:
        yield
    finally:
        SEARCH_SLOT.release()


@dataclass(frozen=True, slots=True)
class AdviceRequest:
    """A checked request: everything that determines the answer."""

    view: View
    budget: Budget
    seed: int | str
    match: MatchContext | None
    key_fields: Mapping[str, object]


def request_rules(body: Mapping[str, Any]) -> Rules:
    """The rules of the request: top-level or view.rules, equal when both are given."""
    return effective_rules(body, "view")


def history_of(data: Mapping[str, Any]) -> tuple[Play, ...]:
    """The moves of a view's history, any kind; InvalidStateError names a card taken twice."""
    plays = []
    for i, entry in enumerate(data.get("history", ())):
        move = codec.move_from_dict(entry, f"history[{i}]")
        plays.append(Play(entry["seat"], move))
    return tuple(plays)


def view_of(rules: Rules, data: Mapping[str, Any]) -> View:
    """A checked view; piles and scope rebuilt from history when omitted; 422 lists problems."""
    fields = dict(data)
    fields.pop("rules", None)
    try:
        history = history_of(data)
        if "piles" not in data or "scope" not in data:
            fields.update(rebuilt_fields(rules, data, history))
        view = codec.view_from_dict({**fields, "history": []}, rules)
        view = replace(view, history=history)
        check_view(view)
    except InvalidStateError as error:
        raise invalid_state(error.problems, "view") from error
    if view.claimed_by is not None:
        reason = "the hand ended on a claim: there is no move to advise"
        raise _unadvisable("view.claimed_by", reason)
    if sum(view.hand_sizes) == 0 and view.stock_size == 0 and not view.cut_pending:
        raise _unadvisable("view.hand_sizes", "the hand is finished: there is no move to advise")
    if view.to_move != view.seat:
        reason = f"seat {view.seat} is not to move: seat {view.to_move} is"
        raise _unadvisable("view.seat", reason)
    if view.cut_pending and view.cut_card is None:
        reason = "the cutter's own view shows the drawn card: give cut_card"
        raise _unadvisable("view.cut_card", reason)
    return view


def rebuilt_fields(
    rules: Rules, data: Mapping[str, Any], history: tuple[Play, ...]
) -> dict[str, Any]:
    """Piles, scope and last capturer from the history; given ones must agree with it."""
    if "history" not in data:
        raise InvalidStateError([Problem("piles", "give piles and scope, or the history")])
    hand_sizes = data["hand_sizes"]
    last = data.get("stock_size", 0) == 0 and not any(hand_sizes)
    hand = 0
    for text in data["hand"]:
        hand |= 1 << parse_card(text)
    table = 0
    for text in data["table"]:
        table |= 1 << parse_card(text)
    rebuilt = rebuild(rules, data["dealer"], history, table_now=table, hand=hand, last=last)
    fields: dict[str, Any] = {
        "piles": [codes(p) for p in rebuilt.piles],
        "scope": list(rebuilt.scope),
        "last_capturer": rebuilt.last_capturer,
        "declarations": [codec.declaration_to_dict(d) for d in rebuilt.declarations],
        "claimed_by": rebuilt.claimed_by,
    }
    given = {
        "piles": [sorted(p) for p in data["piles"]] if "piles" in data else None,
        "scope": data.get("scope"),
        "last_capturer": data.get("last_capturer", rebuilt.last_capturer),
        "declarations": declarations_given(data),
        "claimed_by": data.get("claimed_by", rebuilt.claimed_by),
    }
    wanted = {
        **fields,
        "piles": [sorted(p) for p in fields["piles"]],
        "declarations": sorted_declarations(fields["declarations"]),
    }
    problems = [
        Problem(name, f"differs from what the history gives: {wanted[name]}")
        for name, value in given.items()
        if value is not None and value != wanted[name]
    ]
    if problems:
        raise InvalidStateError(problems)
    return fields


def sorted_declarations(entries: list[dict[str, Any]]) -> list[tuple[int, int, list[int]]]:
    """Declarations compared whatever the order of their cards."""
    return [(d["seat"], d["deal"], sorted(parse_card(c) for c in d["cards"])) for d in entries]


def declarations_given(data: Mapping[str, Any]) -> list[tuple[int, int, list[int]]] | None:
    """The view's own declarations, comparable with rebuilt ones; None when omitted."""
    if "declarations" not in data:
        return None
    return sorted_declarations(data["declarations"])


def _unadvisable(field: str, reason: str) -> ProblemError:
    return ProblemError(422, reason, {field: [reason]}, INVALID_STATE, "Invalid state")


def budget_of(data: Mapping[str, Any] | None, config: Mapping[str, Any]) -> Budget:
    """The budget asked for, within the configured caps, or a 422 naming the field."""
    if data is None:
        return Budget(ms=min(config["ADVICE_DEFAULT_MS"], MAX_MS))
    if "ms" in data:
        cap = min(config["ADVICE_MAX_MS"], MAX_MS)
        if data["ms"] > cap:
            raise _too_much("budget.ms", cap)
        return Budget(ms=data["ms"])
    cap = config["ADVICE_MAX_ITERATIONS"]
    if data["iterations"] > cap:
        raise _too_much("budget.iterations", cap)
    return Budget(iterations=data["iterations"])


def _too_much(field: str, cap: int) -> ProblemError:
    reason = f"at most {cap} on this server"
    return ProblemError(422, f"{field}: {reason}", {field: [reason]}, VALIDATION)


def match_of(
    rules: Rules, data: Mapping[str, Any] | None, view: View | None = None
) -> MatchContext | None:
    """The match context, one score per side, the target defaulting to the rules'.

    Without ``match`` the view's own match_scores (and match_target) serve, when it has them.
    """
    if data is None:
        if view is None or not view.match_scores:
            return None
        target = rules.target if view.match_target is None else view.match_target
        return MatchContext(view.match_scores, target)
    scores = tuple(data["scores"])
    if len(scores) != rules.sides:
        reason = f"expected {rules.sides} scores, one per side"
        raise ProblemError(422, f"match.scores: {reason}", {"match.scores": [reason]}, VALIDATION)
    return MatchContext(scores, data.get("target", rules.target))


def canonical_view(view: View) -> dict[str, Any]:
    """The view as the search reads it: card sets in id order, no rules, no history."""
    data = codec.view_to_dict(replace(view, history=()))
    for derived in ("rules", "history", "unseen"):
        data.pop(derived)
    return data


def derived_seed(fields: Mapping[str, object]) -> int:
    """A seed from the canonical request, so identical requests give identical answers."""
    digest = hashlib.sha256(canonical_json(fields)).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def advice_request(body: Mapping[str, Any], config: Mapping[str, Any]) -> AdviceRequest:
    """Every part of the request checked, with the fields of its cache key."""
    rules = request_rules(body)
    view = view_of(rules, body["view"])
    budget = budget_of(body.get("budget"), config)
    match = match_of(rules, body.get("match"), view)
    fields: dict[str, object] = {
        "rules": rules.options(),
        "view": canonical_view(view),
        "budget": budget.to_dict(),
        "match": None if match is None else {"scores": match.scores, "target": match.target},
    }
    seed = body.get("seed")
    if seed is None:
        seed = derived_seed(fields)
    key = {**fields, "seed": seed, "answer_shape": ANSWER_SHAPE}
    return AdviceRequest(view, budget, seed, match, key)


def sweeps(view: View, move: Move) -> bool:
    """Whether a move of the view's seat scores a scopa."""
    return move_sweeps(view.rules, move, view.table, view.next_is_last_play)


def unranked_entry(view: View, move: Move, with_match: bool) -> dict[str, Any]:
    """A legal move the search does not rank: value null and a note on what it is for."""
    entry = codec.move_to_dict(move, sweeps(view, move))
    entry["value"] = None
    if with_match:
        entry["win_probability"] = None
    entry["note"] = UNRANKED_NOTES[move.kind]
    return entry


def chosen_special(moves: list[Move]) -> tuple[Move, str] | None:
    """The move chosen by rule before any search: an open declaration, the cutter's keep."""
    for move in moves:
        if move.kind is MoveKind.DECLARE:
            return move, "declaration"
        if move.kind is MoveKind.KEEP:
            return move, "cutter_keeps"
    return None


def search(request: AdviceRequest, max_ms: int, wait_ms: int) -> dict[str, Any]:
    """The response body: the search ranks the card plays (in the worker's search slot).

    The moves that play no card (the cutter's keep or table, a declaration, a claim) follow
    the ranked plays with value null; with none to rank, no search runs.
    """
    view = request.view
    legal = view_moves(view)
    plays = [m for m in legal if m.plays_card]
    moves: list[dict[str, Any]] = []
    stats: dict[str, Any] = {"worlds": 0, "playouts": 0, "nodes": 0, "algorithm": "none"}
    stats["elapsed_ms"] = 0.0 if request.budget.ms is not None else None
    stats["budget"] = request.budget.to_dict()
    chosen: Move | None = None
    if plays:
        with search_slot(wait_ms):
            advice = advise(view, request.budget, request.seed, request.match, deadline_ms=max_ms)
        record_search(advice.stats)
        for ranked in advice.moves:
            entry = codec.move_to_dict(ranked.move, sweeps(view, ranked.move))
            entry["value"] = ranked.expected_value
            if ranked.win_probability is not None:
                entry["win_probability"] = round(ranked.win_probability, 6)
            moves.append(entry)
        found = advice.stats
        stats.update(
            worlds=found.worlds,
            playouts=found.playouts,
            nodes=found.nodes,
            algorithm=found.algorithm,
            budget=found.budget,
        )
        stats["elapsed_ms"] = found.elapsed_ms if request.budget.ms is not None else None
        chosen = advice.chosen
    moves += [unranked_entry(view, m, request.match is not None) for m in legal if not m.plays_card]
    special = chosen_special(legal)
    chosen_by = "search"
    if special is not None:
        chosen, chosen_by = special
    assert chosen is not None, "a view with moves has a play or a special move to choose"
    return {
        "moves": moves,
        "chosen": codec.move_to_dict(chosen, sweeps(view, chosen)),
        "chosen_by": chosen_by,
        "stats": {**stats, "seed": request.seed},
    }


def answer(body: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The advice and its headers: X-Cache and Server-Timing."""
    config = current_app.config
    request = advice_request(body, config)
    max_ms = min(config["ADVICE_MAX_MS"], MAX_MS)
    wait_ms = config["ADVICE_QUEUE_MS"]
    cache: AdviceCache | None = current_app.extensions.get(CACHE_EXTENSION)
    start = time.perf_counter()
    status: CacheStatus
    if cache is None:
        result, status = search(request, max_ms, wait_ms), "bypass"
    else:
        result, status = cache.get_or_compute(
            request.key_fields, lambda: search(request, max_ms, wait_ms), config["CACHE_TTL"]
        )
    elapsed = (time.perf_counter() - start) * 1000.0
    return result, {"X-Cache": status, "Server-Timing": f"search;dur={elapsed:.3f}"}


def example_request() -> dict[str, Any]:
    """A request about the example deal's first player, with a small reproducible budget."""
    state = dealt_state()
    view = codec.view_to_dict(engine_view_of(state, state.to_move))
    for derived in ("rules", "history", "unseen"):
        view.pop(derived)
    return {"rules": "scopa", "view": view, "budget": {"iterations": 8}, "seed": 7}


def example_answer(request: Mapping[str, Any]) -> dict[str, Any]:
    """The answer to an example request under the default settings."""
    return search(
        advice_request(request, DEFAULTS), DEFAULTS["ADVICE_MAX_MS"], DEFAULTS["ADVICE_QUEUE_MS"]
    )


EXAMPLE = example_request()
TOO_LARGE = http.HTTPStatus(413).name


@blp.route("/advice", methods=["POST"])
@blp.arguments(AdviceRequestSchema, example=EXAMPLE)
@blp.response(200, AdviceResponseSchema, example=example_answer(EXAMPLE))
@blp.alt_response(413, response=TOO_LARGE)
@blp.alt_response(503, response="SERVICE_UNAVAILABLE")
def post_advice(body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """Every legal move of the seat to move, ranked best first by a determinized search.

    The seat's `view` holds what it can know; `piles` and `scope` may be left out when the
    `history` of the hand's plays is given (they are rebuilt from it). `value` is a move's
    expected hand-point differential for the seat's side; with `match` the moves are ranked by
    `win_probability`. `budget` is `{"ms": N}` (default 50) or `{"iterations": N}`; the same
    view, seed and iteration budget give a byte-identical answer (`stats.elapsed_ms` is then
    null; the time is in the `Server-Timing` header). `X-Cache` says whether the answer came
    from the cache (hit, miss or bypass). A worker runs one search at a time; a request that
    finds its worker searching waits a bounded time for it, then gets 503 with `Retry-After`.

    Every view the engine accepts is advised, with a history of any move kind. The search
    ranks card plays only: the moves that play no card (the Chkobba cutter's `keep` and
    `table`, a `declare`, a `claim`) are listed after the ranked plays with `value` null
    (and `win_probability` null with a match) and a `note`. `chosen` is always a legal move
    and `chosen_by` says how it was picked: `search` (the best ranked play), `declaration`
    (an open declaration is chosen first; the same seat then plays, so ask again) or
    `cutter_keeps` (the cutter's choice is not searched; keep is chosen by rule). When only
    such moves are legal (the cutter's choice, Cirulla's compulsory declaration) no search
    runs: `stats.algorithm` is `none` and its counts are 0. Without `match`, the view's own
    `match_scores` and `match_target` give the match context. A view of a hand ended by a
    claim (`claimed_by`) is a 422, like a finished hand; the cutter's view must show
    `cut_card`.
    """
    return answer(body)
