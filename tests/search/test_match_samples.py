"""The match model's shipped samples: current, read for a preset's own rules only, and the
three-side table they feed agrees with simulated matches."""

import dataclasses

import pytest

from scripts import match_samples
from service.engine import make_rules
from service.search import match_model


def test_the_shipped_samples_are_what_the_code_plays_now(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert match_samples.main(["--check"]) == 0, capsys.readouterr().out


def test_a_presets_own_rules_read_the_shipped_sample_whatever_the_target() -> None:
    rules = make_rules("scopa")
    shipped = match_model.shipped_counts(rules)
    assert shipped is not None
    assert sum(shipped.values()) == match_model.SAMPLE_HANDS * rules.sides
    assert match_model.shipped_counts(dataclasses.replace(rules, target=21)) == shipped


def test_changed_rules_are_sampled_when_first_met() -> None:
    rules = dataclasses.replace(make_rules("scopa"), re_bello=True)
    assert match_model.shipped_counts(rules) is None
    counts = match_model.sample_counts(rules)
    outcomes = match_model.hand_outcomes(rules)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert len(outcomes) == len(counts)


@pytest.mark.parametrize("totals", [(0, 0, 0), (12, 3, 7), (20, 20, 5)])
def test_three_sides_chances_add_up_and_agree_with_simulated_matches(
    totals: tuple[int, int, int],
) -> None:
    rules = make_rules("scopone_messina")
    chances = [match_model.win_probability(rules, totals, rules.target, s) for s in range(3)]
    assert sum(chances) == pytest.approx(1.0)
    for side in range(3):
        simulated = match_model._monte_carlo(rules, totals, rules.target, side)
        # 400 simulated matches: a standard error of at most 0.025.
        assert abs(chances[side] - simulated) < 0.1
