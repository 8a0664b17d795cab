"""POST /v1/review."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from flask import Flask, request
from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families

from service.api.app import create_app
from service.api.http.admission import SEARCHES
from service.api.http.limits import request_cost
from service.api.http.operations import declared
from service.api.review import reviewing
from service.engine import codec
from service.engine.cards import iter_cards
from service.engine.moves import MoveKind
from service.engine.presets import make_rules
from service.engine.record import Deal, HandRecord, record_of, replay
from service.engine.record_codec import record_to_dict
from service.engine.rules import Rules
from service.engine.state import State, apply, deal, legal_moves
from service.engine.view import View, view_of
from service.search import Decision
from service.search.review import LABELS
from tests.api.problem_asserts import assert_problem

VALIDATION = "urn:scopa:problem:validation"
ILLEGAL_MOVE = "urn:scopa:problem:illegal-move"
RATE_LIMITED = "urn:scopa:problem:rate-limited"
BUDGET_TOO_LARGE = "urn:scopa:problem:budget-too-large"
SMALL = {"iterations": 12}


def played(rules: Rules, seed: int, stop: int | None = None, special: bool = False) -> State:
    """A hand of random card plays (any move with ``special``), to its end or ``stop`` moves."""
    state = deal(rules, seed)
    rng = random.Random(seed)
    while not state.finished and (stop is None or len(state.history) < stop):
        moves = legal_moves(state)
        plays = moves if special else [m for m in moves if m.plays_card] or moves
        state, _ = apply(state, rng.choice(plays))
    return state


def record_json(state: State) -> dict[str, Any]:
    return record_to_dict(record_of(state))


def review(client: FlaskClient, record: dict[str, Any], **extra: Any) -> Any:
    return client.post("/v1/review", json={"record": record, **extra})


def searches(client: FlaskClient) -> float:
    """The searches run so far, as /metrics counts them."""
    text = client.get("/metrics").get_data(as_text=True)
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            if sample.name == "scopa_searches_total":
                return float(sample.value)
    return 0.0


@pytest.fixture(scope="module")
def scopa_hand() -> State:
    return played(make_rules("scopa"), 21)


def test_every_move_of_a_hand_is_reviewed(client: FlaskClient, scopa_hand: State) -> None:
    response = review(client, record_json(scopa_hand), budget=SMALL, seed=3)
    assert response.status_code == 200, response.get_data(as_text=True)
    body = response.get_json()
    assert (body["moves"], body["finished"], body["seats"]) == (36, True, [0, 1])
    assert body["budget"] == SMALL
    assert body["seed"] == 3
    assert body["match"] is None
    states = replay(record_of(scopa_hand)).states
    assert [d["index"] for d in body["decisions"]] == list(range(36))
    for decision in body["decisions"]:
        state = states[decision["index"]]
        assert decision["seat"] == state.to_move
        plays = [m for m in legal_moves(state) if m.plays_card]
        assert decision["legal_plays"] == len(plays)
        move = scopa_hand.history[decision["index"]].move
        assert codec.move_from_dict(decision["played"]) == move
        if len(plays) == 1:
            assert decision["status"] == "forced"
            assert decision["label"] is None and decision["loss"] is None
            continue
        assert decision["status"] == "searched"
        assert decision["label"] in LABELS
        best, mine = decision["best"], decision["played"]
        assert best["rank"] == 1 and mine["rank"] >= 1
        assert decision["loss"] == round(max(best["value"] - mine["value"], 0.0), 6)
        assert (decision["label"] == "best") == (decision["loss"] == 0.0)
        assert set(best["breakdown"]) >= {"cards", "coins", "settebello", "primiera", "scope"}
        assert 0.0 <= best["sweep_risk"] <= 1.0
        assert decision["worlds"] == 12
    for summary in body["summary"]:
        mine = [d for d in body["decisions"] if d["seat"] == summary["seat"]]
        searched = [d for d in mine if d["status"] == "searched"]
        assert summary["decisions"] == len(searched)
        assert summary["forced"] == sum(d["status"] == "forced" for d in mine)
        assert sum(summary["labels"].values()) == len(searched)
        total = round(sum(d["loss"] for d in searched), 6)
        assert summary["total_loss"] == pytest.approx(total)
        assert summary["mean_loss"] == pytest.approx(total / len(searched))
        assert summary["best_share"] == pytest.approx(summary["labels"]["best"] / len(searched))
        losses = [c["loss"] for c in summary["costliest"]]
        assert losses == sorted(losses, reverse=True)
        assert all(loss > 0 for loss in losses)
        top = sorted((d["loss"] for d in searched), reverse=True)[: len(losses)]
        assert losses == top


def test_a_decision_is_the_advice_an_identical_request_gets(
    client: FlaskClient, scopa_hand: State
) -> None:
    body = review(client, record_json(scopa_hand), budget=SMALL, seed=3).get_json()
    decision = next(d for d in body["decisions"] if d["status"] == "searched" and d["index"] > 9)
    state = replay(record_of(scopa_hand)).states[decision["index"]]
    view = client.post(
        "/v1/view", json={"state": codec.state_to_dict(state), "seat": decision["seat"]}
    ).get_json()["view"]
    advice = client.post("/v1/advice", json={"view": view, "budget": SMALL, "seed": 3})
    assert advice.headers["X-Cache"] == "hit"
    moves = advice.get_json()["moves"]
    assert moves[0] == {k: v for k, v in decision["best"].items() if k != "rank"}


def test_the_same_record_seed_and_iterations_give_the_same_bytes(scopa_hand: State) -> None:
    request = {"record": record_json(scopa_hand), "budget": SMALL, "seed": "table 4"}
    cached = create_app({"TESTING": True}).test_client()
    first = cached.post("/v1/review", json=request)
    second = cached.post("/v1/review", json=request)
    uncached = create_app({"TESTING": True, "ADVICE_CACHE": False}).test_client()
    third = uncached.post("/v1/review", json=request)
    assert first.status_code == 200
    assert first.get_data() == second.get_data() == third.get_data()
    searched = sum(d["status"] == "searched" for d in first.get_json()["decisions"])
    assert third.headers["X-Review-Cache"] == f"hit=0, miss=0, bypass={searched}"


def test_a_second_review_of_the_same_hand_runs_no_search(
    client: FlaskClient, scopa_hand: State
) -> None:
    request = {"record": record_json(scopa_hand), "budget": {"iterations": 10}, "seed": 11}
    before = searches(client)
    first = client.post("/v1/review", json=request)
    searched = sum(d["status"] == "searched" for d in first.get_json()["decisions"])
    # Forced moves cost no search: one search per searched decision.
    assert searches(client) == before + searched
    assert first.headers["X-Review-Cache"] == f"hit=0, miss={searched}, bypass=0"
    second = client.post("/v1/review", json=request)
    assert searches(client) == before + searched
    assert second.headers["X-Review-Cache"] == f"hit={searched}, miss=0, bypass=0"
    assert second.get_data() == first.get_data()
    # Reviewing one seat again reuses that seat's entries.
    third = client.post("/v1/review", json={**request, "seats": [1]})
    assert third.headers["X-Review-Cache"].startswith("hit=")
    assert "miss=0" in third.headers["X-Review-Cache"]
    assert searches(client) == before + searched


def test_the_seats_reviewed(client: FlaskClient, scopa_hand: State) -> None:
    body = review(client, record_json(scopa_hand), budget=SMALL, seats=[1]).get_json()
    assert body["seats"] == [1]
    assert {d["seat"] for d in body["decisions"]} == {1}
    assert [s["seat"] for s in body["summary"]] == [1]


@pytest.mark.parametrize(
    ("seats", "field"), [([2], "seats[0]"), ([1, 1], "seats[1]"), ([6], "seats[0]")]
)
def test_bad_seats_are_named(
    client: FlaskClient, scopa_hand: State, seats: list[int], field: str
) -> None:
    body = assert_problem(review(client, record_json(scopa_hand), seats=seats), 422, VALIDATION)
    assert field in body["errors"], body


def test_a_bad_record_is_refused_as_by_replay(client: FlaskClient, scopa_hand: State) -> None:
    record = record_json(scopa_hand)
    record["moves"][5] = {**record["moves"][5], "seat": record["moves"][4]["seat"]}
    body = assert_problem(review(client, record, budget=SMALL), 422, ILLEGAL_MOVE)
    assert body["move_index"] == 5


# ---- budgets -----------------------------------------------------------------------------


def capped(**config: Any) -> FlaskClient:
    return create_app({"TESTING": True, **config}).test_client()


def test_a_review_over_its_time_cap_says_the_largest_budget(scopa_hand: State) -> None:
    client = capped(REVIEW_MAX_TOTAL_MS=1000, ADVICE_DEFAULT_MS=50)
    record = record_json(scopa_hand)
    body = review(client, record, budget=SMALL).get_json()
    searched = sum(d["status"] == "searched" for d in body["decisions"])
    largest = 1000 // searched
    problem = assert_problem(
        review(client, record, budget={"ms": largest + 1}), 422, BUDGET_TOO_LARGE
    )
    assert list(problem["errors"]) == ["budget.ms"]
    # A registered problem type, its title the one /v1/problems gives it.
    listed = {t["type"]: t for t in client.get("/v1/problems").get_json()["types"]}
    assert problem["title"] == listed[BUDGET_TOO_LARGE]["title"] == "Budget too large"
    assert listed[BUDGET_TOO_LARGE]["statuses"] == [422]
    italian = client.post("/v1/review?lang=it", json={"record": record, "budget": {"ms": 999}})
    italian_title = client.get("/v1/problems?lang=it").get_json()["types"]
    assert assert_problem(italian, 422, BUDGET_TOO_LARGE)["title"] == next(
        t["title"] for t in italian_title if t["type"] == BUDGET_TOO_LARGE
    )
    assert problem["largest_budget"] == {"ms": largest}
    assert f"at most {largest} ms per decision" in problem["detail"]
    # The server's default budget (configured here to 50 ms) is over the cap for this record too.
    assert assert_problem(review(client, record), 422)["largest_budget"] == {"ms": largest}
    # Fewer seats, fewer decisions to search: a larger budget each.
    seat = next(s for s in body["summary"] if s["decisions"] < searched)
    problem = assert_problem(review(client, record, budget={"ms": 1000}, seats=[seat["seat"]]), 422)
    assert problem["largest_budget"] == {"ms": 1000 // seat["decisions"]}


def test_a_review_over_its_iteration_cap_says_the_largest_budget(scopa_hand: State) -> None:
    client = capped(REVIEW_MAX_TOTAL_ITERATIONS=100)
    record = record_json(scopa_hand)
    problem = assert_problem(
        review(client, record, budget={"iterations": 5}), 422, BUDGET_TOO_LARGE
    )
    searched = 100 // problem["largest_budget"]["iterations"]
    assert searched * 5 > 100
    largest = problem["largest_budget"]["iterations"]
    assert review(client, record, budget={"iterations": largest}).status_code == 200
    assert "iterations per decision" in problem["errors"]["budget.iterations"][0]


def test_the_advice_caps_apply(scopa_hand: State) -> None:
    client = capped(ADVICE_MAX_ITERATIONS=20, ADVICE_MAX_MS=40)
    record = record_json(scopa_hand)
    body = assert_problem(review(client, record, budget={"iterations": 21}), 422, BUDGET_TOO_LARGE)
    assert body["errors"] == {"budget.iterations": ["at most 20 on this server"]}
    body = assert_problem(review(client, record, budget={"ms": 41}), 422, BUDGET_TOO_LARGE)
    assert body["errors"] == {"budget.ms": ["at most 40 on this server"]}
    body = assert_problem(review(client, record, budget={"ms": 5001}), 422, VALIDATION)
    assert "budget.ms" in body["errors"]


def test_the_time_cap_cuts_an_iteration_budget_instead_of_holding_the_worker() -> None:
    client = capped(REVIEW_MAX_TOTAL_MS=1, ADVICE_CACHE=False)
    hand = played(make_rules("scopone_scientifico"), 5)
    body = review(client, record_json(hand), budget={"iterations": 2000}).get_json()
    worlds = [d["worlds"] for d in body["decisions"] if d["status"] == "searched"]
    assert worlds and min(worlds) >= 1
    # Searches past the review's time cap stop after their first world.
    assert min(worlds) < 2000


def test_a_search_cut_by_the_time_cap_is_not_cached() -> None:
    client = capped(REVIEW_MAX_TOTAL_MS=1)
    hand = played(make_rules("scopone_scientifico"), 5)
    budget = {"iterations": 300}
    request = {"record": record_json(hand), "budget": budget, "seed": 4}
    first = client.post("/v1/review", json=request)
    searched = [d for d in first.get_json()["decisions"] if d["status"] == "searched"]
    cut = [d for d in searched if d["worlds"] < budget["iterations"]]
    assert cut
    assert first.headers["X-Review-Cache"] == f"hit=0, miss={len(searched)}, bypass=0"
    # Only the searches that spent their whole budget were kept.
    second = client.post("/v1/review", json=request)
    kept = len(searched) - len(cut)
    assert second.headers["X-Review-Cache"] == f"hit={kept}, miss={len(cut)}, bypass=0"
    # An advice request with the key of a search cut in both reviews (a cut search may finish
    # the second time, within the 1 ms every search is given) searches the full budget.
    again_cut = [
        d
        for d in second.get_json()["decisions"]
        if d["status"] == "searched" and d["worlds"] < budget["iterations"]
    ]
    assert again_cut
    decision = again_cut[-1]
    state = replay(record_of(hand)).states[decision["index"]]
    view = client.post(
        "/v1/view", json={"state": codec.state_to_dict(state), "seat": decision["seat"]}
    ).get_json()["view"]
    advice = client.post("/v1/advice", json={"view": view, "budget": budget, "seed": 4})
    assert advice.headers["X-Cache"] == "miss"
    stats = advice.get_json()["stats"]
    assert stats["budget"] == budget
    assert stats["worlds"] == budget["iterations"]
    again = client.post("/v1/advice", json={"view": view, "budget": budget, "seed": 4})
    assert again.headers["X-Cache"] == "hit"


def test_a_review_costs_an_advice_request_per_card_play_reviewed(scopa_hand: State) -> None:
    app = create_app({"TESTING": True, "RATE_LIMIT_ADVICE_COST": 7})
    record = record_json(scopa_hand)
    plays = {
        seat: sum(1 for p in scopa_hand.history if p.seat == seat and p.move.plays_card)
        for seat in (0, 1)
    }
    assert plays[0] + plays[1] == 36
    for body, cost in (
        ({"record": record}, 7 * 36),
        ({"record": record, "seats": [1]}, 7 * plays[1]),
        ({"record": record, "seats": [0, 1]}, 7 * 36),
        ({"record": {**record, "moves": record["moves"][:3]}}, 7 * 3),
        # No card play to search, or a body the view refuses unsearched: one unit.
        ({"record": {**record, "moves": []}}, 1),
        ({"record": "nope"}, 1),
        ([record], 1),
    ):
        with app.test_request_context("/v1/review", method="POST", json=body):
            assert request_cost(declared(app, request.endpoint)) == cost, body  # type: ignore[arg-type]
    # A declaration plays no card: the search does not rank it, and it costs nothing.
    declaring = {**record, "moves": [{"seat": 0, "kind": "declare", "card": "1D"}] * 2}
    with app.test_request_context("/v1/review", method="POST", json={"record": declaring}):
        assert request_cost(declared(app, request.endpoint)) == 1  # type: ignore[arg-type]


def test_a_review_over_the_clients_budget_is_refused(scopa_hand: State) -> None:
    client = capped(RATE_LIMIT="200/minute", RATE_LIMIT_ADVICE_COST=10)
    record = record_json(scopa_hand)
    seat_one = sum(1 for p in scopa_hand.history if p.seat == 1 and p.move.plays_card)
    assert seat_one * 10 <= 200 < 36 * 10
    assert review(client, record, budget=SMALL, seats=[1]).status_code == 200
    assert 200 - seat_one * 10 < seat_one * 10
    assert_problem(review(client, record, budget=SMALL, seats=[1]), 429, RATE_LIMITED)
    fresh = capped(RATE_LIMIT="200/minute", RATE_LIMIT_ADVICE_COST=10)
    assert_problem(review(fresh, record, budget=SMALL), 429, RATE_LIMITED)


def test_a_busy_worker_answers_503(client: FlaskClient, scopa_hand: State) -> None:
    with SEARCHES.occupied():
        response = review(client, record_json(scopa_hand), budget=SMALL, seed=77)
    assert_problem(response, 503)
    assert response.headers["Retry-After"] == "1"


# ---- match, special moves ----------------------------------------------------------------


def test_a_match_judges_win_probability_too(client: FlaskClient, scopa_hand: State) -> None:
    match = {"scores": [9, 8], "target": 11}
    body = review(client, record_json(scopa_hand), budget=SMALL, match=match).get_json()
    assert body["match"] == match
    searched = [d for d in body["decisions"] if d["status"] == "searched"]
    for decision in searched:
        best, mine = decision["best"], decision["played"]
        assert 0.0 <= mine["win_probability"] <= 1.0
        lost = round(max(best["win_probability"] - mine["win_probability"], 0.0), 6)
        assert decision["win_probability_loss"] == lost
    for summary in body["summary"]:
        assert summary["total_win_probability_loss"] >= 0.0
    body = assert_problem(
        review(client, record_json(scopa_hand), match={"scores": [1, 2, 3]}), 422, VALIDATION
    )
    assert "match.scores" in body["errors"]


def test_the_records_match_is_the_default(client: FlaskClient, scopa_hand: State) -> None:
    state = replace(scopa_hand, match_scores=(3, 4), match_target=11)
    body = review(client, record_json(state), budget=SMALL).get_json()
    assert body["match"] == {"scores": [3, 4], "target": 11}
    assert all("win_probability_loss" in d for d in body["decisions"] if d["label"])


def test_moves_that_play_no_card_are_unranked(client: FlaskClient) -> None:
    rules = make_rules("chkobba")
    dealt = deal(rules, 2)
    assert dealt.cut_card is not None
    state = played(rules, 2, stop=5)
    assert state.history[0].move.kind in (MoveKind.KEEP, MoveKind.TABLE)
    body = review(client, record_json(state), budget=SMALL).get_json()
    first = body["decisions"][0]
    assert first["status"] == "unranked"
    assert first["label"] is None and first["loss"] is None
    assert "cutter" in first["note"]
    assert body["summary"][first["seat"]]["unranked"] == 1


def test_a_claim_is_unranked_with_its_verdict(client: FlaskClient) -> None:
    rules = make_rules("scopa", claims=True)
    # Seed 0, 25 moves in: seat 0's side holds the settebello, so at 10-10 its claim is right.
    for stop, score, verdict in ((20, (0, 0), "wrong"), (25, (10, 10), "right")):
        state = replace(played(rules, 0, stop=stop), match_scores=score)
        claim = next(m for m in legal_moves(state) if m.kind is MoveKind.CLAIM)
        after, _ = apply(state, claim)
        body = review(client, record_json(after), budget=SMALL, seats=[state.to_move]).get_json()
        last = body["decisions"][-1]
        assert last["status"] == "unranked"
        assert last["claim"] == verdict
        assert "claims the match" in last["note"]
        assert body["summary"][0]["unranked"] == 1


def test_a_declaration_is_unranked(client: FlaskClient) -> None:
    rules = make_rules("bazzica")
    for seed in range(200):
        state = deal(rules, seed)
        declare = [m for m in legal_moves(state) if m.kind is MoveKind.DECLARE]
        if declare:
            after, _ = apply(state, declare[0])
            # The rest of the declaration round, then the first card of the deal.
            while after.declaration_round:
                after, _ = apply(after, legal_moves(after)[-1])
            after, _ = apply(after, next(m for m in legal_moves(after) if m.plays_card))
            body = review(client, record_json(after), budget=SMALL).get_json()
            statuses = [d["status"] for d in body["decisions"]]
            assert statuses[:-1] == ["unranked"] * (len(statuses) - 1)
            assert statuses[-1] in {"searched", "forced"}
            return
    raise AssertionError("no declaration found")


# ---- what a seat could know ------------------------------------------------------------


def hidden_permuted(record: HandRecord, seat: int) -> HandRecord:
    """The record with the cards that stay hidden from ``seat`` to its end permuted among
    themselves (the other hands' unplayed cards and the stock never dealt): moves unchanged."""
    final = replay(record).final
    hidden = [c for s, hand in enumerate(final.hands) if s != seat for c in iter_cards(hand)]
    hidden += list(final.stock)
    shuffled = hidden[:]
    random.Random(5).shuffle(shuffled)
    # Make sure a card moves between another seat's hand and the stock.
    if set(shuffled[: len(hidden) - len(final.stock)]) == set(hidden[: -len(final.stock)]):
        shuffled.reverse()
    swap = dict(zip(hidden, shuffled, strict=True))

    def moved(cards: int) -> int:
        return sum(1 << swap.get(c, c) for c in iter_cards(cards))

    deal_ = record.deal
    permuted = Deal(
        tuple(moved(h) for h in deal_.hands),
        moved(deal_.table),
        tuple(swap.get(c, c) for c in deal_.stock),
    )
    return replace(record, deal=permuted)


@pytest.mark.parametrize(("preset", "seed", "stop"), [("scopa", 1, 15), ("scopa", 2, 21)])
def test_a_review_never_reads_a_card_its_seat_could_not_see(
    preset: str, seed: int, stop: int
) -> None:
    client = create_app({"TESTING": True, "ADVICE_CACHE": False}).test_client()
    record = record_of(played(make_rules(preset), seed, stop=stop))
    other = hidden_permuted(record, 0)
    assert other.deal != record.deal
    request = {"budget": {"iterations": 24}, "seed": 9}
    mine = [
        review(client, record_to_dict(r), seats=[0], **request).get_json() for r in (record, other)
    ]
    assert mine[0]["decisions"] == mine[1]["decisions"]
    assert mine[0]["summary"] == mine[1]["summary"]
    # The other seat held some of those cards: its own review does change.
    theirs = [
        review(client, record_to_dict(r), seats=[1], **request).get_json() for r in (record, other)
    ]
    assert theirs[0]["decisions"] != theirs[1]["decisions"]


def test_each_search_gets_exactly_the_engines_view(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = record_of(played(make_rules("scopone_scientifico"), 8, stop=24))
    states = replay(record).states
    seen: list[View] = []
    real = reviewing.decision_of

    def spying(view: View) -> Decision:
        seen.append(view)
        return real(view)

    monkeypatch.setattr(reviewing, "decision_of", spying)
    body = review(client, record_to_dict(record), budget={"iterations": 4}).get_json()
    searched = [d for d in body["decisions"] if d["status"] == "searched"]
    assert len(seen) == len(searched) > 0
    for view, decision in zip(seen, searched, strict=True):
        state = states[decision["index"]]
        assert view == view_of(state, decision["seat"])
        assert view.hand == state.hands[decision["seat"]]
        others = 0
        for seat, hand in enumerate(state.hands):
            if seat != view.seat:
                others |= hand
        assert view.unseen == others | sum(1 << c for c in state.stock)


def test_the_spec_example_reviews(app: Flask) -> None:
    spec = app.test_client().get("/openapi.json").get_json()
    example = spec["paths"]["/v1/review"]["post"]["requestBody"]["content"]["application/json"][
        "example"
    ]
    response = app.test_client().post("/v1/review", json=example)
    assert response.status_code == 200, response.get_data(as_text=True)
