"""POST /v1/fair-play: a player's hands judged for leaked cards and engine play, a pair's
together, and what the report refuses."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.fair_play.evidence import (
    Clock,
    PlannedDecision,
    decision_evidence,
)
from service.api.http.searches import uncached_advice
from service.cache.advice_job import AdviceJob
from service.config import DEFAULTS
from service.engine.cards import bit
from service.engine.presets import make_rules
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from service.engine.state import Play, deal, legal_moves
from service.engine.view import view_of
from service.search.fair_play import ALL, MIN_DECISIONS, TOO_FEW, VERDICTS
from service.search.review import SEARCHED, Planned
from tests.api.problem_asserts import assert_problem
from tests.api.test_review import played

BUDGET_TOO_LARGE = "urn:scopa:problem:budget-too-large"


def record(preset: str, seed: int, **meta: Any) -> dict[str, Any]:
    """A random hand's record, with metadata."""
    found = record_to_dict(record_of(played(make_rules(preset), seed)))
    if meta:
        found["meta"] = meta
    return found


def fair_play(client: FlaskClient, **body: Any) -> Any:
    return client.post("/v1/fair-play", json=body)


@pytest.fixture(scope="module")
def scopa_hands() -> list[dict[str, Any]]:
    """Hands of one player, by seat and by name."""
    return [
        {"record": record("scopa", 1), "seat": 0},
        {"record": record("scopa", 2, players=["Bruno", "Anna"])},
        {"record": record("scopa", 3), "seat": 1},
    ]


def test_an_honest_record_below_the_minimum_gets_figures_and_no_verdict(
    client: FlaskClient, scopa_hands: list[dict[str, Any]]
) -> None:
    response = fair_play(client, hands=scopa_hands, player="Anna")
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["hands"] == 3 and answer["problems"] == []
    assert [h["seat"] for h in answer["per_hand"]] == [0, 1, 1]
    assert 0 < answer["decisions"] < MIN_DECISIONS
    assert answer["verdict"] == TOO_FEW
    (hidden,) = answer["hidden_information"]
    assert hidden["hypothesis"] == ALL and hidden["verdict"] == TOO_FEW
    assert hidden["decisions"] == answer["decisions"]
    assert hidden["p_value"] is not None and 0.0 <= hidden["p_value"] <= 1.0
    assert "fewer than" in hidden["meaning"]
    assert "decisions_to_replay" not in hidden
    assert answer["calibration"]["preset"] == "scopa" and answer["calibration"]["same_rules"]
    engine = answer["engine"]
    assert engine["verdict"] == TOO_FEW
    rate = engine["match_rate"]
    assert rate["low"] <= rate["value"] <= rate["high"]
    assert "master" in engine["honest_match_rates"] and "cannot be told" in engine["note"]
    assert sum(engine["loss_profile"].values()) == pytest.approx(1.0, abs=1e-3)
    assert engine["loss_profile"]["best"] == pytest.approx(rate["value"], abs=1e-3)
    losses = engine["honest_mean_losses"]
    assert min(losses, key=lambda style: losses[style]) == "master"
    # The leak hypothesis, the engine and the dealt-hand test.
    assert answer["model"]["tests"] == 3
    dealt = answer["dealt_hands"]
    assert 0 < dealt["decisions"] < 30 and dealt["verdict"] == TOO_FEW
    assert dealt["adjusted_p_value"] == pytest.approx(min(1.0, 3 * dealt["p_value"]), rel=1e-2)
    assert answer["pair_evidence"] is None
    total = sum(h["evidence"][ALL] for h in answer["per_hand"])
    assert hidden["statistic"] == pytest.approx(total, abs=1e-5)


def test_same_hands_same_report(client: FlaskClient, scopa_hands: list[dict[str, Any]]) -> None:
    first = fair_play(client, hands=scopa_hands, player="Anna").get_json()
    again = fair_play(client, hands=scopa_hands, player="Anna").get_json()
    assert first == again


def test_the_honest_search_never_reads_a_card_the_seat_could_not_see() -> None:
    rules = make_rules("scopa")
    state = deal(rules, 11)
    seat = state.to_move
    other = 1 - seat
    # The same position for the seat to move, with the other hand and the stock swapped.
    theirs, stock = state.hands[other], state.stock
    hidden = [c for c in range(40) if theirs & bit(c)]
    swapped_hands = list(state.hands)
    swapped_hands[other] = (theirs & ~bit(hidden[0])) | bit(stock[0])
    swapped = state.__class__(
        **{
            **{f: getattr(state, f) for f in state.__slots__ if not f.startswith("__")},
            "hands": tuple(swapped_hands),
            "stock": (hidden[0], *stock[1:]),
        }
    )
    assert view_of(swapped, seat) == view_of(state, seat)
    move = next(m for m in legal_moves(state) if m.plays_card)
    jobs: list[AdviceJob] = []
    source = uncached_advice(DEFAULTS)

    def recording(job: AdviceJob, deadline_ms: int) -> Any:
        jobs.append(job)
        return source(job, deadline_ms)

    found = []
    for each in (state, swapped):
        planned = PlannedDecision(Planned(0, each, Play(seat, move), (), SEARCHED), (ALL,))
        found.append(decision_evidence(planned, recording, Clock(60_000)))
    first, second = found
    assert first is not None and second is not None
    assert first.evidence.honest == second.evidence.honest
    honest_jobs = [j for j in jobs if j.known is None]
    assert len(honest_jobs) == 2
    assert honest_jobs[0].key_fields == honest_jobs[1].key_fields
    assert all(j.decision.view == view_of(state, seat) for j in honest_jobs)
    assert "known" not in honest_jobs[0].key_fields
    leak_jobs = [j for j in jobs if j.known is not None]
    assert [j.known for j in leak_jobs] == [{other: theirs}, {other: swapped_hands[other]}]
    assert leak_jobs[0].key_fields != leak_jobs[1].key_fields


