"""Circuit breaker state machine: closed -> open -> half-open -> closed or open again."""

from __future__ import annotations

import pytest

from service.cache import BreakerState, CircuitBreaker
from tests.cache.conftest import FakeClock


def make(clock: FakeClock, opened: list[int]) -> CircuitBreaker:
    return CircuitBreaker(
        failure_threshold=3, cooldown_s=5.0, clock=clock, on_open=lambda: opened.append(1)
    )


def test_opens_after_threshold_consecutive_failures(clock: FakeClock) -> None:
    opened: list[int] = []
    breaker = make(clock, opened)
    for _ in range(2):
        assert breaker.allow()
        breaker.record_failure()
    assert breaker.state is BreakerState.CLOSED
    breaker.record_failure()
    assert breaker.state is BreakerState.OPEN
    assert not breaker.allow()
    assert opened == [1]


def test_success_resets_the_failure_count(clock: FakeClock) -> None:
    breaker = make(clock, [])
    breaker.record_failure()
    breaker.record_failure()
    breaker.record_success()
    breaker.record_failure()
    breaker.record_failure()
    assert breaker.state is BreakerState.CLOSED


def test_half_open_after_cooldown_lets_exactly_one_probe(clock: FakeClock) -> None:
    breaker = make(clock, [])
    for _ in range(3):
        breaker.record_failure()
    clock.advance(4.99)
    assert not breaker.allow()
    clock.advance(0.01)
    assert breaker.state is BreakerState.HALF_OPEN
    assert breaker.allow()
    assert not breaker.allow()  # the probe is still out


def test_successful_probe_closes(clock: FakeClock) -> None:
    breaker = make(clock, [])
    for _ in range(3):
        breaker.record_failure()
    clock.advance(5)
    assert breaker.allow()
    breaker.record_success()
    assert breaker.state is BreakerState.CLOSED
    assert breaker.allow()
    assert breaker.allow()


def test_failed_probe_reopens_for_a_full_cooldown(clock: FakeClock) -> None:
    opened: list[int] = []
    breaker = make(clock, opened)
    for _ in range(3):
        breaker.record_failure()
    clock.advance(5)
    assert breaker.allow()
    breaker.record_failure()
    assert breaker.state is BreakerState.OPEN
    assert opened == [1, 1]
    clock.advance(4)
    assert not breaker.allow()
    clock.advance(1)
    assert breaker.allow()


def test_threshold_must_be_positive() -> None:
    with pytest.raises(ValueError, match="failure_threshold"):
        CircuitBreaker(failure_threshold=0)


def test_every_change_of_state_is_announced_once(clock: FakeClock) -> None:
    changes: list[BreakerState] = []
    breaker = CircuitBreaker(3, 5.0, clock=clock, on_change=changes.append)
    breaker.record_success()  # closed already: no change
    for _ in range(4):
        breaker.record_failure()  # the fourth fails while open: no change
    clock.advance(5)
    assert breaker.state is BreakerState.HALF_OPEN
    assert breaker.state is BreakerState.HALF_OPEN
    assert breaker.allow()
    breaker.record_failure()
    clock.advance(5)
    assert breaker.allow()
    breaker.record_success()
    assert changes == [
        BreakerState.OPEN,
        BreakerState.HALF_OPEN,
        BreakerState.OPEN,
        BreakerState.HALF_OPEN,
        BreakerState.CLOSED,
    ]
