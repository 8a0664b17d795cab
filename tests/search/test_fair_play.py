"""The fair-play statistics: the player model, the evidence of a decision, the verdicts and
their thresholds, and the shipped calibration."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pytest

from service.engine.presets import make_rules
from service.search import fair_play
from service.search.fair_play import (
    ALL,
    ENGINE,
    LOSS,
    MIN_DECISIONS,
    NO_EVIDENCE,
    NOT_CALIBRATED,
    REVIEW,
    STRONG,
    TOO_FEW,
    Calibration,
    Cluster,
    DecisionEvidence,
    Null,
    StrengthLine,
    calibration_for,
    calibrations,
    evidence,
    hypotheses_for,
    interval_of,
    judge_all,
    judged,
    leak_cluster,
    log_probability,
    null_of,
    pair_kind,
    revealed_seats,
    strength_line,
    verdict_of,
)


def test_the_player_model_is_a_distribution_with_a_floor() -> None:
    values = (1.2, 0.9, -0.4, 0.0)
    total = sum(math.exp(log_probability(values, i)) for i in range(len(values)))
    assert total == pytest.approx(1.0)
    # The worst move keeps at least the uniform share.
    assert math.exp(log_probability(values, 2)) >= fair_play.EPSILON / len(values)
    assert log_probability(values, 0) > log_probability(values, 1) > log_probability(values, 3)


def test_a_leak_that_changes_nothing_is_no_evidence() -> None:
    decision = DecisionEvidence(3, (1.0, 0.5), 1, {ALL: (1.0, 0.5)})
    assert evidence(decision, ALL) == pytest.approx(0.0)


def test_the_move_only_the_leak_explains_is_evidence_for_it() -> None:
    # Honestly the second move; with the other hand seen, the best by far.
    decision = DecisionEvidence(3, (1.0, 0.4), 1, {ALL: (0.2, 1.5)})
    assert evidence(decision, ALL) > 1.0
    assert not decision.matched and decision.loss == pytest.approx(0.6)
    honest_choice = DecisionEvidence(3, (1.0, 0.4), 0, {ALL: (0.2, 1.5)})
    assert evidence(honest_choice, ALL) < -1.0


def test_hypotheses_and_the_seats_they_reveal() -> None:
    scopa, scopone = make_rules("scopa"), make_rules("scopone_scientifico")
    assert hypotheses_for(scopa) == (ALL,)
    assert hypotheses_for(scopone) == (ALL, "seat+1", "seat+2", "seat+3")
    assert revealed_seats(ALL, scopone, 1) == (0, 2, 3)
    assert revealed_seats("seat+2", scopone, 3) == (1,)
    assert revealed_seats(ALL, scopa, 1) == (0,)
    assert fair_play.is_partner("seat+2", scopone) and not fair_play.is_partner("seat+1", scopone)


def test_no_verdict_below_the_minimum_of_decisions_whatever_the_evidence() -> None:
    assert verdict_of(1e-12, MIN_DECISIONS - 1) == TOO_FEW
    assert verdict_of(None, MIN_DECISIONS) == NOT_CALIBRATED
    assert verdict_of(0.5, MIN_DECISIONS) == NO_EVIDENCE
    assert verdict_of(0.01, MIN_DECISIONS) == REVIEW
    assert verdict_of(0.0011, MIN_DECISIONS) == REVIEW
    assert verdict_of(0.001, MIN_DECISIONS) == STRONG


def test_the_p_value_is_the_largest_over_the_honest_styles() -> None:
    nulls = {"careful": Null(-0.4, 1.0, 100, 1500), "wild": Null(-0.1, 1.0, 100, 1500)}
    clusters = [Cluster(15, 0.0)] * 10
    found = judged(clusters, nulls)
    assert found.closest_style == "wild"
    assert found.p_value == pytest.approx(nulls["wild"].tail(clusters))
    assert found.p_value > nulls["careful"].tail(clusters)
    assert found.decisions == 150 and found.hands == 10


def test_a_report_multiplies_each_p_value_by_its_tests() -> None:
    nulls = {"style": Null(0.0, 1.0, 100, 1500)}
    calibration = fair_play.Calibration("x", ("style",), {ALL: nulls, ENGINE: nulls}, 100)
    clusters = [Cluster(20, 2.0)] * 10
    found = judge_all({ALL: clusters, ENGINE: clusters}, calibration)
    alone = judged(clusters, nulls)
    assert found[ALL].p_value == pytest.approx(alone.p_value)
    assert found[ALL].adjusted_p_value == pytest.approx(min(1.0, 2 * alone.p_value))


def test_a_clairvoyant_player_is_strong_evidence_and_an_honest_one_is_not() -> None:
    calibration, same = calibration_for(make_rules("scopa"))
    assert calibration is not None and same
    nulls = calibration.nulls[ALL]
    seeing = DecisionEvidence(0, (1.0, 0.7, 0.1), 2, {ALL: (0.3, 0.2, 1.1)})
    honest = DecisionEvidence(0, (1.0, 0.7, 0.1), 0, {ALL: (0.3, 0.2, 1.1)})
    plain = DecisionEvidence(0, (1.0, 0.7, 0.1), 0, {ALL: (1.0, 0.7, 0.1)})
    hands = 12
    cheater = [leak_cluster([seeing] * 4 + [plain] * 8, ALL)] * hands
    player = [leak_cluster([honest] * 4 + [plain] * 8, ALL)] * hands
    assert judged(cheater, nulls).verdict == STRONG
    assert judged(player, nulls).verdict == NO_EVIDENCE


def test_a_style_null_is_its_mean_and_cluster_spread() -> None:
    found = null_of([Cluster(10, 1.0), Cluster(10, -1.0), Cluster(20, 0.0)])
    assert found.mean == pytest.approx(0.0)
    assert found.sd == pytest.approx(math.sqrt(2.0 / 40 * 3 / 2))
    assert (found.hands, found.decisions) == (3, 40)


def test_the_shipped_calibration_covers_the_presets_and_their_statistics() -> None:
    shipped = calibrations()
    assert set(fair_play.CALIBRATED) <= set(shipped)
    scopa = shipped["scopa"]
    assert {ALL, ENGINE} <= set(scopa.nulls)
    assert set(scopa.styles) == {"beginner", "casual", "club", "expert", "master", "expert-bot"}
    for preset in ("scopone_scientifico", "scopone"):  # (scopone_messina: pairs at offsets 1, 2)
        kinds = set(shipped[preset].nulls)
        assert {ALL, "seat+1", "seat+2", "seat+3", ENGINE, pair_kind(2)} <= kinds
    # The master plays the engine's moves most often of the honest styles.
    engine = scopa.nulls[ENGINE]
    assert max(engine, key=lambda s: engine[s].mean) == "master"


def test_other_rules_of_a_calibrated_player_count_use_that_calibration() -> None:
    found, same = calibration_for(make_rules("re_bello"))
    assert found is not None and found.preset == "scopa" and not same
    three, same_three = calibration_for(make_rules("scopa", players=3))
    assert three is not None and three.preset == "scopone_messina" and not same_three
    six, _ = calibration_for(make_rules("scopa", players=6))
    assert six is None


def test_a_weaker_style_than_any_calibrated_is_weighed_at_its_own_strength() -> None:
    # The evidence of an honest player grows with the points they lose a decision; a player
    # weaker than every calibrated style, on that line, is no leak: the largest tail over the
    # styles would flag them, the line at their measured strength does not.
    calibration = calibrations()["scopa"]
    line = strength_line(calibration.nulls[ALL], calibration.nulls[LOSS])
    assert line is not None and line.slope > 0.0
    weakest = max(calibration.nulls[LOSS].values(), key=lambda n: n.mean).mean
    loss = weakest + 0.08
    hands = [Cluster(10, 10 * (line.intercept + line.slope * loss)) for _ in range(500)]
    losses = [Cluster(10, 10 * loss) for _ in range(500)]
    by_styles = judge_all({ALL: hands}, calibration, 1)[ALL]
    by_strength = judge_all({ALL: hands}, calibration, 1, losses)[ALL]
    assert by_styles.verdict in (REVIEW, STRONG)
    assert by_strength.verdict == NO_EVIDENCE and by_strength.p_value is not None
    assert by_strength.p_value > 0.5
    # Evidence well above the line at the same strength is still found.
    above = [Cluster(c.decisions, c.total + 10 * 0.15) for c in hands]
    assert judge_all({ALL: above}, calibration, 1, losses)[ALL].verdict == STRONG


def honest_hands(mean: float, loss: float, hands: int = 500) -> tuple[list[Cluster], list[Cluster]]:
    """Hands of ten decisions at a statistic's mean and a loss a decision."""
    return (
        [Cluster(10, 10 * mean) for _ in range(hands)],
        [Cluster(10, 10 * loss) for _ in range(hands)],
    )


