"""The mutation fuzz of every endpoint, a bounded run (``make fuzz`` runs 12,000 cases)."""

from __future__ import annotations

import json

import pytest

from service.engine import codec, deal, make_rules
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from service.engine.state import apply, legal_moves
from service.engine.view import view_of
from tests.api import fuzz

CI_CASES = 3000


@pytest.fixture(scope="module")
def report() -> fuzz.Report:
    """One bounded, seeded run."""
    return fuzz.run(seed=7, count=CI_CASES)


def test_no_answer_breaks_a_rule(report: fuzz.Report) -> None:
    print(report.summary())
    assert report.failures == []


def test_the_run_reaches_every_endpoint_and_every_answer(report: fuzz.Report) -> None:
    assert sum(report.cases.values()) == CI_CASES
    assert set(report.cases) == set(fuzz.ENDPOINTS)
    for endpoint in fuzz.ENDPOINTS:
        statuses = {s for (e, s), _ in report.statuses.items() if e == endpoint}
        if endpoint.startswith("POST "):
            # Valid requests pass, broken bodies are 400s, broken contents 422s.
            assert {200, 400, 422} <= statuses, (endpoint, statuses)
        else:
            # Any language, known or not, gets an answer (in English at worst).
            assert statuses == {200}, (endpoint, statuses)
    assert set(report.mutations) == set(fuzz.MUTATIONS)


def test_the_same_seed_sends_the_same_requests() -> None:
    first = [fuzz.encode(c.body) for c in fuzz.generate(3, 40)]
    assert first == [fuzz.encode(c.body) for c in fuzz.generate(3, 40)]
    assert first != [fuzz.encode(c.body) for c in fuzz.generate(4, 40)]


def problem(status: int, errors: dict[str, list[str]], detail: str = "d") -> str:
    body = {"type": "t", "title": "x", "status": status, "detail": detail, "errors": errors}
    return json.dumps(body)


def test_the_checks_catch_what_they_must() -> None:
    case = fuzz.Case("/v1/deal", {"rules": "scopa"})
    problem_type = "application/problem+json"
    assert fuzz.check(case, 500, problem_type, problem(500, {})) == "status 500"
    assert fuzz.check(case, 422, problem_type, problem(422, {"rules": ["bad"]})) is None
    assert "naming no field" in str(fuzz.check(case, 422, problem_type, problem(422, {})))
    assert fuzz.check(case, 400, problem_type, problem(400, {}, "the request body is x")) is None
    assert "as application/json" in str(
        fuzz.check(case, 422, "application/json", problem(422, {"a": ["b"]}))
    )
    # A 200 for a state with a card in two places, or a card missing, breaks conservation.
    state = codec.state_to_dict(deal(make_rules("scopa"), 1))
    answer = json.dumps({"state": state, "events": []})
    good = fuzz.Case("/v1/play", {"state": state, "move": {"card": "1D"}})
    assert fuzz.check(good, 200, "application/json", answer) is None
    doubled = json.loads(json.dumps(state))
    doubled["table"].append(doubled["hands"][0][0])
    bad = fuzz.Case("/v1/play", {"state": doubled, "move": {"card": "1D"}})
    assert "in both" in str(fuzz.check(bad, 200, "application/json", answer))
    lost = json.loads(json.dumps(state))
    lost["stock"].pop()
    bad = fuzz.Case("/v1/moves", {"state": lost})
    assert "in no place" in str(fuzz.check(bad, 200, "application/json", "{}"))


def test_the_checks_catch_views_records_replays_and_moves_out_of_place() -> None:
    ok = "application/json"
    rules = make_rules("scopa")
    state = apply(deal(rules, 1), legal_moves(deal(rules, 1))[0])[0]
    data = codec.state_to_dict(state)
    # /v1/view: the engine's view passes; a hidden card shown or a card in two places do not.
    view = codec.view_to_dict(view_of(state, 0))
    view.pop("unseen")
    case = fuzz.Case("/v1/view", {"state": data, "seat": 0})
    assert fuzz.check(case, 200, ok, json.dumps({"view": view})) is None
    peeked = json.loads(json.dumps(view))
    peeked["hand"][0] = data["hands"][1][0]
    assert "not the engine's view" in str(fuzz.check(case, 200, ok, json.dumps({"view": peeked})))
    doubled = json.loads(json.dumps(view))
    doubled["table"].append(doubled["hand"][0])
    assert "in both" in str(fuzz.check(case, 200, ok, json.dumps({"view": doubled})))
    # /v1/record: the record of the state passes; one that replays to another state does not.
    record = record_to_dict(record_of(state))
    case = fuzz.Case("/v1/record", {"state": data})
    assert fuzz.check(case, 200, ok, json.dumps({"record": record})) is None
    shorter = record_to_dict(record_of(deal(rules, 1)))
    assert "does not replay" in str(fuzz.check(case, 200, ok, json.dumps({"record": shorter})))
    # /v1/replay and /v1/review: a deal with a card twice was accepted; an answered state with
    # a card lost breaks conservation.
    case = fuzz.Case("/v1/replay", {"record": record})
    answer = {"states": [codec.state_to_dict(deal(rules, 1)), data], "events": [[]]}
    assert fuzz.check(case, 200, ok, json.dumps(answer)) is None
    lost = json.loads(json.dumps(answer))
    lost["states"][1]["stock"].pop()
    assert "in no place" in str(fuzz.check(case, 200, ok, json.dumps(lost)))
    twice = json.loads(json.dumps(record))
    twice["deal"]["table"].append(twice["deal"]["stock"][0])
    case = fuzz.Case("/v1/review", {"record": twice})
    assert "deal has" in str(fuzz.check(case, 200, ok, "{}"))
    # /v1/bot: a legal move passes; a card the seat does not hold does not.
    case = fuzz.Case("/v1/bot", {"state": data, "seat": state.to_move, "level": "club"})
    move = codec.move_to_dict(legal_moves(state)[0])
    assert fuzz.check(case, 200, ok, json.dumps({"move": move})) is None
    other = codec.move_to_dict(legal_moves(deal(rules, 1))[0])
    assert "not a legal move" in str(fuzz.check(case, 200, ok, json.dumps({"move": other})))


def test_a_gets_parameters_become_a_query() -> None:
    assert fuzz.query_of({"lang": "it"}) == [("lang", "it")]
    assert fuzz.query_of({"lang": ["it", 7, None]}) == [
        ("lang", "it"),
        ("lang", "7"),
        ("lang", "null"),
    ]
    assert fuzz.query_of(fuzz.wrap("x", 2)) == [("q", '[["x"]]')]


def test_mutations_never_make_a_body_that_cannot_be_sent() -> None:
    for case in fuzz.generate(11, 300):
        assert isinstance(fuzz.encode(case.body), bytes)
