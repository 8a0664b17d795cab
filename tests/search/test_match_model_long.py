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


def test_negative_hand_points_use_the_simulation() -> None:
    rules = make_rules("scopa", players=4, piva=True)
    assert any(min(o) < 0 for o, _ in match_model.hand_outcomes(rules))
    value = match_model.win_probability(rules, (0, 0), rules.target, 0)
    assert value == match_model._monte_carlo(rules, (0, 0), rules.target, 0)
