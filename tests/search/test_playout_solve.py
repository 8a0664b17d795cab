"""Playouts hand over to the exact solver at the last cards, alike on both kernels."""

import random

import pytest

from service.engine import Move, State, apply, deal, legal_moves, make_rules, view_of
from service.search.advisor import PLAYOUT_SOLVE_CARDS, SOLVE_CARDS
from service.search.kernel import loop
from service.search.kernel.fast import FastRules, Pos, hand_points
from service.search.kernel.fast import apply as fast_apply
from service.search.kernel.policy import RolloutRandom, playout
from service.search.kernel.solver import Solver
from service.search.worlds import pos_of_state, root_setup
from tests.search.compiled import require_compiled_kernel

_kernel = require_compiled_kernel()


def early_position(name: str, seed: int, plays: int) -> State:
    """A hand of the preset after a few random plays, cards still to deal."""
    rules = make_rules(name)
    rng = random.Random(seed)
    state = deal(rules, seed)
    for _ in range(plays):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    return state


@pytest.mark.parametrize("seed", range(20))
def test_a_playout_stopped_for_the_solver_plays_on_as_if_never_stopped(seed: int) -> None:
    state = early_position("scopa", seed, 2)
    fr = FastRules(state.rules)
    whole = pos_of_state(state)
    playout(fr, whole, RolloutRandom(seed))
    stopped = pos_of_state(state)
    rollout = RolloutRandom(seed)
    playout(fr, stopped, rollout, until_cards=PLAYOUT_SOLVE_CARDS)
    assert not stopped.stock
    assert 0 < stopped.left <= PLAYOUT_SOLVE_CARDS
    playout(fr, stopped, rollout)
    assert (stopped.piles, stopped.scope) == (whole.piles, whole.scope)


def world_values(
    state: State, playout_solve_cards: int, worlds: int, *, compiled: bool, node_limit: int
) -> list[float]:
    """The first root move's value in each of ``worlds`` worlds, one world a run."""
    view = view_of(state, state.to_move)
    move = next(m for m in legal_moves(state) if m.plays_card)
    setup = root_setup(
        view, [move], SOLVE_CARDS, playout_solve_cards=playout_solve_cards, inference=False
    )
    fr = FastRules(state.rules)
    values = []
    for world in range(worlds):
        tally = loop.Tally(1, len(fr.categories))
        if compiled:
            _kernel.run_worlds(
                fr,
                setup,
                tally,
                _kernel.KernelRandom(world),
                _kernel.CompiledSolver(fr, node_limit=node_limit),
                max_worlds=1,
                seconds=None,
                win=None,
            )
        else:
            loop.run_worlds(
                fr,
                setup,
                tally,
                random.Random(world),
                Solver(fr, node_limit=node_limit),
                max_worlds=1,
                seconds=None,
                win=None,
            )
        values.append(tally.sums[0])
    return values


def world_after(
    fr: FastRules, setup: loop.RootSetup, move: Move, world: int
) -> tuple[Pos, RolloutRandom]:
    """World ``world`` as the loop draws it (a run seeded ``world``), the move played in it,
    and the rollout stream its playout draws from."""
    rng = random.Random(world)
    pos = loop.sample_world(fr, setup, rng)
    rollout = RolloutRandom(rng.getrandbits(64))
    fast_apply(fr, pos, move.card, move.capture)
    return pos, rollout


@pytest.mark.parametrize("compiled", [False, True])
def test_a_world_is_valued_by_the_solve_of_its_last_deal(compiled: bool) -> None:
    state = early_position("scopa", 5, 4)
    fr = FastRules(state.rules)
    view = view_of(state, state.to_move)
    move = next(m for m in legal_moves(state) if m.plays_card)
    setup = root_setup(view, [move], SOLVE_CARDS, inference=False)
    expected = []
    for world in range(12):
        pos, rollout = world_after(fr, setup, move, world)
        playout(fr, pos, rollout, until_cards=PLAYOUT_SOLVE_CARDS)
        leaf = Solver(fr).solve_leaf(pos)[1]
        points = hand_points(fr, leaf[:2], leaf[2:])
        expected.append(loop.value_of(points, setup.side, len(fr.categories))[-1])
    found = world_values(state, PLAYOUT_SOLVE_CARDS, 12, compiled=compiled, node_limit=250_000)
    assert found == expected
    # The solved last deal changes some worlds' outcome from the policy's.
    plain = world_values(state, 0, 12, compiled=compiled, node_limit=250_000)
    assert found != plain


@pytest.mark.parametrize("compiled", [False, True])
def test_a_solve_past_the_node_limit_plays_the_playout_on(compiled: bool) -> None:
    state = early_position("scopa", 9, 3)
    # One node: every solve stops at once, so every world ends as the plain playout ends.
    stopped = world_values(state, PLAYOUT_SOLVE_CARDS, 12, compiled=compiled, node_limit=1)
    plain = world_values(state, 0, 12, compiled=compiled, node_limit=1)
    assert stopped == plain
