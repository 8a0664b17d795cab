"""The alpha-beta endgame solver agrees with plain minimax over the engine."""

import random

import pytest

from service.engine import Rules, State, apply, deal, legal_moves, make_rules, score_hand
from service.search.advisor import SOLVE_CARDS
from service.search.kernel.backend import make_solver
from service.search.kernel.fast import FastRules
from service.search.kernel.fast import apply as fast_apply
from service.search.kernel.fast import legal_moves as fast_legal_moves
from service.search.kernel.policy import choose
from service.search.kernel.solver import NODE_LIMIT, Solver
from service.search.worlds import pos_of_state


def minimax(state: State) -> int:
    """Side 0 minus side 1 under perfect play, by brute force over the engine."""
    rules = state.rules
    if state.finished:
        totals = score_hand(rules, state.piles, state.scope).totals
        return totals[0] - totals[1]
    values = [minimax(apply(state, m)[0]) for m in legal_moves(state)]
    return max(values) if rules.side_of(state.to_move) == 0 else min(values)


def endgame(rules: Rules, seed: int, cards_left: int) -> State:
    """A random hand played by the heuristic policy until few cards are left, none to deal."""
    fr = FastRules(rules)
    rng = random.Random(seed)
    state = deal(rules, seed, seed % rules.players)
    while state.stock or state.cards_in_hands > cards_left:
        pos = pos_of_state(state)
        c, capture = choose(fr, pos, fast_legal_moves(fr, pos), rng)
        state, _ = apply(
            state, next(m for m in legal_moves(state) if (m.card, m.capture) == (c, capture))
        )
    return state


@pytest.mark.parametrize(
    ("preset", "options", "cards_left"),
    [
        ("scopa", {}, 6),
        ("scopone_scientifico", {}, 7),
        ("scopa", {"players": 4}, 8),
        ("scopa", {"capture_rule": "sum_or_fifteen", "last_card_scopa": True}, 6),
        ("napola", {}, 6),
    ],
)
def test_solver_agrees_with_minimax(
    preset: str, options: dict[str, object], cards_left: int
) -> None:
    rules = make_rules(preset, **options)
    solver = Solver(FastRules(rules))
    for seed in range(6):
        state = endgame(rules, seed, cards_left)
        value, totals = solver.solve(pos_of_state(state))
        assert value == minimax(state)
        assert totals[0] - totals[1] == value


def test_solver_values_each_child_like_minimax_after_a_move() -> None:
    rules = make_rules("scopone_scientifico")
    fr = FastRules(rules)
    solver = Solver(fr)
    state = endgame(rules, 42, 8)
    for move in legal_moves(state):
        pos = pos_of_state(state)
        fast_apply(fr, pos, move.card, move.capture)
        assert solver.solve(pos)[0] == minimax(apply(state, move)[0])


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("scopone_scientifico", {}),
        ("scopa", {"players": 4}),
        ("escoba", {}),
        ("scopa", {"capture_rule": "sum_or_fifteen"}),
    ],
)
def test_endgames_of_real_play_stay_far_below_the_node_limit(
    preset: str, options: dict[str, object]
) -> None:
    rules = make_rules(preset, **options)
    most = 0
    for seed in range(12):
        state = endgame(rules, seed, SOLVE_CARDS)
        if state.finished or state.cut_card is not None or state.declaration_round:
            continue
        solver = make_solver(rules)
        solver.solve_leaf(pos_of_state(state))
        most = max(most, solver.nodes)
    assert 0 < most < NODE_LIMIT // 10
