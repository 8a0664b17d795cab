"""The advice's numbers: standard errors, the breakdown by category, the sweep risk, the early
stop and exact endgames."""

import random

import pytest

from service.engine import Move, apply, deal, legal_moves, make_rules, view_of
from service.engine.scoring import categories
from service.search import Budget, MatchContext, advise
from service.search.estimates import STOP_MIN_WORLDS, paired_std_error
from service.search.kernel.loop import Tally
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


def test_paired_errors_come_from_the_cross_products() -> None:
    tally = Tally(2, 1)
    # Two moves whose values move together: their difference is always 1.
    for a in (1.0, 3.0, 5.0, 2.0):
        for i, v in enumerate((a + 1, a)):
            tally.sums[i] += v
            tally.squares[i] += v * v
        for i, x in enumerate((a + 1, a)):
            for j, y in enumerate((a + 1, a)):
                tally.cross[i * 2 + j] += x * y
        tally.worlds += 1
    assert paired_std_error(tally, 0, 1) == pytest.approx(0.0, abs=1e-9)


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
