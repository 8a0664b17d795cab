"""Admission control: a worker refuses searching work it cannot start in time, at once and
before any work for it; searches take their turns first come, first served."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask.testing import FlaskClient

from service.api.app import create_app
from service.api.examples import dealt_state, view_json
from service.api.http.admission import RESERVED_THREADS, SEARCHES, SearchQueue
from tests.api.problem_asserts import assert_problem

# Run alone, after the rest (scripts/run_tests.py): it checks queue waits against the clock.
pytestmark = pytest.mark.serial

ADVICE = {"rules": "scopa", "view": view_json(dealt_state()), "budget": {"iterations": 4}}


@pytest.fixture
def busy(monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker with three searches admitted ahead, 50 ms each."""
    monkeypatch.setattr(SEARCHES, "expected_ms", 50.0)
    monkeypatch.setattr(SEARCHES, "admitted", 3)


def client_with(**config: Any) -> FlaskClient:
    return create_app({"TESTING": True, **config}).test_client()


def test_a_search_that_cannot_start_in_time_is_refused_at_once(busy: None) -> None:
    client = client_with(ADVICE_QUEUE_MS=100)
    start = time.perf_counter()
    response = client.post("/v1/advice", json=ADVICE)
    body = assert_problem(response, 503)
    assert time.perf_counter() - start < 0.1  # refused without waiting the queue time
    assert response.headers["Retry-After"] == "1"
    assert "100 ms" in body["detail"]
    # Before any search, priced from its loaded request: a body that does not load asks for no
    # search, and gets its own problem.
    assert client.post("/v1/advice", json={"view": "nope"}).status_code == 422


def test_requests_that_search_nothing_are_never_refused(busy: None) -> None:
    client = client_with(ADVICE_QUEUE_MS=100)
    assert client.post("/v1/moves", json={"state": ADVICE["view"] | {}}).status_code != 503
    bot = {"rules": "scopa", "view": ADVICE["view"], "level": "club"}
    assert client.post("/v1/bot", json=bot).status_code == 200
    assert client.post("/v1/bot", json={**bot, "level": "master"}).status_code == 503
    assert client.get("/healthz").status_code == 200


def test_a_worker_admits_no_more_searches_than_its_threads_allow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(SEARCHES, "expected_ms", 0.0)
    monkeypatch.setenv("GUNICORN_THREADS", "5")
    client = client_with()
    monkeypatch.setattr(SEARCHES, "admitted", 5 - RESERVED_THREADS)
    assert_problem(client.post("/v1/advice", json=ADVICE), 503)
    monkeypatch.setattr(SEARCHES, "admitted", 5 - RESERVED_THREADS - 1)
    assert client.post("/v1/advice", json=ADVICE).status_code == 200


def test_every_admitted_request_leaves_the_count_when_answered() -> None:
    client = client_with()
    before = SEARCHES.admitted
    assert client.post("/v1/advice", json=ADVICE).status_code == 200
    assert client.post("/v1/advice", json={**ADVICE, "view": {}}).status_code == 422
    assert SEARCHES.admitted == before


def test_searches_take_their_turns_first_come_first_served() -> None:
    queue = SearchQueue()
    order: list[int] = []
    holding, release = threading.Event(), threading.Event()

    def first() -> None:
        with queue.turn(1000):
            holding.set()
            release.wait(5)
            order.append(0)

    def later(i: int) -> None:
        with queue.turn(5000):
            order.append(i)

    threads = [threading.Thread(target=first)]
    threads[0].start()
    holding.wait(5)
    for i in range(1, 6):
        thread = threading.Thread(target=later, args=(i,))
        thread.start()
        threads.append(thread)
        while len(queue.waiting) < i:  # each in the queue before the next comes
            time.sleep(0.001)
    release.set()
    for thread in threads:
        thread.join()
    assert order == [0, 1, 2, 3, 4, 5]


def test_a_turn_not_come_in_time_is_a_503_and_leaves_the_queue() -> None:
    queue = SearchQueue()
    with queue.occupied():
        start = time.perf_counter()
        with pytest.raises(Exception) as raised, queue.turn(50):
            pass
        assert time.perf_counter() - start >= 0.05
    assert getattr(raised.value, "code", None) == 503
    assert not queue.waiting
    with queue.turn(0):
        assert queue.running


def test_the_usual_search_duration_follows_the_searches() -> None:
    queue = SearchQueue(expected_ms=100.0)
    for _ in range(20):
        with queue.turn(0):
            time.sleep(0.002)
    assert queue.expected_ms < 20.0
