"""Extreme but legal positions through the API: a table of many low cards (hundreds or
thousands of captures), every preset at every player count, on both search kernels. Every
searching endpoint answers 200 with a legal move and keeps its time budget; the moves endpoint
lists every capture."""

from __future__ import annotations

import time
from typing import Any

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.api.advice.advising import budget_of
from service.api.app import create_app
from service.engine import codec
from service.engine.presets import PRESETS, make_rules
from service.engine.state import State, legal_moves
from service.search.advisor import FLOOR_GRACE_MS, MIN_WORLDS
from service.search.kernel import backend
from tests.api.test_advice import view_json
from tests.search.helpers import collector_paused, crowded_state

# Run alone, after the rest (scripts/run_tests.py): it checks searches keep their time budgets.
pytestmark = pytest.mark.serial

CONFIGS = [(name, players) for name, preset in PRESETS.items() for players in preset.schedules]
KERNELS = ["python"] + (["compiled"] if backend.COMPILED is not None else [])
# A search looks at its clock between root moves and turns; one turn of a crowded table takes
# a few milliseconds compiled and tens in pure Python (as in tests/search/test_crowded_tables).
SLACK_MS = {"compiled": 30, "python": 150}
# The bot answers no stats: its whole request (reading a crowded view, listing its captures,
# the search, the answer) must end well before a second past its search's bound.
BOT_REQUEST_SLACK_MS = 1000
EXTREME = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def crowded(config: tuple[str, int], seed: int, top_rank: int) -> State:
    """A crowded legal state of the configuration (the example is skipped when none is)."""
    name, players = config
    state = crowded_state(make_rules(name, players=players), seed, top_rank)
    assume(state is not None)
    assert state is not None
    return state


def codes_of(moves: list[dict[str, Any]]) -> list[str]:
    """The codes of moves as the API writes them."""
    return sorted(codec.move_from_dict(move).code() for move in moves)


def legal_codes(state: State) -> list[str]:
    """The codes of the state's legal moves."""
    return sorted(move.code() for move in legal_moves(state))


def fresh_client() -> FlaskClient:
    """An app with no cache, so that every request searches."""
    return create_app({"TESTING": True, "ADVICE_CACHE": False}).test_client()


@EXTREME
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 50),
    top_rank=st.integers(3, 6),
    kernel=st.sampled_from(KERNELS),
    budget_ms=st.sampled_from([5, 20, 50]),
)
def test_advice_on_a_crowded_table_is_a_200_within_its_budget(
    config: tuple[str, int], seed: int, top_rank: int, kernel: str, budget_ms: int
) -> None:
    state = crowded(config, seed, top_rank)
    body = {
        "rules": state.rules.options(),
        "view": view_json(state),
        "budget": {"ms": budget_ms},
        "seed": seed,
    }
    with pytest.MonkeyPatch.context() as patch, collector_paused():
        patch.setenv(backend.ENV, kernel)
        response = fresh_client().post("/v1/advice", json=body)
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    stats = answer["stats"]
    assert stats["elapsed_ms"] <= budget_ms + FLOOR_GRACE_MS + SLACK_MS[kernel]
    assert codes_of(answer["moves"]) == legal_codes(state)
    assert stats["undersampled"] == (stats["worlds"] < MIN_WORLDS and not stats["exact"])


@EXTREME
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 50),
    top_rank=st.integers(3, 6),
    kernel=st.sampled_from(KERNELS),
)
def test_the_master_bot_on_a_crowded_table_answers_a_legal_move_in_time(
    config: tuple[str, int], seed: int, top_rank: int, kernel: str
) -> None:
    state = crowded(config, seed, top_rank)
    body = {"rules": state.rules.options(), "view": view_json(state), "level": "master"}
    client = fresh_client()
    default = budget_of(None, client.application.config, "budget", state.rules)
    bound_ms = (default.ms or 0) + FLOOR_GRACE_MS
    with pytest.MonkeyPatch.context() as patch, collector_paused():
        patch.setenv(backend.ENV, kernel)
        start = time.perf_counter()
        response = client.post("/v1/bot", json=body)
        took_ms = (time.perf_counter() - start) * 1000.0
    assert response.status_code == 200, response.get_json()
    assert codec.move_from_dict(response.get_json()["move"]) in legal_moves(state)
    assert took_ms <= bound_ms + SLACK_MS[kernel] + BOT_REQUEST_SLACK_MS


@EXTREME
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 50), top_rank=st.integers(3, 6))
def test_the_moves_of_a_crowded_table_are_all_listed(
    config: tuple[str, int], seed: int, top_rank: int
) -> None:
    state = crowded(config, seed, top_rank)
    response = fresh_client().post("/v1/moves", json={"state": codec.state_to_dict(state)})
    assert response.status_code == 200, response.get_json()
    assert codes_of(response.get_json()["moves"]) == legal_codes(state)
