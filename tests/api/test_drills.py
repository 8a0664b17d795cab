"""POST /v1/drills: drills from a player's own mistakes."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.records.answer import view_dict
from service.engine.cards import iter_cards, parse_card
from service.engine.presets import make_rules
from service.engine.record import replay
from service.engine.record_codec import record_from_dict
from service.engine.view import view_of
from service.search.drills import MARGIN, MARGIN_Z
from service.search.review import POINTS
from tests.api.problem_asserts import assert_problem
from tests.api.test_insights import record

SMALL = {"budget": {"iterations": 200}, "drill_budget": {"iterations": 2000}}


def drills(client: FlaskClient, hands: list[dict[str, Any]], **extra: Any) -> Any:
    return client.post("/v1/drills", json={"hands": hands, **SMALL, **extra})


@pytest.fixture(scope="module")
def hands() -> list[dict[str, Any]]:
    """Random hands, both seats: random play gives mistakes to drill."""
    return [{"record": record(seed), "seat": seat} for seed in (31, 32) for seat in (0, 1)]


def test_drills_follow_their_rule(client: FlaskClient, hands: list[dict[str, Any]]) -> None:
    response = drills(client, hands)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["rule"] == {"least_loss": POINTS.mistake, "margin": MARGIN, "margin_z": MARGIN_Z}
    assert answer["drills"], "random play should leave something to drill"
    assert len(answer["drills"]) <= answer["candidates"]
    for drill in answer["drills"]:
        assert drill["review_loss"] >= POINTS.mistake
        assert drill["best"] != drill["played"]
        assert drill["margin"] >= MARGIN
        assert drill["margin"] >= MARGIN_Z * (drill["margin_error"] or 0.0)
        assert drill["best"]["value"] - drill["played"]["value"] == pytest.approx(
            drill["loss"], abs=1e-5
        )
        legal = [(m["card"], m["capture"]) for m in drill["legal"]]
        assert (drill["best"]["card"], drill["best"]["capture"]) in legal
        assert (drill["played"]["card"], drill["played"]["capture"]) in legal
        why = drill["why"]
        assert drill["best"]["card"] in why["text"]
        assert set(why["breakdown"]) == set(drill["best"]["breakdown"])


def test_the_same_hands_and_seed_give_the_same_drills(
    client: FlaskClient, hands: list[dict[str, Any]]
) -> None:
    first = drills(client, hands, seed=5).get_data()
    uncached = create_app({"TESTING": True, "ADVICE_CACHE": False}).test_client()
    assert drills(uncached, hands, seed=5).get_data() == first


def test_no_drill_shows_a_card_its_seat_could_not_see(
    client: FlaskClient, hands: list[dict[str, Any]]
) -> None:
    answer = drills(client, hands).get_json()
    for drill in answer["drills"]:
        body = hands[drill["hand"]]
        done = replay(record_from_dict(body["record"], make_rules("scopa")))
        state = done.states[drill["move_index"]]
        seat = drill["seat"]
        assert drill["view"] == view_dict(view_of(state, seat))
        hidden = {
            c for other, held in enumerate(state.hands) if other != seat for c in iter_cards(held)
        }
        shown = {parse_card(c) for c in drill["view"]["hand"] + drill["view"]["table"]}
        shown |= {parse_card(c) for pile in drill["view"]["piles"] for c in pile}
        assert not shown & hidden


def test_why_comes_in_the_language_asked_for(
    client: FlaskClient, hands: list[dict[str, Any]]
) -> None:
    english = drills(client, hands).get_json()["drills"]
    italian = client.post(
        "/v1/drills", json={"hands": hands, **SMALL}, headers={"Accept-Language": "it"}
    ).get_json()["drills"]
    assert [d["best"] for d in italian] == [d["best"] for d in english]
    assert "punti della mano" in italian[0]["why"]["text"]
    assert "hand points" in english[0]["why"]["text"]


def test_the_cap_counts_every_re_search_before_any_search(
    client: FlaskClient, hands: list[dict[str, Any]]
) -> None:
    # The reviews alone fit; with a re-search of every decision they do not.
    client.application.config["REVIEW_BATCH_MAX_TOTAL_ITERATIONS"] = 20_000
    response = drills(client, hands)
    assert_problem(response, 422, "urn:scopa:problem:budget-too-large")
