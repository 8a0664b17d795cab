"""The mutation fuzz of every endpoint, a bounded run (``make fuzz`` runs 10,000+ cases)."""

from __future__ import annotations

import json

import pytest

from service.engine import codec, deal, make_rules
from tests.api import fuzz

CI_CASES = 600


@pytest.fixture(scope="module")
def report() -> fuzz.Report:
    """One bounded, seeded run."""
    return fuzz.run(seed=7, count=CI_CASES)


def test_no_answer_breaks_a_rule(report: fuzz.Report) -> None:
    print(report.summary())
    assert report.failures == []


def test_the_run_reaches_every_endpoint_and_every_answer(report: fuzz.Report) -> None:
    assert sum(report.cases.values()) == CI_CASES
    for path in ("/v1/deal", "/v1/moves", "/v1/play", "/v1/score", "/v1/advice"):
        statuses = {s for (p, s), _ in report.statuses.items() if p == path}
        # Valid requests pass, broken bodies are 400s, broken contents 422s.
        assert {200, 400, 422} <= statuses, (path, statuses)
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


def test_mutations_never_make_a_body_that_cannot_be_sent() -> None:
    for case in fuzz.generate(11, 300):
        assert isinstance(fuzz.encode(case.body), bytes)
