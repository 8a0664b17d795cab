"""The leaf model: where it applies, what a world is worth with it, alike on both kernels."""

import dataclasses
import json
import random

import pytest

from scripts import train_leaf
from service.engine import State, legal_moves, make_rules, view_of
from service.engine.scoring import napola_points
from service.search.advisor import SOLVE_CARDS, Budget, MatchContext, advise
from service.search.kernel import leaf, loop
from service.search.kernel.fast import FastRules, bonus_shift
from service.search.kernel.policy import RolloutRandom, playout
from service.search.kernel.solver import Solver
from service.search.worlds import pos_of_state, root_setup
from tests.search.compiled import require_compiled_kernel
from tests.search.test_playout_solve import early_position, world_after

_kernel = require_compiled_kernel()
SCIENTIFICO = "scopone_scientifico"


FOUR_PLAYER = list(train_leaf.PRESETS)


def test_the_shipped_models_are_small_and_cover_their_depths() -> None:
    models = leaf.shipped_models()
    assert [model.presets for model in models] == [(preset,) for preset in train_leaf.PRESETS]
    assert leaf.MODEL_PATH.stat().st_size < 250_000
    for model in models:
        (preset,) = model.presets
        dealt = train_leaf.dealt_cards(preset)
        assert set(model.weights) == set(range(model.min_cards, dealt - model.depth + 1))
        categories = len(FastRules(make_rules(preset)).categories)
        for rows in model.weights.values():
            assert len(rows) == categories
            assert all(len(row) == len(leaf.FEATURES) for row in rows)
    assert leaf.models_of_json(json.loads(json.dumps(leaf.models_to_json(models)))) == models


@pytest.mark.parametrize("preset", FOUR_PLAYER)
def test_each_model_applies_to_its_own_preset_only(preset: str) -> None:
    rules = make_rules(preset)
    model = leaf.model_for(rules)
    assert model is not None and model.presets == (preset,)
    assert leaf.model_for(dataclasses.replace(rules, target=rules.target + 10)) is model
    assert leaf.model_for(dataclasses.replace(rules, re_bello=True)) is None
    assert leaf.model_for(dataclasses.replace(rules, players=2)) is None


@pytest.mark.parametrize("preset", ["scopa", "scopone_messina", "cirulla"])
def test_presets_without_a_model_get_none(preset: str) -> None:
    assert leaf.model_for(make_rules(preset)) is None


def test_a_model_file_of_other_features_or_one_preset_twice_is_refused() -> None:
    data = leaf.models_to_json(leaf.shipped_models())
    data["features"] = [*leaf.FEATURES[:-1], "something else"]
    with pytest.raises(ValueError, match="features"):
        leaf.models_of_json(data)
    first = leaf.shipped_models()[0]
    with pytest.raises(ValueError, match="same preset"):
        leaf.models_of_json(leaf.models_to_json([first, first]))


@pytest.mark.parametrize("preset", FOUR_PLAYER)
def test_a_playout_stops_at_the_depth_while_enough_cards_are_left(preset: str) -> None:
    model = leaf.model_for(make_rules(preset))
    assert model is not None
    dealt = train_leaf.dealt_cards(preset)
    pos = pos_of_state(early_position(preset, 1, 0))
    assert leaf.stop_at(model, pos) == dealt - model.depth
    late = pos_of_state(early_position(preset, 1, dealt - model.depth - model.min_cards + 1))
    assert leaf.stop_at(model, late) == 0
    assert leaf.stop_at(None, pos) == 0


def test_the_features_of_a_position_read_the_piles_and_hands() -> None:
    fr = FastRules(make_rules(SCIENTIFICO))
    pos = pos_of_state(early_position(SCIENTIFICO, 3, 0))
    playout(fr, pos, RolloutRandom(3), until_cards=20)
    found = dict(zip(leaf.FEATURES, leaf.features(fr, pos), strict=True))
    assert found["bias"] == 1.0
    assert found["cards taken"] == pos.piles[0].bit_count() - pos.piles[1].bit_count()
    assert found["scope"] == pos.scope[0] - pos.scope[1]
    assert found["side to move"] == (1.0 if fr.side_of[pos.to_move] == 0 else -1.0)
    swapped = pos.copy()
    swapped.piles = [pos.piles[1], pos.piles[0]]
    swapped.scope = [pos.scope[1], pos.scope[0]]
    again = dict(zip(leaf.FEATURES, leaf.features(fr, swapped), strict=True))
    assert again["cards taken"] == -found["cards taken"]
    assert again["primiera of the cards taken"] == -found["primiera of the cards taken"]


