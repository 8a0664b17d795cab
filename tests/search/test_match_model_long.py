"""The exact two-side match model: agrees with Monte Carlo, and copes with long targets."""

import pytest

from service.engine import make_rules
from service.search import match_model


@pytest.mark.parametrize("totals", [(0, 0), (5, 8), (10, 9), (11, 11)])
def test_exact_two_side_model_agrees_with_monte_carlo(totals: tuple[int, int]) -> None:
    rules = make_rules("scopa")
    exact = match_model.win_probability(rules, totals, 11, 0)
    simulated = match_model._monte_carlo(rules, totals, 11, 0)
    # 400 simulated matches: a standard error of at most 0.025.
    assert abs(exact - simulated) < 0.1


def test_the_two_sides_sum_to_one() -> None:
    rules = make_rules("scopone_scientifico")
    for totals in [(0, 0), (3, 9), (10, 10)]:
        both = sum(match_model.win_probability(rules, totals, 11, side) for side in (0, 1))
        assert both == pytest.approx(1.0)


def test_a_long_target_is_solved_without_deep_recursion() -> None:
    rules = make_rules("cirulla")
    even = match_model.win_probability(rules, (0, 0), rules.target, 0)
    assert even == pytest.approx(0.5, abs=0.02)
    assert match_model.win_probability(rules, (30, 10), rules.target, 0) > 0.8


def test_a_very_long_match_is_approximated_from_the_lead() -> None:
    rules = make_rules("cirulla")
    assert match_model.win_probability(rules, (0, 0), 1001, 0) == pytest.approx(0.5)
    ahead = match_model.win_probability(rules, (100, 0), 1001, 0)
    assert 0.5 < ahead < 1.0
    assert ahead + match_model.win_probability(rules, (100, 0), 1001, 1) == pytest.approx(1.0)


def test_negative_hand_points_are_solved_by_value_iteration() -> None:
    rules = make_rules("piva")
    assert any(min(o) < 0 for o, _ in match_model.hand_outcomes(rules))
    assert match_model.iterated_values(rules, rules.target) is not None
    value = match_model.win_probability(rules, (10, 3), rules.target, 0)
    # 400 simulated matches: a standard error of at most 0.025.
    assert abs(value - match_model._monte_carlo(rules, (10, 3), rules.target, 0)) < 0.1
    both = value + match_model.win_probability(rules, (10, 3), rules.target, 1)
    assert both == pytest.approx(1.0)


@pytest.mark.parametrize("totals", [(0, 0, 0), (10, 3, 5), (20, 20, 4)])
def test_three_sides_are_solved_by_value_iteration(totals: tuple[int, int, int]) -> None:
    rules = make_rules("scopone_messina")
    assert rules.sides == 3
    values = [match_model.win_probability(rules, totals, rules.target, s) for s in range(3)]
    assert sum(values) == pytest.approx(1.0)
    simulated = [match_model._monte_carlo(rules, totals, rules.target, s) for s in range(3)]
    assert max(abs(a - b) for a, b in zip(values, simulated, strict=True)) < 0.1


def test_a_table_too_large_for_value_iteration_is_simulated() -> None:
    rules = make_rules("scopone_messina")
    assert match_model.iterated_values(rules, 1001) is None
    value = match_model.win_probability(rules, (0, 0, 0), 1001, 0)
    assert value == match_model._monte_carlo(rules, (0, 0, 0), 1001, 0)


def test_prepare_builds_what_a_search_reads() -> None:
    rules = make_rules("piva")
    match_model.iterated_values.cache_clear()
    match_model.prepare(rules, 31)
    assert match_model.iterated_values.cache_info().currsize == 1
