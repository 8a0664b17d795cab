"""POST /v1/advice."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families

from service.api.advice.advising import advice_job_of
from service.api.advice.schemas import AdviceRequestSchema
from service.api.app import create_app
from service.api.http.admission import SEARCHES
from service.api.http.searches import CACHE_EXTENSION
from service.cache.advice_job import AdviceJob
from service.engine import codec
from service.engine.history import rebuild
from service.engine.moves import MoveKind
from service.engine.presets import make_rules
from service.engine.rules import Rules
from service.engine.state import State, apply, deal, is_sweep, legal_moves
from service.engine.view import view_of
from service.search import advisor
from service.search.advisor import MIN_WORLDS
from tests.api.problem_asserts import assert_problem
from tests.search.helpers import crowded_state

VALIDATION = "urn:scopa:problem:validation"
INVALID_STATE = "urn:scopa:problem:invalid-state"
INVALID_RULES = "urn:scopa:problem:invalid-rules"
BUDGET_TOO_LARGE = "urn:scopa:problem:budget-too-large"
TINY = {"iterations": 4}


def job_of(body: dict[str, Any], config: Any) -> AdviceJob:
    """The advice job of a request body, as /v1/advice makes it."""
    return advice_job_of(AdviceRequestSchema().load(body), config)


def view_json(state: State, *, piles: bool = True, history: bool = False) -> dict[str, Any]:
    """The view of the seat to move as a client sends it."""
    data = codec.view_to_dict(view_of(state, state.to_move))
    for derived in ("rules", "unseen"):
        data.pop(derived)
    if not history:
        data.pop("history")
    if not piles:
        for rebuilt in ("piles", "scope", "last_capturer"):
            data.pop(rebuilt)
    return data


def played(state: State, plays: int, seed: int = 0) -> State:
    """The state after some random legal plays."""
    rng = random.Random(seed)
    for _ in range(plays):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    return state


def advise(client: FlaskClient, rules: Any, view: dict[str, Any], **extra: Any) -> Any:
    """The response to an advice request."""
    return client.post("/v1/advice", json={"rules": rules, "view": view, **extra})


def check_answer(body: dict[str, Any], state: State) -> None:
    """Every legal move ranked once, the chosen move first, the stats filled in."""
    legal = {m.code() for m in legal_moves(state)}
    advised = set()
    for move in body["moves"]:
        parsed = codec.move_from_dict(move)
        advised.add(parsed.code())
        assert move["sweep"] == is_sweep(state, parsed)
        assert isinstance(move["value"], float)
    assert advised == legal
    assert len(body["moves"]) == len(legal)
    move_fields = {"card", "capture", "kind", "sweep"}
    best = {k: v for k, v in body["moves"][0].items() if k in move_fields}
    assert body["chosen"] == best
    values = [m["value"] for m in body["moves"]]
    if "win_probability" not in body["moves"][0]:
        assert values == sorted(values, reverse=True)
    assert body["stats"]["algorithm"]
    assert body["stats"]["worlds"] >= 1


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ("scopa", {}),
        ({"preset": "scopa", "players": 3}, {"players": 3}),
        ({"preset": "scopa", "players": 6, "teams": False}, {"players": 6, "teams": False}),
    ],
)
def test_scopa_positions_rank_every_legal_move(
    client: FlaskClient, rules: Any, options: dict[str, Any]
) -> None:
    state = played(deal(make_rules("scopa", **options), 3), 2)
    response = advise(client, rules, view_json(state), budget=TINY, seed=5)
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    check_answer(body, state)
    assert body["stats"]["budget"] == TINY
    assert body["stats"]["worlds"] == TINY["iterations"]
    assert body["stats"]["elapsed_ms"] is None
    assert body["stats"]["seed"] == 5
    assert response.headers["X-Cache"] in {"miss", "bypass"}
    assert response.headers["Server-Timing"].startswith("search;dur=")


def test_scientifico_opening_on_an_empty_table(client: FlaskClient) -> None:
    state = deal(make_rules("scopone_scientifico"), 11)
    assert state.table == 0
    response = advise(client, "scopone_scientifico", view_json(state), budget=TINY)
    body = response.get_json()
    check_answer(body, state)
    assert len(body["moves"]) == 10
    assert all(not m["capture"] and not m["sweep"] for m in body["moves"])
    assert isinstance(body["stats"]["seed"], int)


def test_default_budget_is_a_time_budget(client: FlaskClient) -> None:
    state = deal(make_rules("scopa"), 4)
    body = advise(client, "scopa", view_json(state)).get_json()
    assert body["stats"]["budget"] == {"ms": 50}
    assert isinstance(body["stats"]["elapsed_ms"], float)


@pytest.mark.parametrize("preset", ["scopa", "scopone_scientifico", "scopone", "scopone_messina"])
def test_every_rule_set_searches_the_same_default_budget(client: FlaskClient, preset: str) -> None:
    state = deal(make_rules(preset), 2)
    body = advise(client, preset, view_json(state)).get_json()
    assert body["stats"]["budget"] == {"ms": 50}


def test_a_configured_default_budget_applies_to_every_rule_set() -> None:
    configured = create_app({"TESTING": True, "ADVICE_DEFAULT_MS": 20}).test_client()
    for preset in ("scopa", "scopone"):
        state = deal(make_rules(preset), 3)
        body = advise(configured, preset, view_json(state)).get_json()
        assert body["stats"]["budget"] == {"ms": 20}


def test_match_context_ranks_by_win_probability(client: FlaskClient) -> None:
    state = played(deal(make_rules("scopa"), 8), 3)
    match = {"scores": [9, 10], "target": 11}
    body = advise(client, "scopa", view_json(state), budget=TINY, match=match).get_json()
    check_answer(body, state)
    chances = [m["win_probability"] for m in body["moves"]]
    assert all(0.0 <= p <= 1.0 for p in chances)
    assert chances == sorted(chances, reverse=True)


def test_view_rules_alone_are_enough(client: FlaskClient) -> None:
    state = deal(make_rules("scopa"), 4)
    view = {**view_json(state), "rules": "scopa"}
    response = client.post("/v1/advice", json={"view": view, "budget": TINY})
    assert response.status_code == 200


def test_identical_iteration_requests_are_byte_identical_without_a_cache() -> None:
    client = create_app({"TESTING": True, "ADVICE_CACHE": False}).test_client()
    state = played(deal(make_rules("scopa"), 9), 1)
    request = {"rules": "scopa", "view": view_json(state), "budget": {"iterations": 6}}
    first = client.post("/v1/advice", json=request)
    second = client.post("/v1/advice", json=request)
    assert first.headers["X-Cache"] == second.headers["X-Cache"] == "bypass"
    assert first.get_data() == second.get_data()
    assert first.get_json()["stats"]["elapsed_ms"] is None


def test_the_cache_gives_the_same_bytes(client: FlaskClient) -> None:
    state = played(deal(make_rules("scopa"), 9), 1)
    request = {"rules": "scopa", "view": view_json(state), "budget": {"iterations": 6}, "seed": 3}
    first = client.post("/v1/advice", json=request)
    second = client.post("/v1/advice", json=request)
    assert (first.headers["X-Cache"], second.headers["X-Cache"]) == ("miss", "hit")
    assert first.get_data() == second.get_data()
    uncached = create_app({"TESTING": True, "ADVICE_CACHE": False}).test_client()
    assert uncached.post("/v1/advice", json=request).get_data() == first.get_data()


def test_a_different_seed_or_budget_is_a_different_cache_entry(app: Flask) -> None:
    client = app.test_client()
    state = deal(make_rules("scopa"), 12)
    request = {"rules": "scopa", "view": view_json(state), "budget": TINY, "seed": 1}
    other_seed = {**request, "seed": 2}
    other_budget = {**request, "budget": {"iterations": 5}}
    cache = app.extensions[CACHE_EXTENSION]
    with app.app_context():
        keys = {
            cache.key_for(job_of(r, app.config).key_fields)
            for r in (request, other_seed, other_budget)
        }
    assert len(keys) == 3
    statuses = [client.post("/v1/advice", json=r).headers["X-Cache"] for r in (request, other_seed)]
    assert statuses == ["miss", "miss"]
    assert client.post("/v1/advice", json=other_budget).headers["X-Cache"] == "miss"


def test_history_instead_of_piles_gives_the_same_answer(client: FlaskClient) -> None:
    state = sweep_made(make_rules("scopa"))
    assert any(state.scope)
    with_piles = advise(client, "scopa", view_json(state, history=True), budget=TINY, seed=4)
    from_history = advise(
        client, "scopa", view_json(state, piles=False, history=True), budget=TINY, seed=4
    )
    assert from_history.status_code == 200, from_history.get_data(as_text=True)
    assert from_history.get_data() == with_piles.get_data()
    # The canonical view holds the piles rebuilt from the history and, of the history, only
    # the plays inference reads: the second request was a cache hit.
    assert from_history.headers["X-Cache"] == "hit"


def sweep_made(rules: Rules) -> State:
    """A state, still in play, right after a scopa (first legal sweeps, else random plays)."""
    for seed in range(200):
        state = deal(rules, seed)
        rng = random.Random(seed)
        while not state.finished:
            moves = legal_moves(state)
            sweeps = [m for m in moves if is_sweep(state, m)]
            state, _ = apply(state, sweeps[0] if sweeps else rng.choice(moves))
            if sweeps and not state.finished:
                return state
    raise AssertionError("no sweep found")


@pytest.mark.parametrize(
    "rules",
    [
        make_rules("scopa"),
        make_rules("scopone_scientifico"),
        make_rules("asso_pigliatutto"),
        make_rules("scopa_d_assi"),
        make_rules("escoba"),
        make_rules("scopa", players=6, teams=False),
    ],
    ids=lambda r: f"{r.preset}-{r.players}",
)
def test_rebuilt_piles_and_scope_match_the_engines(rules: Rules) -> None:
    for seed in range(12):
        state = deal(rules, seed)
        rng = random.Random(seed)
        stop = rng.randrange(1, 36)
        while not state.finished and len(state.history) < stop:
            moves = [m for m in legal_moves(state) if m.kind in {MoveKind.PLAY, MoveKind.PASS}]
            state, _ = apply(state, rng.choice(moves))
        if state.finished:
            continue
        rebuilt = rebuild(
            rules,
            state.dealer,
            state.history,
            table_now=state.table,
            hand=state.hands[state.to_move],
            last=False,
        )
        assert rebuilt.piles == state.piles
        assert rebuilt.scope == state.scope
        assert rebuilt.last_capturer == state.last_capturer


def test_an_ace_sweep_without_ace_scopa_is_no_scopa() -> None:
    rules = make_rules("scopa_d_assi")
    for seed in range(300):
        state = deal(rules, seed)
        ace_sweeps = [
            m
            for m in legal_moves(state)
            if m.card % 10 == 0 and m.capture and m.capture == state.table
        ]
        if ace_sweeps:
            after, _ = apply(state, ace_sweeps[0])
            rebuilt = rebuild(
                rules,
                after.dealer,
                after.history,
                table_now=after.table,
                hand=after.hands[after.to_move],
                last=False,
            )
            assert rebuilt.scope == after.scope == (0, 0)
            assert rebuilt.piles == after.piles
            return
    raise AssertionError("no opening ace sweep found")


# ---- errors --------------------------------------------------------------------------------


def test_a_missing_view_and_unknown_fields_are_validation_errors(client: FlaskClient) -> None:
    body = assert_problem(client.post("/v1/advice", json={"rules": "scopa"}), 422, VALIDATION)
    assert "view" in body["errors"]
    view = {**view_json(deal(make_rules("scopa"), 1)), "stock": []}
    body = assert_problem(advise(client, "scopa", view), 422, VALIDATION)
    assert "view.stock" in body["errors"]


@pytest.mark.parametrize(
    ("budget", "field"),
    [
        ({"ms": 10, "iterations": 3}, "budget"),
        ({}, "budget"),
        ({"ms": 0}, "budget.ms"),
        ({"ms": 5001}, "budget.ms"),
        ({"iterations": 0}, "budget.iterations"),
        ({"iterations": 1.5}, "budget.iterations"),
        ({"iterations": 10_001}, "budget.iterations"),
    ],
)
def test_bad_budgets_name_the_field(
    client: FlaskClient, budget: dict[str, Any], field: str
) -> None:
    view = view_json(deal(make_rules("scopa"), 1))
    # Over the schema's bounds a validation problem; over the server's caps a budget one.
    over_cap = budget == {"iterations": 10_001}
    kind = BUDGET_TOO_LARGE if over_cap else VALIDATION
    body = assert_problem(advise(client, "scopa", view, budget=budget), 422, kind)
    assert field in body["errors"], body


def test_the_configured_time_cap_is_enforced() -> None:
    client = create_app({"TESTING": True, "ADVICE_MAX_MS": 200}).test_client()
    view = view_json(deal(make_rules("scopa"), 1))
    body = assert_problem(advise(client, "scopa", view, budget={"ms": 201}), 422, BUDGET_TOO_LARGE)
    assert body["errors"] == {"budget.ms": ["at most 200 on this server"]}
    assert body["title"] == "Budget too large"


def test_the_time_cap_cuts_an_iteration_budget() -> None:
    client = create_app({"TESTING": True, "ADVICE_MAX_MS": 1}).test_client()
    state = deal(make_rules("scopone_scientifico"), 2)
    body = advise(
        client, "scopone_scientifico", view_json(state), budget={"iterations": 10_000}
    ).get_json()
    worlds = body["stats"]["worlds"]
    assert worlds < 10_000
    assert body["stats"]["budget"] == {"iterations": worlds}


def test_an_undersampled_answer_is_flagged_and_never_cached(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advisor, "FLOOR_GRACE_MS", 0)
    client = create_app({"TESTING": True, "ADVICE_MAX_MS": 1}).test_client()
    state = crowded_state(make_rules("cirulla"), 3, 5)
    assert state is not None
    request = {"budget": {"iterations": 10_000}, "seed": 1}
    answers = [advise(client, "cirulla", view_json(state), **request) for _ in range(2)]
    for answer in answers:
        stats = answer.get_json()["stats"]
        assert stats["undersampled"] is True
        assert stats["worlds"] < MIN_WORLDS
        assert answer.headers["X-Cache"] == "miss"


@pytest.mark.parametrize("seed", [-1, 2**63, "", "x" * 65, 1.5, True, None])
def test_bad_seeds_are_refused(client: FlaskClient, seed: Any) -> None:
    view = view_json(deal(make_rules("scopa"), 1))
    body = assert_problem(advise(client, "scopa", view, seed=seed), 422, VALIDATION)
    assert "seed" in body["errors"]


def test_a_string_seed_is_reproducible(client: FlaskClient) -> None:
    view = view_json(deal(make_rules("scopa"), 1))
    first = advise(client, "scopa", view, seed="table 7", budget=TINY).get_json()
    assert first["stats"]["seed"] == "table 7"
    other = create_app({"TESTING": True, "ADVICE_CACHE": False}).test_client()
    assert advise(other, "scopa", view, seed="table 7", budget=TINY).get_json() == first


def test_match_scores_need_one_per_side(client: FlaskClient) -> None:
    view = view_json(deal(make_rules("scopa"), 1))
    body = assert_problem(
        advise(client, "scopa", view, match={"scores": [1, 2, 3]}), 422, VALIDATION
    )
    assert "match.scores" in body["errors"]


def test_an_inconsistent_view_lists_every_problem_under_view(client: FlaskClient) -> None:
    view = view_json(played(deal(make_rules("scopa"), 1), 1))
    view["hand_sizes"] = [3, 1]
    view["table"] = [*view["table"], view["hand"][0]]
    body = assert_problem(advise(client, "scopa", view), 422, INVALID_STATE)
    assert len(body["errors"]) >= 2
    assert all(field.startswith("view.") for field in body["errors"]), body["errors"]


def test_a_seat_not_to_move_is_refused(client: FlaskClient) -> None:
    state = deal(make_rules("scopa"), 1)
    other = view_of(state, 1 - state.to_move)
    view = codec.view_to_dict(other)
    for derived in ("rules", "unseen", "history"):
        view.pop(derived)
    body = assert_problem(advise(client, "scopa", view), 422, INVALID_STATE)
    assert list(body["errors"]) == ["view.seat"]


def test_a_finished_hand_is_refused(client: FlaskClient) -> None:
    state = deal(make_rules("scopa"), 1)
    while not state.finished:
        state, _ = apply(state, legal_moves(state)[0])
    view = view_json(state)
    body = assert_problem(advise(client, "scopa", view), 422, INVALID_STATE)
    assert "finished" in body["detail"]


def test_rules_are_required_and_must_agree(client: FlaskClient) -> None:
    view = view_json(deal(make_rules("scopa"), 1))
    body = assert_problem(client.post("/v1/advice", json={"view": view}), 422, VALIDATION)
    assert list(body["errors"]) == ["rules"]
    view["rules"] = {"preset": "scopa", "target": 21}
    body = assert_problem(advise(client, "scopa", view), 422, INVALID_RULES)
    assert list(body["errors"]) == ["rules"]


def test_piles_need_a_history_when_omitted(client: FlaskClient) -> None:
    view = view_json(deal(make_rules("scopa"), 1), piles=False)
    body = assert_problem(advise(client, "scopa", view), 422, INVALID_STATE)
    assert "view.piles" in body["errors"]


def test_a_history_that_cannot_happen_names_the_play(client: FlaskClient) -> None:
    state = played(deal(make_rules("scopa"), 2), 3)
    view = view_json(state, piles=False, history=True)
    view["history"][1]["seat"] = view["history"][0]["seat"]
    body = assert_problem(advise(client, "scopa", view), 422, INVALID_STATE)
    assert "view.history[1].seat" in body["errors"]
    view = view_json(state, piles=False, history=True)
    view["scope"] = [5, 0]
    body = assert_problem(advise(client, "scopa", view), 422, INVALID_STATE)
    assert "view.scope" in body["errors"]


def test_a_history_seat_outside_the_table_is_named(client: FlaskClient) -> None:
    # With piles given the history is not rebuilt, but its seats are still checked: a seat 4
    # at a table of two was a 500 (found by the mutation fuzz).
    state = played(deal(make_rules("scopa"), 2), 3)
    view = view_json(state, history=True)
    view["history"][1]["seat"] = 4
    body = assert_problem(advise(client, "scopa", view, budget=TINY), 422, INVALID_STATE)
    assert list(body["errors"]) == ["view.history[1].seat"]


def test_a_busy_worker_answers_503_with_retry_after(client: FlaskClient) -> None:
    view = view_json(deal(make_rules("scopa"), 1))
    with SEARCHES.occupied():
        response = advise(client, "scopa", view, budget=TINY, seed=99)
        body = assert_problem(response, 503)
        assert response.headers["Retry-After"] == "1"
        assert "search" in body["detail"]
        assert client.get("/healthz").status_code == 200
    assert advise(client, "scopa", view, budget=TINY, seed=99).status_code == 200


def test_a_request_waits_a_bounded_time_for_its_workers_search(client: FlaskClient) -> None:
    view = view_json(deal(make_rules("scopa"), 1))
    holding, done = threading.Event(), threading.Event()

    def hold() -> None:
        with SEARCHES.occupied():
            holding.set()
            done.wait(0.1)

    holder = threading.Thread(target=hold)
    holder.start()
    holding.wait()
    try:
        response = advise(client, "scopa", view, budget=TINY, seed=98)
    finally:
        holder.join()
    assert response.status_code == 200


def test_searches_and_busy_refusals_are_counted_in_the_metrics(client: FlaskClient) -> None:
    def counter(name: str) -> float:
        text = client.get("/metrics").get_data(as_text=True)
        for family in text_string_to_metric_families(text):
            for sample in family.samples:
                if sample.name == name:
                    return float(sample.value)
        return 0.0

    view = view_json(deal(make_rules("scopa"), 2))
    searches, busy = counter("scopa_searches_total"), counter("scopa_busy_rejections_total")
    assert advise(client, "scopa", view, budget=TINY, seed=97).status_code == 200
    with SEARCHES.occupied():
        assert advise(client, "scopa", view, budget=TINY, seed=96).status_code == 503
    assert counter("scopa_searches_total") == searches + 1
    assert counter("scopa_busy_rejections_total") == busy + 1


def test_views_that_differ_in_the_plays_seen_do_not_share_a_cache_entry(app: Flask) -> None:
    # Inference reads the other seats' plays of the current deal: two histories that lead to
    # the same open cards but tell different stories are different questions.
    rules = make_rules("scopone_scientifico")
    state = deal(rules, 3)
    rng = random.Random(2)
    for _ in range(6):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    view = codec.view_to_dict(view_of(state, state.to_move))
    view.pop("unseen")
    plain = {**view, "history": []}
    with app.app_context():
        told = job_of({"rules": "scopone_scientifico", "view": view}, app.config).key_fields
        untold = job_of({"rules": "scopone_scientifico", "view": plain}, app.config).key_fields
    assert told != untold
