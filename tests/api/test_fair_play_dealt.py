"""The fair-play report's dealt-hand tests: a cheater's hands flagged with the plays to replay, an
honest player's not, a hand sent twice counted once, and too few plays said so; partners reading
each other's hand flagged by the partner-hand test, honest partners not."""

from __future__ import annotations

from typing import Any

import pytest

from service.api.fair_play.dealt import MIN_DEALT_DECISIONS
from service.api.fair_play.evidence import HandEvidence
from service.api.fair_play.report import PlayerHands, report
from service.engine.record import HandRecord, record_of
from service.search.fair_play import NO_EVIDENCE, REVIEW, STRONG, TOO_FEW
from tests.benchmarks.bench_dealt_test import panel_hand


def hands_of(spec: str, seeds: range) -> list[HandRecord]:
    """Hands of a panel player at seat 0 against the expert bot."""
    return [record_of(panel_hand("scopa", spec, "expert", seed)) for seed in seeds]


def dealt_of(records: list[HandRecord]) -> dict[str, object]:
    """The report's dealt-hand section for seat 0 of the records (no searched decisions: the
    dealt-hand test reads only the records)."""
    hands = [(HandEvidence(i, 0, None, (), 0), r) for i, r in enumerate(records)]
    answer = report(PlayerHands(hands), None, None)
    dealt = answer["dealt_hands"]
    assert answer["model"]["tests"] == 3  # the leak hypothesis, the engine, the dealt hands
    assert isinstance(dealt, dict)
    if dealt["verdict"] in (REVIEW, STRONG):
        assert answer["verdict"] in (REVIEW, STRONG)
    return dealt


SEEDS = range(800001, 800061)


def test_a_player_reading_the_next_hand_is_flagged_with_the_plays_to_replay() -> None:
    dealt = dealt_of(hands_of("sharp-peek:1", SEEDS))
    assert dealt["decisions"] == 3 * len(SEEDS)
    assert dealt["verdict"] in (REVIEW, STRONG)
    assert dealt["adjusted_p_value"] <= 0.01
    assert dealt["adjusted_p_value"] >= dealt["p_value"]
    shown = dealt["decisions_to_replay"]
    assert 1 <= len(shown) <= 5
    first = shown[0]
    assert first["seat"] == 0 and len(first["next_hand"]) == 3
    assert first["e_value"] >= shown[-1]["e_value"]
    # The view is what the seat could see: the next hand's cards are not in it.
    assert not set(first["next_hand"]) & set(first["view"]["hand"] + first["view"]["table"])


def test_its_honest_self_is_not() -> None:
    dealt = dealt_of(hands_of("sharp", SEEDS))
    assert dealt["verdict"] == NO_EVIDENCE
    assert dealt["p_value"] > 0.01 and "decisions_to_replay" not in dealt


def test_a_hand_sent_twice_counts_once() -> None:
    records = hands_of("sharp-peek:1", range(800001, 800011))
    once = dealt_of(records)
    twice = dealt_of(records + records)
    assert twice["decisions"] == once["decisions"] and twice["e_value"] == once["e_value"]


def test_too_few_plays_give_no_verdict_unless_the_evidence_is_there() -> None:
    records = hands_of("sharp", range(800001, 800005))
    dealt = dealt_of(records)
    assert 0 < dealt["decisions"] < MIN_DEALT_DECISIONS
    assert dealt["verdict"] == TOO_FEW and "fewer than" in dealt["meaning"]


def pair_report(spec: str, seeds: range, pair_seat: int = 2) -> dict[str, Any]:
    """The report of seat 0 and its pair at ``pair_seat``, a panel pair at seats 0 and 2
    against the expert bot in scientifico (no searched decisions)."""
    records = [record_of(panel_hand("scopone_scientifico", spec, "expert", s)) for s in seeds]
    hands = [(HandEvidence(i, 0, pair_seat, (), 0), r) for i, r in enumerate(records)]
    return report(PlayerHands(hands), None, "partner")


PAIR_SEEDS = range(900101, 900121)


def test_partners_reading_each_others_hand_are_flagged_by_the_partner_hand_test() -> None:
    answer = pair_report("partners-share", PAIR_SEEDS)
    # Four hypotheses, the engine, the pair, the dealt hands and the partner's hands.
    assert answer["model"]["tests"] == 8
    partner = answer["pair_evidence"]["partner_hands"]
    assert partner["decisions"] == partner["hands"] == len(PAIR_SEEDS)
    assert partner["verdict"] in (REVIEW, STRONG) and answer["verdict"] in (REVIEW, STRONG)
    assert partner["adjusted_p_value"] == pytest.approx(min(1.0, 8 * partner["p_value"]), rel=0.01)
    shown = partner["decisions_to_replay"]
    assert 1 <= len(shown) <= 5
    for play in shown:
        assert play["seat"] in (0, 2) and len(play["partner_hand"]) == 10
        assert not set(play["partner_hand"]) & set(play["view"]["hand"])


def test_honest_partners_are_not_and_a_pair_of_opponents_has_no_partner_hand_test() -> None:
    honest = pair_report("partners-honest", PAIR_SEEDS)["pair_evidence"]["partner_hands"]
    assert honest["verdict"] == TOO_FEW and honest["p_value"] > 0.01
    opponents = pair_report("partners-honest", range(900101, 900104), pair_seat=1)
    assert opponents["pair_evidence"]["partner_hands"] is None
    assert opponents["model"]["tests"] == 7