def fitted_line(preset: str, kind: str) -> tuple[Calibration, Mapping[str, Null], StrengthLine]:
    """A preset's calibration, a statistic's styles and its line through them."""
    calibration = calibrations()[preset]
    nulls = calibration.nulls[kind]
    line = strength_line(nulls, calibration.nulls[LOSS])
    assert line is not None
    return calibration, nulls, line


def test_a_searching_style_above_the_line_but_within_the_styles_is_not_flagged() -> None:
    # A search at a small budget loses little a decision, yet its evidence can lie above the
    # line through the levels at that loss: the styles' largest mean covers it, and the
    # report keeps the larger p-value of the two nulls.
    calibration, nulls, line = fitted_line("scopone_scientifico", ALL)
    loss = 0.034
    mean = line.cautious_mean(loss) + 0.12
    assert mean < max(null.mean for null in nulls.values())
    hands, lost = honest_hands(mean, loss)
    at_line = judged(hands, nulls, 1, (line, interval_of(lost), calibration.nulls[LOSS]))
    assert at_line.verdict == STRONG
    assert judge_all({ALL: hands}, calibration, 1, lost)[ALL].verdict == NO_EVIDENCE
    # Above both, it is found.
    top = max(null.cautious_mean for null in nulls.values())
    above, _ = honest_hands(top + 0.15, loss)
    assert judge_all({ALL: above}, calibration, 1, lost)[ALL].verdict == STRONG


