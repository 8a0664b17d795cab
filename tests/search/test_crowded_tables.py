"""Positions with hundreds or thousands of captures (a table of many low cards): both kernels
list and play them alike, the solver stops at its node limit alike, and a search keeps its time
budget and its floor of worlds on either kernel."""

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from service.engine import MoveKind, State, legal_moves, make_rules, view_of
from service.engine.presets import PRESETS
from service.search import Budget, advise
from service.search.advisor import (
    FLOOR_GRACE_MS,
    MAX_SEARCHED_PLAYS,
    MIN_WORLDS,
    NOT_SEARCHED_NOTE,
    searched_plays,
)
from service.search.kernel import fast, loop, policy
from service.search.kernel.fast import FastRules
from service.search.kernel.solver import SolveAborted, Solver
from service.search.worlds import pos_of_state, root_setup
from tests.search.compiled import require_compiled_kernel
from tests.search.helpers import collector_paused, crowded_state

# Run alone, after the rest (scripts/run_tests.py): it checks searches keep their time budgets.
pytestmark = pytest.mark.serial

_kernel = require_compiled_kernel()

# Every preset at every player count it deals for.
CONFIGS = [(name, players) for name, preset in PRESETS.items() for players in preset.schedules]
# Milliseconds of slack over a search's own bound (budget plus grace), by kernel: the clock is
# looked at between root moves and turns, and one turn of a crowded table (thousands of
# captures listed and weighed) takes a few milliseconds compiled, tens in pure Python.
SLACK_MS = {"compiled": 30, "python": 150}


def some_crowded(name: str, players: int, top_rank: int = 5) -> State:
    """The crowded state of these rules with the most legal moves over a few seeds."""
    rules = make_rules(name, players=players)
    found = [s for s in (crowded_state(rules, seed, top_rank) for seed in range(12)) if s]
    assert found, f"no crowded state of {name} for {players} players"
    return max(found, key=lambda s: len(legal_moves(s)))


@pytest.mark.parametrize(("name", "players"), [("escoba", 2), ("scopa", 2), ("cirulla", 3)])
def test_both_kernels_list_every_capture_of_a_crowded_table(name: str, players: int) -> None:
    state = some_crowded(name, players)
    fr = FastRules(state.rules)
    moves = fast.legal_moves(fr, pos_of_state(state))
    assert len(moves) > 300
    assert _kernel.py_legal_moves(fr, pos_of_state(state)) == moves
    engine = sorted((m.card, m.capture) for m in legal_moves(state) if m.kind is MoveKind.PLAY)
    assert sorted(moves) == engine


@pytest.mark.parametrize(("name", "players"), [("escoba", 2), ("quindici_2", 3), ("scopa", 4)])
def test_both_kernels_play_out_a_crowded_table_alike(name: str, players: int) -> None:
    state = some_crowded(name, players)
    fr = FastRules(state.rules)
    for seed in range(5):
        pure, comp = pos_of_state(state), pos_of_state(state)
        policy.playout(fr, pure, policy.RolloutRandom(seed))
        totals = fast.hand_totals(fr, pure.piles, pure.scope)
        assert _kernel.py_playout(fr, comp, seed) == totals
        assert (comp.piles, comp.scope, comp.table) == (pure.piles, pure.scope, pure.table)


def test_a_solve_past_its_node_limit_stops_alike_on_both_kernels() -> None:
    state = some_crowded("scopa", 2)
    fr = FastRules(state.rules)
    pure, comp = Solver(fr, node_limit=500), _kernel.CompiledSolver(fr, node_limit=500)
    for solver in (pure, comp):
        with pytest.raises(SolveAborted):
            solver.solve_leaf(pos_of_state(state))
    assert pure.nodes == comp.nodes == 501
    # What each stored before stopping is the same, so later solves still agree.
    easy = some_crowded("scopa", 2, top_rank=1)
    assert pure.solve_leaf(pos_of_state(easy)) == comp.solve_leaf(pos_of_state(easy))
    assert pure.nodes == comp.nodes


def test_worlds_of_a_crowded_table_agree_on_both_kernels() -> None:
    state = some_crowded("scopa", 2)
    rules = state.rules
    view = view_of(state, state.to_move)
    plays = [m for m in legal_moves(state) if m.plays_card]
    moves = searched_plays(view, plays)[:6]
    setup = root_setup(view, moves, 12)
    fr = FastRules(rules)
    tallies = []
    for run, solver in (
        (loop.run_worlds, Solver(fr, node_limit=2000)),
        (_kernel.run_worlds, _kernel.CompiledSolver(fr, node_limit=2000)),
    ):
        tally = loop.Tally(len(moves), len(fr.categories))
        if run is loop.run_worlds:
            rng = random.Random(random.Random(7).getrandbits(64))
        else:
            rng = _kernel.KernelRandom(random.Random(7).getrandbits(64))
        done = run(fr, setup, tally, rng, solver, max_worlds=3, seconds=None, win=None)
        assert done == 3
        tallies.append((tally.sums, tally.squares, tally.cats, tally.playouts, solver.nodes))
    assert tallies[0] == tallies[1]
    # Some root moves' solves stopped at the limit and were played out instead.
    assert tallies[0][3] > 0


def test_a_position_with_more_plays_than_the_search_ranks_lists_them_all() -> None:
    state = some_crowded("escoba", 2)
    view = view_of(state, state.to_move)
    legal = legal_moves(state)
    advice = advise(view, Budget(iterations=2), seed=1)
    assert sorted(m.move for m in advice.moves) == sorted(legal)
    ranked = [m for m in advice.moves if m.expected_value is not None]
    assert len(ranked) == MAX_SEARCHED_PLAYS
    left_out = [m for m in advice.moves if m.note == NOT_SEARCHED_NOTE]
    assert len(left_out) == sum(1 for m in legal if m.plays_card) - MAX_SEARCHED_PLAYS
    # Every card of the hand has plays among those searched.
    assert {m.move.card for m in ranked} == {m.card for m in legal if m.plays_card}


def test_a_play_that_must_be_searched_is_ranked() -> None:
    state = some_crowded("escoba", 2)
    view = view_of(state, state.to_move)
    plays = [m for m in legal_moves(state) if m.plays_card]
    searched = set(searched_plays(view, plays))
    left_out = [m for m in plays if m not in searched]
    wanted = left_out[-1]
    advice = advise(view, Budget(iterations=2), seed=1, must_search=(wanted,))
    ranked = [m.move for m in advice.moves if m.expected_value is not None]
    assert wanted in ranked
    assert len(ranked) == MAX_SEARCHED_PLAYS


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 50),
    top_rank=st.integers(3, 6),
    kernel=st.sampled_from(["compiled", "python"]),
    budget_ms=st.sampled_from([5, 20, 50]),
)
def test_a_search_of_a_crowded_table_keeps_its_budget(
    config: tuple[str, int], seed: int, top_rank: int, kernel: str, budget_ms: int
) -> None:
    name, players = config
    state = crowded_state(make_rules(name, players=players), seed, top_rank)
    assume(state is not None)
    assert state is not None
    view = view_of(state, state.to_move)
    with collector_paused():
        advice = advise(view, Budget(ms=budget_ms), seed=seed, kernel=kernel)
    stats = advice.stats
    assert stats.elapsed_ms <= budget_ms + FLOOR_GRACE_MS + SLACK_MS[kernel]
    assert sorted(m.move for m in advice.moves) == sorted(legal_moves(state))
    assert advice.chosen in legal_moves(state)
    assert stats.undersampled == (stats.worlds < MIN_WORLDS and not stats.exact)
