"""The advice's numbers: standard errors, the breakdown by category, the sweep risk, the early
stop and exact endgames."""

import random

import pytest

from service.engine import Move, apply, deal, legal_moves, make_rules, view_of
from service.engine.scoring import categories
from service.search import Budget, MatchContext, advise
from service.search.advisor import Searcher
from service.search.estimates import (
    RACE_MIN_WORLDS,
    STOP_MIN_WORLDS,
    clearly_worse,
    estimate,
    paired_std_error,
)
from service.search.kernel.backend import backend_for
from service.search.kernel.loop import Tally
from service.search.race import Race
from tests.search.helpers import scopa_position, seat_view

SCOPA = make_rules("scopa")


def played(preset: str, plays: int, seed: int = 3) -> object:
    rules = make_rules(preset)
    state = deal(rules, seed)
    rng = random.Random(seed)
    for _ in range(plays):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    return state


@pytest.mark.parametrize(
    ("preset", "plays"),
    [("scopa", 0), ("scopa", 9), ("scopone_scientifico", 6), ("napola", 4), ("re_bello", 2)],
)
def test_the_breakdown_adds_up_to_the_value(preset: str, plays: int) -> None:
    state = played(preset, plays)
    advice = advise(view_of(state, state.to_move), Budget(iterations=40), seed=5)
    for move in advice.moves:
        assert move.breakdown is not None
        assert tuple(move.breakdown) == categories(state.rules)
        assert move.expected_value is not None
        assert sum(move.breakdown.values()) == pytest.approx(move.expected_value, abs=1e-5)


def test_standard_errors_shrink_with_more_worlds() -> None:
    view = seat_view(scopa_position(SCOPA, ["7S", "3B", "9C"], ["7D", "2C"], seed=4))
    one = advise(view, Budget(iterations=1), seed=1)
    few = advise(view, Budget(iterations=30), seed=1)
    many = advise(view, Budget(iterations=600), seed=1)
    assert all(m.std_error is None for m in one.moves)
    for small, large in zip(
        sorted(few.moves, key=lambda m: m.move),
        sorted(many.moves, key=lambda m: m.move),
        strict=True,
    ):
        assert small.std_error is not None and large.std_error is not None
        assert large.std_error < small.std_error


def test_a_match_gives_win_probabilities_with_their_errors() -> None:
    view = seat_view(scopa_position(SCOPA, ["7S", "3B", "9C"], ["7D", "2C"], seed=4))
    advice = advise(view, Budget(iterations=50), seed=2, match=MatchContext((9, 9), 11))
    for move in advice.moves:
        assert move.win_probability is not None and 0.0 <= move.win_probability <= 1.0
        assert move.win_std_error is not None and move.win_std_error >= 0.0


def test_sweep_risk_is_a_share_and_nil_after_a_sweep() -> None:
    view = seat_view(scopa_position(SCOPA, ["7S", "3B", "9C"], ["3C", "4S"], seed=8))
    advice = advise(view, Budget(iterations=60), seed=3)
    for move in advice.moves:
        assert move.sweep_risk is not None and 0.0 <= move.sweep_risk <= 1.0
    sweep = next(m for m in advice.moves if m.move == Move.from_code("7S:3C+4S"))
    assert sweep.sweep_risk == 0.0
    # Laying the 9 leaves 3 + 4 + 9 = 16 on the table: no single card sweeps it.
    lay = next(m for m in advice.moves if m.move == Move.from_code("9C"))
    assert lay.sweep_risk == 0.0


def test_a_clear_best_move_stops_a_time_budget_early() -> None:
    # Taking the settebello with a sweep against laying junk.
    view = seat_view(scopa_position(SCOPA, ["7S", "10B", "4C"], ["7D"], seed=2))
    advice = advise(view, Budget(ms=2000), seed=1)
    assert advice.chosen == Move.from_code("7S:7D")
    assert advice.stats.stopped_early
    assert advice.stats.worlds >= STOP_MIN_WORLDS
    assert 0 < advice.stats.saved_ms <= 2000


def test_iteration_budgets_never_stop_early() -> None:
    view = seat_view(scopa_position(SCOPA, ["7S", "10B", "4C"], ["7D"], seed=2))
    advice = advise(view, Budget(iterations=300), seed=1)
    assert advice.stats.worlds == 300
    assert not advice.stats.stopped_early
    assert advice.stats.saved_ms == 0.0


