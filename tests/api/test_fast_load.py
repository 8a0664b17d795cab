"""The fast load of request bodies: the same dict as marshmallow's for valid bodies, and a
fallback to marshmallow (so its error answers) for anything it is not sure of."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import marshmallow as ma
import pytest
import yaml
from flask import Flask

from service.api.app import create_app
from service.api.examples import dealt_state
from service.api.fast_load import FallbackError, fast_loader
from service.engine import codec
from service.engine.presets import PRESETS
from service.engine.state import State, apply, legal_moves
from service.engine.view import view_of

ROOT = Path(__file__).resolve().parents[2]
ODD_VALUES = (None, True, False, 0, -1, 1, 3, 99, 1.5, "", "7D", "7d", "XX", "scopa", [], {}, [0])


@pytest.fixture(scope="module")
def app() -> Flask:
    return create_app({"TESTING": True})


def body_schemas(app: Flask) -> dict[str, ma.Schema]:
    """Each POST path's body schema, as its view loads it."""
    schemas = {}
    for rule in app.url_map.iter_rules():
        doc = getattr(app.view_functions[rule.endpoint], "_apidoc", {})
        for parameter in doc.get("arguments", {}).get("parameters", []):
            schemas[rule.rule] = parameter["schema"]
    return schemas


def spec_examples() -> Iterator[tuple[str, Any]]:
    """Every request body example of the spec, with its path."""
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
    for path, operations in spec["paths"].items():
        for operation in operations.values():
            content = operation.get("requestBody", {}).get("content", {}).get("application/json")
            if content is None:
                continue
            if "example" in content:
                yield path, content["example"]
            for example in content.get("examples", {}).values():
                yield path, example["value"]


def played_states() -> Iterator[State]:
    """Every preset's dealt state and the same state a few moves later."""
    for name in sorted(PRESETS):
        state = dealt_state(name)
        yield state
        for _ in range(5):
            moves = legal_moves(state)
            if state.finished or not moves:
                break
            state, _ = apply(state, moves[-1])
        yield state


def valid_bodies() -> Iterator[tuple[str, Any]]:
    """The spec's examples, and moves, play and advice bodies of played states."""
    yield from spec_examples()
    for state in played_states():
        yield "/v1/moves", {"state": codec.state_to_dict(state)}
        view = codec.view_to_dict(view_of(state, state.to_move))
        del view["unseen"]  # answered, not asked
        yield "/v1/advice", {"view": view, "seed": 3, "budget": {"iterations": 10}}
        moves = legal_moves(state)
        if moves:
            move = codec.move_to_dict(moves[0])
            yield "/v1/play", {"state": codec.state_to_dict(state), "move": move}


def fresh_load(schema: ma.Schema, body: Any) -> Any:
    """Marshmallow's own load, by a new instance of the schema's class."""
    return type(schema)().load(body)


def test_valid_bodies_load_the_same_by_both_paths(app: Flask) -> None:
    schemas = body_schemas(app)
    checked: set[str] = set()
    with app.test_request_context():
        for path, body in valid_bodies():
            schema = schemas[path]
            assert fast_loader(schema)(copy.deepcopy(body)) == fresh_load(schema, body), path
            checked.add(path)
    assert checked >= {"/v1/moves", "/v1/play", "/v1/score", "/v1/advice", "/v1/deal"}


def leaves(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside a JSON value (objects' keys, lists' indices)."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, (*at, i))


def mutated(body: Any, rng: random.Random) -> Any:
    """The body with one value replaced, one key dropped, or one unknown key added."""
    body = copy.deepcopy(body)
    at = rng.choice([p for p in leaves(body) if p])
    parent = body
    for step in at[:-1]:
        parent = parent[step]
    action = rng.random()
    if action < 0.7:
        parent[at[-1]] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif isinstance(parent, dict) and action < 0.85:
        del parent[at[-1]]
    elif isinstance(parent, dict):
        parent["unexpected"] = 1
    else:
        parent.append(copy.deepcopy(parent[at[-1]]))
    return body


def test_the_fast_path_never_accepts_what_marshmallow_rejects(app: Flask) -> None:
    schemas = body_schemas(app)
    rng = random.Random(11)
    bodies = list(valid_bodies())
    outcomes = {"fallback": 0, "same": 0}
    with app.test_request_context():
        for _ in range(3000):
            path, body = rng.choice(bodies)
            changed = mutated(body, rng)
            schema = schemas[path]
            try:
                fast = fast_loader(schema)(copy.deepcopy(changed))
            except FallbackError:
                outcomes["fallback"] += 1
                continue
            assert fast == fresh_load(schema, changed), (path, changed)
            outcomes["same"] += 1
    assert outcomes["fallback"] > 500 and outcomes["same"] > 100, outcomes


def test_an_invalid_body_gets_marshmallows_errors(app: Flask) -> None:
    client = app.test_client()
    state = codec.state_to_dict(dealt_state("scopa"))
    state["dealer"] = 9
    state["table"] = ["7D", "XX"]
    answer = client.post("/v1/moves", json={"state": state, "extra": 1})
    assert answer.status_code == 422
    errors = answer.get_json()["errors"]
    assert {"state.dealer", "state.table[1]", "extra"} <= set(errors), errors