def test_a_pair_of_partners_is_judged_together(client: FlaskClient) -> None:
    hands = [
        {"record": record("scopone_scientifico", 4), "seat": 0, "pair_seat": 2},
        {"record": record("scopone_scientifico", 5, players=["A", "B", "C", "D"])},
    ]
    response = fair_play(client, hands=hands, player="B", pair="D")
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert [(h["seat"], h["pair_seat"]) for h in answer["per_hand"]] == [(0, 2), (1, 3)]
    assert [h["hypothesis"] for h in answer["hidden_information"]] == [
        "all",
        "seat+1",
        "seat+2",
        "seat+3",
    ]
    assert [h["partner"] for h in answer["hidden_information"]] == [False, False, True, False]
    pair = answer["pair_evidence"]
    assert pair["offset"] == 2 and pair["partners"] is True
    assert pair["decisions"] > answer["decisions"]  # both seats' decisions
    assert pair["verdict"] in VERDICTS
    # Four hypotheses, the engine, the pair, the dealt-hand and the partner-hand tests.
    assert answer["model"]["tests"] == 8
    partner = pair["partner_hands"]
    # Each hand's pair of partners: the one of them who plays before the other.
    assert partner["hands"] == 2 and partner["decisions"] == 2
    assert partner["verdict"] == "too_few_decisions"


@pytest.fixture
def small_cap_client() -> FlaskClient:
    app: Flask = create_app({"TESTING": True, "REVIEW_BATCH_MAX_TOTAL_ITERATIONS": 3000})
    return app.test_client()


def test_over_the_batch_cap_is_refused_before_any_search(small_cap_client: FlaskClient) -> None:
    hands = [{"record": record("scopa", 6), "seat": 0}]
    body = assert_problem(fair_play(small_cap_client, hands=hands), 422, BUDGET_TOO_LARGE)
    assert "hands" in body["errors"]
    assert "searches" in body["errors"]["hands"][0]


def test_hands_with_problems_are_listed_and_left_out(client: FlaskClient) -> None:
    hands = [
        {"record": record("scopa", 7), "seat": 0},
        {"record": record("scopa", 8), "seat": 4},  # no such seat
        {"record": record("scopa", 9)},  # no seat, no name
        {"record": record("scopa", 10), "seat": 0, "pair_seat": 1},  # a pair at two seats
        {"record": {"rules": "scopa"}},  # does not load
        {"record": record("scopone_scientifico", 11), "seat": 0},  # another table size
    ]
    answer = fair_play(client, hands=hands).get_json()
    problems = {p["index"]: p["problem"] for p in answer["problems"]}
    assert sorted(problems) == [1, 2, 3, 4, 5]
    assert "seat" in problems[1]["errors"] and "seat" in problems[2]["errors"]
    assert "pair_seat" in problems[3]["errors"]
    assert "record.rules" in problems[5]["errors"]
    assert answer["hands"] == 1 and [h["index"] for h in answer["per_hand"]] == [0]


def test_a_request_that_does_not_match_the_schema_names_the_field(client: FlaskClient) -> None:
    body = assert_problem(fair_play(client, hands=[]), 422)
    assert "hands" in body["errors"]
    body = assert_problem(fair_play(client, hands=[{"record": {}}], pair=""), 422)
    assert "pair" in body["errors"]


def test_past_the_time_cap_the_decisions_left_are_unjudged_not_searched() -> None:
    app = create_app({"TESTING": True, "REVIEW_BATCH_MAX_TOTAL_MS": 1})
    hands = [{"record": record("scopa", s), "seat": 0} for s in (12, 13)]
    response = app.test_client().post("/v1/fair-play", json={"hands": hands})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["unjudged"] > 0
    assert answer["decisions"] + answer["unjudged"] == sum(
        h["decisions"] + h["unjudged"] for h in answer["per_hand"]
    )
    assert answer["verdict"] == TOO_FEW


def test_the_words_of_the_report_come_in_the_language_asked_for(client: FlaskClient) -> None:
    hands = [{"record": record("scopa", 14), "seat": 0}]
    response = client.post(
        "/v1/fair-play", json={"hands": hands}, headers={"Accept-Language": "it"}
    )
    assert response.headers["Content-Language"] == "it"
    answer = response.get_json()
    (hidden,) = answer["hidden_information"]
    assert hidden["description"] == "tutte le altre mani"
    assert hidden["meaning"] == f"nessun verdetto: meno di {MIN_DECISIONS} decisioni esaminate"
    assert "maestro" in answer["engine"]["note"]
    english = fair_play(client, hands=hands).get_json()
    assert english["hidden_information"][0]["description"] == "every other hand"
    assert english["hidden_information"][0]["statistic"] == hidden["statistic"]