def test_the_napola_features_read_the_coins_run_and_are_zero_without_napola() -> None:
    rules = make_rules("scopone_trentino")
    fr = FastRules(rules)
    pos = pos_of_state(early_position("scopone_trentino", 3, 0))
    playout(fr, pos, RolloutRandom(3), until_cards=20)
    ace = bonus_shift(rules)
    run = sum(1 << (ace + r) for r in range(4))  # the ace to the four of coins
    pos.piles = [pos.piles[0] | run, pos.piles[1] & ~run]
    pos.hands = [hand & ~run for hand in pos.hands]
    found = dict(zip(leaf.FEATURES, leaf.features(fr, pos), strict=True))
    assert found["napola of the cards taken"] >= napola_points(rules, 4) > 0
    assert found["napola of the cards taken and in hand"] >= found["napola of the cards taken"]
    # Side 1 has taken none of the ace, two and three: napola is open to side 0 only.
    assert found["napola still open"] == 1.0
    sci = FastRules(make_rules(SCIENTIFICO))
    plain = dict(zip(leaf.FEATURES, leaf.features(sci, pos), strict=True))
    assert [v for k, v in plain.items() if k.startswith("napola")] == [0.0, 0.0, 0.0]


def world_values(state: State, worlds: int, *, compiled: bool, win: object = None) -> list[float]:
    """The first root move's value in each of ``worlds`` worlds, one world a run."""
    view = view_of(state, state.to_move)
    move = next(m for m in legal_moves(state) if m.plays_card)
    setup = root_setup(view, [move], SOLVE_CARDS, inference=False, leaf=leaf.model_for(state.rules))
    fr = FastRules(state.rules)
    values = []
    for world in range(worlds):
        tally = loop.Tally(1, len(fr.categories))
        kwargs = {"max_worlds": 1, "seconds": None, "win": win}
        if compiled:
            _kernel.run_worlds(
                fr, setup, tally, _kernel.KernelRandom(world), _kernel.CompiledSolver(fr), **kwargs
            )
        else:
            loop.run_worlds(fr, setup, tally, random.Random(world), Solver(fr), **kwargs)  # type: ignore[arg-type]
        values.append(tally.sums[0])
    return values


@pytest.mark.parametrize("preset", FOUR_PLAYER)
@pytest.mark.parametrize("compiled", [False, True])
def test_a_world_is_valued_by_the_model_at_the_leaf(compiled: bool, preset: str) -> None:
    state = early_position(preset, 5, 2)
    model = leaf.model_for(state.rules)
    assert model is not None
    fr = FastRules(state.rules)
    view = view_of(state, state.to_move)
    move = next(m for m in legal_moves(state) if m.plays_card)
    setup = root_setup(view, [move], SOLVE_CARDS, inference=False, leaf=model)
    expected = []
    for world in range(10):
        pos, rollout = world_after(fr, setup, move, world)
        stop = leaf.stop_at(model, pos)
        assert stop
        playout(fr, pos, rollout, until_cards=stop)
        expected.append(leaf.leaf_values(model, fr, pos, setup.side)[-1])
    assert world_values(state, 10, compiled=compiled) == expected


def test_with_a_match_the_playouts_play_to_the_end() -> None:
    state = early_position(SCIENTIFICO, 6, 1)
    side = FastRules(state.rules).side_of[state.to_move]

    def win(totals: list[int], piles: list[int]) -> float:
        return 0.5 + (totals[side] - totals[1 - side]) / 40

    for compiled in (False, True):
        values = world_values(state, 6, compiled=compiled, win=win)
        # Whole-hand values are whole numbers (a side's points less the other's).
        assert all(v == int(v) for v in values)
    assert world_values(state, 6, compiled=False, win=win) == world_values(
        state, 6, compiled=True, win=win
    )


@pytest.mark.parametrize("preset", FOUR_PLAYER)
@pytest.mark.parametrize("plays", [0, 5, 14])
def test_advice_with_the_leaf_is_identical_on_both_kernels(preset: str, plays: int) -> None:
    state = early_position(preset, 11 + plays, plays)
    view = view_of(state, state.to_move)
    for match in (None, MatchContext((3, 5), 11)):
        compiled, pure = (
            advise(view, Budget(iterations=8), seed=4, match=match, kernel=kernel)
            for kernel in ("compiled", "python")
        )
        assert compiled.moves == pure.moves
        assert compiled.stats.playouts == pure.stats.playouts


def test_training_is_deterministic_and_fits_its_rows() -> None:
    rows = train_leaf.samples(SCIENTIFICO, 20, 300, train_leaf.TRAIN_SEED)
    assert rows == train_leaf.samples(SCIENTIFICO, 20, 300, train_leaf.TRAIN_SEED)
    weights = train_leaf.fit(rows)
    assert weights == train_leaf.fit(rows)
    shares = train_leaf.explained(weights, rows)
    # In sample, least squares explains a share of every category, settebello most of all.
    assert all(0.0 < s < 1.0 for s in shares)
    assert shares[3] == max(shares[:-1])
    held_out = train_leaf.samples(SCIENTIFICO, 20, 300, train_leaf.HELD_OUT_SEED)
    assert held_out != rows
