"""The advisor: determinism, legality, tactics, deadlines, every player count, match context."""

import dataclasses
import random

import pytest

from service.engine import InvalidStateError, Move, apply, deal, legal_moves, make_rules, view_of
from service.engine.cards import RANK_MASKS
from service.search import Budget, MatchContext, advise, advisor, match_model
from service.search.advisor import FLOOR_GRACE_MS, MIN_WORLDS
from service.search.kernel import backend
from service.search.kernel.backend import backend_for
from service.search.special import POLICY
from tests.search.helpers import (
    card_play_state,
    collector_paused,
    crowded_state,
    scopa_position,
    seat_view,
)

CONFIGS = [
    ("scopa", {}),
    ("scopa", {"players": 3}),
    ("scopa", {"players": 4}),
    ("scopa", {"players": 4, "teams": False}),
    ("scopa", {"players": 6}),
    ("scopa", {"players": 6, "teams": False}),
    ("scopone_scientifico", {}),
    ("scopone_messina", {}),
    ("scopone_trentino", {}),
    ("napola", {}),
]


@pytest.mark.parametrize(("preset", "options"), CONFIGS)
def test_every_legal_move_is_ranked_through_a_whole_hand(
    preset: str, options: dict[str, object]
) -> None:
    rules = make_rules(preset, **options)
    state = deal(rules, 3, 1 % rules.players)
    rng = random.Random(5)
    while not state.finished:
        view = view_of(state, state.to_move)
        advice = advise(view, Budget(iterations=1), seed=rng.getrandbits(32))
        legal = legal_moves(state)
        assert sorted(a.move for a in advice.moves) == sorted(legal)
        assert advice.chosen == advice.moves[0].move
        values = [a.expected_value for a in advice.moves]
        assert values == sorted(values, reverse=True)
        assert advice.stats.worlds == 1
        state, _ = apply(state, advice.chosen)


def test_same_seed_and_iterations_give_the_same_advice() -> None:
    rules = make_rules("scopone_scientifico")
    view = view_of(deal(rules, 9), 1)
    runs = [advise(view, Budget(iterations=6), seed="abc") for _ in range(2)]
    first, second = runs
    assert first.moves == second.moves
    assert first.chosen == second.chosen
    assert (first.stats.worlds, first.stats.playouts, first.stats.nodes) == (
        second.stats.worlds,
        second.stats.playouts,
        second.stats.nodes,
    )
    other = advise(view, Budget(iterations=6), seed="xyz")
    assert [a.expected_value for a in other.moves] != [a.expected_value for a in first.moves]


def test_takes_the_settebello_when_free() -> None:
    state = scopa_position(make_rules("scopa"), ["7S", "4C", "2S"], ["7D", "10C", "9B"])
    advice = advise(seat_view(state), Budget(iterations=30), seed=1)
    assert advice.chosen == Move.from_code("7S:7D")


def test_makes_the_available_scopa() -> None:
    state = scopa_position(make_rules("scopa"), ["7B", "1C", "10D"], ["3C", "4S"])
    advice = advise(seat_view(state), Budget(iterations=30), seed=1)
    assert advice.chosen == Move.from_code("7B:3C+4S")
    assert advice.moves[0].expected_value > advice.moves[1].expected_value + 0.5


def test_avoids_leaving_an_easy_sweep() -> None:
    # Seed 4 leaves all four eights unseen: laying the six makes a table of 8.
    state = scopa_position(make_rules("scopa"), ["6S", "10B", "9C"], ["2C"], seed=4)
    assert not (state.piles[0] | state.piles[1]) & RANK_MASKS[8]
    advice = advise(seat_view(state), Budget(iterations=60), seed=1)
    assert advice.moves[-1].move == Move.from_code("6S")


def test_millisecond_budget_returns_with_at_least_one_world() -> None:
    view = view_of(deal(make_rules("scopone_scientifico"), 4), 1)
    advice = advise(view, Budget(ms=20), seed=2)
    assert advice.stats.budget == {"ms": 20}
    assert advice.stats.worlds >= 1
    assert advice.stats.elapsed_ms < 5000  # a generous sanity bound, not a timing test


# Run alone, after the rest (scripts/run_tests.py): it checks a search's time.
@pytest.mark.serial
@pytest.mark.parametrize("preset", ["scopa", "scopone_scientifico", "escoba"])
def test_a_time_budget_too_short_for_the_floor_still_reaches_it(preset: str) -> None:
    rules = make_rules(preset)
    view = view_of(deal(rules, 4), 1)
    with collector_paused():
        advice = advise(view, Budget(ms=1), seed=2)
    assert advice.stats.elapsed_ms <= 1 + FLOOR_GRACE_MS + 60
    if backend_for(rules).name == "compiled":
        assert advice.stats.worlds >= MIN_WORLDS
        assert not advice.stats.undersampled
    else:  # about a hundred times fewer worlds: the grace may not reach the floor, and says so
        assert advice.stats.undersampled == (advice.stats.worlds < MIN_WORLDS)