def test_a_last_deal_with_every_card_known_is_exact() -> None:
    rules = make_rules("scopa")
    state = deal(rules, 6)
    rng = random.Random(1)
    while state.stock or sum(h.bit_count() for h in state.hands) > 5:
        state, _ = apply(state, rng.choice(legal_moves(state)))
    advice = advise(view_of(state, state.to_move), Budget(iterations=3), seed=1)
    assert advice.stats.exact
    assert advice.stats.playouts == 0
    assert all(m.std_error == 0.0 for m in advice.moves)
    opening = advise(view_of(deal(rules, 6), 1), Budget(iterations=3), seed=1)
    assert not opening.stats.exact


def add_world(tally: Tally, values: tuple[float, ...]) -> None:
    """One world's values (one category each) into a kernel tally, as the world loop adds it."""
    m = len(values)
    for i, v in enumerate(values):
        tally.sums[i] += v
        tally.squares[i] += v * v
        tally.cats[i] += v
        for j, w in enumerate(values):
            tally.cross[i * m + j] += v * w
    tally.worlds += 1


def test_paired_errors_come_from_the_cross_products() -> None:
    race = Race(2, 1)
    # Two moves whose values move together: their difference is always 1.
    for a in (1.0, 3.0, 5.0, 2.0):
        add_world(race.tally, (a + 1, a))
    assert paired_std_error(race, 0, 1) == pytest.approx(0.0, abs=1e-9)


def test_the_race_drops_a_move_only_when_it_is_clearly_worse() -> None:
    race = Race(3, 1)
    rng = random.Random(7)
    # Move 0 leads move 1 by 0.05 points and move 2 by 2 points on the same worlds.
    for _ in range(RACE_MIN_WORLDS - 1):
        luck = rng.gauss(0.0, 2.0)
        add_world(race.tally, (luck, luck - 0.05 + rng.gauss(0.0, 0.5), luck - 2.0))
    assert clearly_worse(race, with_match=False) == []  # too few worlds to judge
    luck = rng.gauss(0.0, 2.0)
    add_world(race.tally, (luck, luck - 0.05 + rng.gauss(0.0, 0.5), luck - 2.0))
    assert clearly_worse(race, with_match=False) == [2]


def test_a_dropped_move_is_valued_against_the_best_on_the_worlds_they_shared() -> None:
    race = Race(2, 1)
    for luck in (4.0, 0.0, 2.0):
        add_world(race.tally, (luck, luck - 1.0))
    race.drop([1])
    assert race.active == (0,)
    for luck in (10.0, 12.0):
        add_world(race.tally, (luck,))
    assert race.worlds == 5
    assert race.moments(1).worlds == 3
    # The best's mean over all five worlds (5.6) less the one point it lost on each shared one.
    dropped = estimate(race, 1, with_match=False, best=0)
    assert dropped.value == pytest.approx(4.6)
    assert dropped.categories == pytest.approx((4.6,))
    assert dropped.std_error == pytest.approx(estimate(race, 1, with_match=False).std_error)
    assert estimate(race, 0, with_match=False, best=0).value == pytest.approx(5.6)
    assert paired_std_error(race, 0, 1) == pytest.approx(0.0, abs=1e-9)


def test_a_race_plays_only_the_running_moves_and_still_ranks_them_all() -> None:
    state = played("scopone_scientifico", 0)
    view = view_of(state, state.to_move)
    plays = [m for m in legal_moves(state) if m.plays_card]
    searcher = Searcher(view, plays, 1, match=None, solver=None, backend=backend_for(view.rules))
    searcher.run(200, None, None)
    searcher.drop_clearly_worse()
    running = searcher.race.active
    assert 0 < len(running) < len(plays)  # laying a seven or the settebello first trails
    searcher.run(100, None, None)
    assert searcher.race.worlds == 300
    assert searcher.race.playouts == 200 * len(plays) + 100 * len(running)
    ranked = searcher.ranked()
    assert sorted(a.move for a in ranked) == sorted(plays)
    values = [a.expected_value for a in ranked]
    assert None not in values
    assert values == sorted(values, reverse=True)  # type: ignore[type-var]
    assert ranked[0].move in {plays[i] for i in running}


def test_each_move_has_its_paired_error_against_the_best() -> None:
    view = seat_view(scopa_position(SCOPA, ["7S", "3B", "9C"], ["7D", "2C"], seed=4))
    advice = advise(view, Budget(iterations=200), seed=1)
    assert advice.moves[0].std_error_vs_best is None
    for move in advice.moves[1:]:
        assert move.std_error_vs_best is not None and move.std_error is not None
        # Common random numbers: the paired error is below the two errors combined.
        best = advice.moves[0].std_error
        assert best is not None
        assert move.std_error_vs_best <= (move.std_error**2 + best**2) ** 0.5 + 1e-9