def test_the_engine_matches_are_weighed_at_the_player_strength_too() -> None:
    # A player stronger than the master matches the engine more often than the master does,
    # within what the line through the styles allows a player of that strength: no evidence.
    calibration, nulls, line = fitted_line("scopa", ENGINE)
    assert line.slope < 0.0
    loss = 0.006
    mean = line.cautious_mean(loss) - 0.01
    assert mean > max(null.cautious_mean for null in nulls.values()) + 0.01
    hands, lost = honest_hands(mean, loss)
    assert judge_all({ENGINE: hands}, calibration, 1)[ENGINE].verdict in (REVIEW, STRONG)
    assert judge_all({ENGINE: hands}, calibration, 1, lost)[ENGINE].verdict == NO_EVIDENCE
    # The engine's every choice, at no loss, is above both.
    engine, none_lost = honest_hands(1.0, 0.0)
    assert judge_all({ENGINE: engine}, calibration, 1, none_lost)[ENGINE].verdict == STRONG


def test_a_pair_is_weighed_at_both_seats_strength() -> None:
    # A pair's statistic is weighed at the pair's loss alone: the styles' means sit above a
    # cheating pair's, and a strong player with a weak partner is a pair of middle strength.
    kind = pair_kind(2)
    calibration, nulls, line = fitted_line("scopone_scientifico", kind)
    pair_loss = 0.18
    mean = line.cautious_mean(pair_loss) + 0.05
    assert mean < max(null.cautious_mean for null in nulls.values())
    hands, lost = honest_hands(mean, pair_loss)
    assert judge_all({kind: hands}, calibration, 1)[kind].verdict == NO_EVIDENCE
    found = judge_all({kind: hands}, calibration, 1, lost)[kind]
    assert found.verdict in (REVIEW, STRONG)
    # The player's own loss alone (a master's) would put the pair's honest mean lower.
    _, master = honest_hands(mean, 0.01)
    within = judge_all({kind: hands}, calibration, 1, master, lost)[kind]
    alone = judge_all({kind: hands}, calibration, 1, master)[kind]
    assert within.p_value is not None and alone.p_value is not None
    assert within.p_value > alone.p_value
