"""A cold worker answers from a full search: a fresh gunicorn worker's first advice, master bot
move and review decision with a match, for every preset, search at least the advisor's floor
of worlds (the tables they need are built before the search's clock starts), and what the
worker caches is such an answer. Then, with the warm-up on, the gunicorn master builds the
tables once before it forks the workers, which find them built."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scripts.local_gunicorn import (
    call,
    free_port,
    gunicorn_path,
    running_gunicorn,
    wait_until_workers_ready,
)
from service.engine import codec
from service.engine.presets import PRESETS, make_rules
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from service.engine.state import apply, deal, legal_moves
from service.engine.view import view_of
from service.search.advisor import MIN_WORLDS
from tests.search.helpers import card_play_state

# Run alone, after the rest (scripts/run_tests.py): it measures a cold worker's first answer
# times.
pytestmark = [pytest.mark.integration, pytest.mark.serial]

if gunicorn_path() is None and os.environ.get("CI", "").lower() != "true":
    pytest.skip("gunicorn is not installed (never skipped in CI)", allow_module_level=True)

MASTER_WARMED = re.compile(r"search warmed up before the workers start in .* \((\d+) match-model")
# Rate limits out of the way: the test asks many searches of one client.
LIMITS_OFF = {"SCOPA_RATE_LIMIT_ENABLED": "false"}


def call_cold(
    port: int, method: str, path: str, body: Any = None
) -> tuple[int, dict[str, str], Any]:
    """One request to the cold worker, whose first searches build their tables first."""
    return call(port, method, path, body, timeout=60)


@pytest.fixture(scope="module")
def cold() -> Iterator[int]:
    """One fresh worker that has not warmed up: every table is built on first use."""
    with running_gunicorn(workers=1, threads=4, env={**LIMITS_OFF, "SCOPA_WARMUP": "false"}) as p:
        yield p


def position(name: str) -> tuple[dict[str, Any], dict[str, Any], list[int]]:
    """A card-play position of the preset: the view of the seat to move, the record of the
    hand so far (two more card plays), and a match in progress."""
    rules = make_rules(name)
    state = card_play_state(deal(rules, 5))
    view = codec.view_to_dict(view_of(state, state.to_move))
    for derived in ("rules", "unseen", "history"):
        view.pop(derived)
    later = state
    for _ in range(2):
        if later.finished:
            break
        later = card_play_state(apply(later, legal_moves(later)[-1])[0])
    record = record_to_dict(record_of(later))
    scores = [rules.target // 3 + side for side in range(rules.sides)]
    return view, record, scores


@pytest.mark.parametrize("name", list(PRESETS))
def test_a_cold_worker_s_first_searches_reach_the_floor(cold: int, name: str) -> None:
    view, record, scores = position(name)
    match = {"scores": scores}
    status, headers, advice = call_cold(
        cold, "POST", "/v1/advice", {"rules": name, "view": view, "match": match}
    )
    assert status == 200, advice
    stats = advice["stats"]
    assert stats["worlds"] >= MIN_WORLDS or stats["exact"], stats
    assert stats["undersampled"] is False
    assert headers["x-cache"] == "miss"
    # What was cached is that answer: the same request is a hit, with the same worlds.
    again = call_cold(cold, "POST", "/v1/advice", {"rules": name, "view": view, "match": match})
    assert again[1]["x-cache"] == "hit"
    assert again[2]["stats"]["worlds"] == stats["worlds"]

    bot = {"rules": name, "view": view, "level": "master", "match": match, "seed": 3}
    status, headers, moved = call_cold(cold, "POST", "/v1/bot", bot)
    assert status == 200, moved
    assert headers["x-cache"] == "miss"

    status, _, reviewed = call_cold(cold, "POST", "/v1/review", {"record": record, "match": match})
    assert status == 200, reviewed
    for decision in reviewed["decisions"]:
        if decision["status"] == "searched":
            assert decision["worlds"] >= MIN_WORLDS or decision["exact"], decision
            assert decision["undersampled"] is False
            assert decision["label"] is not None


def test_the_master_warms_the_search_once_before_its_workers_start(tmp_path: Path) -> None:
    log = tmp_path / "gunicorn.log"
    metrics = free_port()
    env = {**LIMITS_OFF, "SCOPA_WARMUP": "true", "SCOPA_METRICS_PORT": str(metrics)}
    with running_gunicorn(workers=2, threads=4, env=env, log_path=log, limit_s=120) as port:
        assert wait_until_workers_ready(metrics, workers=2)["ready"] == 2
        assert call(port, "GET", "/readyz")[0] == 200
    lines = [json.loads(line) for line in log.read_text().splitlines() if line.startswith("{")]
    messages = [line["message"] for line in lines]
    master = [i for i, text in enumerate(messages) if MASTER_WARMED.match(text)]
    booted = [i for i, text in enumerate(messages) if text.startswith("Booting worker")]
    workers = [line for line in lines if line.get("logger") == "service.search.warmup"]
    # The master built the tables before any worker; each worker found them built.
    assert len(master) == 1, messages
    assert master[0] < booted[0]
    built = MASTER_WARMED.match(messages[master[0]])
    assert built is not None
    assert int(built.group(1)) > 0
    assert [line["tables_built"] for line in workers] == [0, 0]
