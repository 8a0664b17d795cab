"""POST /v1/insights: a player's hands reviewed together, and the situations they count."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.engine.cards import bit
from service.engine.presets import make_rules
from service.engine.record import record_of, replay
from service.engine.record_codec import record_to_dict
from service.engine.scoring import settebello_card
from service.engine.state import apply, deal, is_sweep, legal_moves
from service.search.accuracy import PHASES
from service.search.level_estimate import REVIEW_BUDGET
from service.search.levels import NAMES
from service.search.review import LABELS
from service.search.situations import situations_of
from tests.api.problem_asserts import assert_problem
from tests.api.test_review import played

SMALL = {"iterations": 12}


def record(seed: int, **meta: Any) -> dict[str, Any]:
    """A random scopa hand's record, with metadata."""
    found = record_to_dict(record_of(played(make_rules("scopa"), seed)))
    if meta:
        found["meta"] = meta
    return found


def insights(client: FlaskClient, **body: Any) -> Any:
    return client.post("/v1/insights", json=body)


def test_hands_by_seat_and_by_name_with_dates_give_a_trend(client: FlaskClient) -> None:
    hands = [
        {"record": record(1, date="2026-10-01"), "seat": 0},
        {"record": record(2, date="2026-10-31", players=["Bruno", "Anna"])},
        {"record": record(3), "seat": 1},
    ]
    response = insights(client, hands=hands, player="Anna", budget=SMALL)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["player"] == "Anna"
    assert answer["hands"] == 3
    assert [h["seat"] for h in answer["per_hand"]] == [0, 1, 1]
    assert [h["date"] for h in answer["per_hand"]] == ["2026-10-01", "2026-10-31", None]
    trend = answer["trend"]
    assert [d["date"] for d in trend["dates"]] == ["2026-10-01", "2026-10-31"]
    assert trend["undated"] == 1
    first, last = (h["accuracy"] for h in answer["per_hand"][:2])
    if first is not None and last is not None:
        assert trend["slope_per_30_days"] == pytest.approx(last - first, abs=0.02)
    assert answer["decisions"] == sum(h["decisions"] for h in answer["per_hand"])
    assert sum(answer["labels"].values()) == answer["decisions"]
    per_100 = answer["labels_per_100"]
    assert sum(per_100[label] for label in LABELS) == pytest.approx(100.0, abs=0.05)
    assert set(answer["phases"]) == set(PHASES)
    assert 0.0 <= answer["accuracy"] <= 100.0
    low, value, high = (answer["mean_loss"][k] for k in ("low", "value", "high"))
    assert low <= value <= high
    assert {"cards", "coins", "settebello", "primiera", "scope"} <= set(answer["loss_by_category"])
    # Not at the level estimate's budget: no level, and the reason.
    assert answer["level"] is None
    assert str(REVIEW_BUDGET.to_dict()["iterations"]) in answer["level_note"]
    assert answer["problems"] == []


def test_hands_without_dates_or_names(client: FlaskClient) -> None:
    hands = [{"record": record(4), "seat": 0}, {"record": record(5), "seat": 0}]
    answer = insights(client, hands=hands, budget=SMALL).get_json()
    assert answer["player"] is None
    assert answer["trend"] == {"dates": [], "undated": 2, "slope_per_30_days": None}


def test_a_hand_with_a_problem_is_listed_and_left_out(client: FlaskClient) -> None:
    hands = [
        {"record": record(6), "seat": 0},
        {"record": {"rules": "scopa"}},
        {"record": record(7)},  # no seat and no player named
        {"record": record(8), "seat": 5},
        {"record": record(9), "seat": 1},
    ]
    answer = insights(client, hands=hands, budget=SMALL).get_json()
    assert answer["hands"] == 2
    assert [h["index"] for h in answer["per_hand"]] == [0, 4]
    problems = {p["index"]: p["problem"] for p in answer["problems"]}
    assert set(problems) == {1, 2, 3}
    assert all(p["status"] == 422 for p in problems.values())
    assert "seat" in problems[2]["errors"]
    assert "seat" in problems[3]["errors"]


def test_the_level_is_estimated_at_the_default_budget(client: FlaskClient) -> None:
    hands = [{"record": record(seed), "seat": seed % 2} for seed in range(10, 14)]
    answer = insights(client, hands=hands).get_json()
    assert answer["budget"] == REVIEW_BUDGET.to_dict()
    level = answer["level"]
    assert level["level"] in NAMES
    assert sum(level["probabilities"].values()) == pytest.approx(1.0, abs=0.001)
    low, high = (NAMES.index(name) for name in level["interval"])
    assert low <= NAMES.index(level["level"]) <= high
    assert level["calibrated_on"] == "scopa"
    assert level["same_rules"] is True
    assert level["hands"] == 4
    # The same hands give the same insights.
    assert insights(client, hands=hands).get_json() == answer


def test_an_over_cap_batch_is_refused_before_any_search(client: FlaskClient) -> None:
    client.application.config["REVIEW_BATCH_MAX_TOTAL_ITERATIONS"] = 100
    response = insights(client, hands=[{"record": record(15), "seat": 0}], budget=SMALL)
    assert_problem(response, 422, "urn:scopa:problem:budget-too-large")


def test_too_many_hands_is_refused(client: FlaskClient) -> None:
    client.application.config["BATCH_MAX_RECORDS"] = 1
    hands = [{"record": record(16), "seat": 0}] * 2
    response = insights(client, hands=hands, budget=SMALL)
    assert_problem(response, 422, "urn:scopa:problem:validation")
    assert "hands" in response.get_json()["errors"]


def test_a_missed_sweep_is_counted() -> None:
    rules = make_rules("scopa")
    # Deal hands until seat 1 (first to play) can sweep at once: then play something else.
    for seed in range(500):
        start = deal(rules, seed, dealer=0)
        plays = [m for m in legal_moves(start) if m.plays_card]
        sweeps = [m for m in plays if is_sweep(start, m)]
        others = [m for m in plays if m not in sweeps]
        if sweeps and others:
            break
    else:
        pytest.fail("no deal with a sweep to miss")
    state, _ = apply(start, others[0])
    hand = record_of(state)
    counts = situations_of(replay(hand), hand.moves, start.to_move)
    assert counts.sweeps_missed == 1
    assert counts.sweeps_conceded == 0


def test_a_settebello_left_and_taken_is_counted() -> None:
    rules = make_rules("scopa")
    settebello = bit(settebello_card(rules))
    for seed in range(2000):
        start = deal(rules, seed, dealer=0)
        seat = start.to_move
        plays = [m for m in legal_moves(start) if m.plays_card]
        leaving = [m for m in plays if apply(start, m)[0].table & settebello]
        safe = [m for m in plays if not apply(start, m)[0].table & settebello]
        if not leaving or not safe:
            continue
        after, _ = apply(start, leaving[0])
        takes = [m for m in legal_moves(after) if m.capture & settebello]
        if takes:
            final, _ = apply(after, takes[0])
            hand = record_of(final)
            counts = situations_of(replay(hand), hand.moves, seat)
            assert counts.settebello_lost == 1
            return
    pytest.fail("no deal where the settebello could be left and taken")
