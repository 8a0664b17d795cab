"""GET /v1/rules."""

from __future__ import annotations

from flask.testing import FlaskClient

from service.engine.presets import PRESETS, make_rules
from service.engine.rules import OPTIONS
from tests.api.problem_asserts import assert_problem


def test_every_preset_with_its_full_options(client: FlaskClient) -> None:
    body = client.get("/v1/rules").get_json()
    presets = {p["name"]: p for p in body["presets"]}
    assert set(presets) == set(PRESETS)
    for name, preset in presets.items():
        assert preset["options"] == make_rules(name).options()
        assert preset["players"] == sorted(PRESETS[name].schedules)
        assert preset["description"]
    assert presets["scopone_scientifico"]["options"]["teams"] is True
    assert presets["scopone_scientifico"]["options"]["deal_sizes"] == [10]
    assert presets["scopa"]["players"] == [2, 3, 4, 6]


def test_option_schema_names_types_choices_and_descriptions(client: FlaskClient) -> None:
    options = {o["name"]: o for o in client.get("/v1/rules").get_json()["options"]}
    assert list(options) == [spec.name for spec in OPTIONS]
    assert options["players"] == {
        "name": "players",
        "type": "integer",
        "choices": [2, 3, 4, 5, 6],
        "description": "number of players at the table",
    }
    assert options["teams"]["type"] == "boolean"
    assert options["teams"]["choices"] is None
    assert options["deal_sizes"]["type"] == "array"
    assert options["capture_rule"]["choices"] == ["standard", "fifteen", "sum_or_fifteen"]


def test_rules_is_read_only(client: FlaskClient) -> None:
    response = client.post("/v1/rules", json={})
    assert_problem(response, 405)
    assert set(response.headers["Allow"].split(", ")) == {"GET", "HEAD", "OPTIONS"}