def test_an_iteration_budget_under_the_floor_is_what_was_asked() -> None:
    view = view_of(deal(make_rules("scopa"), 4), 1)
    advice = advise(view, Budget(iterations=3), seed=2, deadline_ms=5000)
    assert advice.stats.worlds == 3
    assert not advice.stats.undersampled


def test_a_search_with_no_world_in_time_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advisor, "FLOOR_GRACE_MS", 0)
    state = crowded_state(make_rules("cirulla"), 3, 5)
    assert state is not None
    advice = advise(view_of(state, state.to_move), Budget(ms=1), seed=1, kernel="python")
    assert advice.stats.worlds == 0
    assert advice.stats.undersampled
    assert advice.chosen_by == POLICY
    plays = [m for m in advice.moves if m.move.plays_card]
    assert all(m.expected_value is None and m.note for m in plays)
    assert advice.chosen == plays[0].move


def test_a_cold_match_model_is_built_outside_the_budget() -> None:
    # Piva's hands can score negative points: its match table takes most of a second to
    # build, twenty times the budget, and a search must not pay for it.
    rules = make_rules("piva")
    match_model.iterated_values.cache_clear()
    match_model.win_probability.cache_clear()
    state = card_play_state(deal(rules, 4))
    view = view_of(state, state.to_move)
    # The floor within the budget and its grace is the compiled kernel's promise: the pure
    # kernel (CI's second stage) solves piva's last deal in every world too slowly to keep it
    # on a loaded machine, and this test is about the match table, not the kernel.
    kernel = "compiled" if backend.compiled_available() else None
    advice = advise(
        view, Budget(ms=50), seed=2, match=MatchContext((12, 17), rules.target), kernel=kernel
    )
    assert advice.stats.worlds >= MIN_WORLDS
    assert not advice.stats.undersampled


def test_match_context_gives_win_probabilities() -> None:
    rules = make_rules("scopa")
    state = scopa_position(rules, ["7S", "4C", "2S"], ["7D", "10C", "9B"])
    advice = advise(
        seat_view(state), Budget(iterations=20), seed=1, match=MatchContext((10, 9), 11)
    )
    probabilities = [a.win_probability for a in advice.moves]
    assert all(p is not None and 0.0 <= p <= 1.0 for p in probabilities)
    assert probabilities == sorted(probabilities, reverse=True)
    assert advice.chosen == Move.from_code("7S:7D")


def test_bad_budgets_and_wrong_turn_are_refused() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        Budget()
    with pytest.raises(ValueError, match="ms must be"):
        Budget(ms=6000)
    view = view_of(deal(make_rules("scopa"), 1), 0)  # seat 1 leads when seat 0 deals
    with pytest.raises(ValueError, match="not to move"):
        advise(view, Budget(iterations=1))


def test_an_inconsistent_view_is_refused_with_its_problems() -> None:
    view = view_of(deal(make_rules("scopa"), 1), 1)
    broken = dataclasses.replace(view, hand_sizes=(3, 2))
    with pytest.raises(InvalidStateError):
        advise(broken, Budget(iterations=1))


def test_a_match_context_is_advised_in_chkobba() -> None:
    # The match model samples hands of the rules: Chkobba's open with the cutter's choice.
    rules = make_rules("chkobba")
    state = deal(rules, 2)
    state, _ = apply(state, legal_moves(state)[0])
    advice = advise(
        view_of(state, state.to_move), Budget(iterations=4), 1, MatchContext((3, 5), 21)
    )
    probabilities = [a.win_probability for a in advice.moves if a.expected_value is not None]
    assert probabilities
    assert all(p is not None and 0.0 <= p <= 1.0 for p in probabilities)


@pytest.mark.parametrize(
    ("preset", "overrides"),
    [
        # 10 ms was not shown as strong as 50 ms against every outside opponent: in scientifico
        # it lost to 50 ms against the expert bot, in two-player scopa 1,000 pairs against each
        # opponent could not show the bar (docs/search.md#the-default-budget).
        ("scopa", {}),
        ("cirulla", {}),
        ("scopone_scientifico", {}),
        ("scopone_scientifico", {"re_bello": True}),
        ("scopone", {}),
        ("scopone_trentino", {}),
        ("scopone_messina", {}),
        ("scopa", {"players": 4}),
    ],
)
def test_the_default_budget_is_the_one_measured_against_the_field(
    preset: str, overrides: dict[str, object]
) -> None:
    rules = make_rules(preset, **overrides)
    assert advisor.default_budget(rules) == Budget(ms=50)


def test_advice_without_a_budget_searches_for_the_rules_default() -> None:
    for preset in ("scopa", "scopone"):
        state = deal(make_rules(preset), 5)
        advice = advise(view_of(state, state.to_move), seed=1)
        assert advice.stats.budget == {"ms": 50}
