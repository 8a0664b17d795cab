"""The partner-hand test: which plays it judges, an e-value that averages one over the hands the
partner could hold, and partners who read each other's hand found where honest partners are
not."""

import itertools
import math
import random

import pytest

from service.engine import view_of
from service.engine.cards import iter_cards
from service.engine.record import record_of, replay
from service.engine.state import State
from service.search import partner_test
from service.search.dealt_test import e_value, p_value, summed
from service.search.partner_test import (
    ALTERNATIVES,
    expected_best,
    partner_decisions,
    partner_log_e,
)
from tests.benchmarks.bench_dealt_test import panel_hand


def test_the_expected_best_is_the_mean_over_every_hand() -> None:
    rng = random.Random(5)
    for _ in range(30):
        values = [rng.choice((0.0, 0.2, 0.5, 1.0, 1.3)) for _ in range(rng.randint(1, 8))]
        size = rng.randint(1, len(values))
        hands = list(itertools.combinations(values, size))
        exact = sum(max(h) for h in hands) / len(hands)
        assert expected_best(values, size) == pytest.approx(exact)


def pair_hand(spec: str, seed: int, preset: str = "scopone_scientifico") -> State:
    """A hand of a panel pair at seats 0 and 2 against the expert bot."""
    return panel_hand(preset, spec, "expert", seed)


def test_one_partner_a_hand_is_judged_at_its_first_play_before_the_other_has_played() -> None:
    for seed in range(900001, 900009):
        state = pair_hand("partners-honest", seed)
        record = record_of(state)
        done = replay(record)
        leader = (state.dealer + 1) % 4
        judged = {
            seat: [d.index for d in partner_decisions(done, record.moves, seat)]
            for seat in range(4)
        }
        # The leader's first play and the next seat's, each before its partner has played.
        assert judged[leader] == [0] and judged[(leader + 1) % 4] == [1]
        assert judged[(leader + 2) % 4] == [] and judged[(leader + 3) % 4] == []
        assert len(judged[0] + judged[2]) == 1


def test_two_players_and_rules_without_teams_are_not_judged() -> None:
    state = panel_hand("scopa", "sharp", "expert", 3)
    record = record_of(state)
    assert partner_decisions(replay(record), record.moves, 0) == []


def test_the_e_value_averages_one_over_the_hands_the_partner_could_hold(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Late in a hand, few cards unseen: over every hand the partner could hold, each a uniform
    # draw, the e-value of the move played averages one (up to the draws' own error).
    monkeypatch.setattr(partner_test, "DRAWS", 2000)
    state = pair_hand("partners-honest", 900011)
    record = record_of(state)
    done = replay(record)
    checked = 0
    for index, play in enumerate(record.moves):
        before = done.states[index]
        seat = play.seat
        partner = (seat + 2) % 4
        size = before.hands[partner].bit_count()
        view = view_of(before, seat)
        unseen = list(iter_cards(view.unseen))
        if checked == 2 or not size >= 2 or len(unseen) > 7 or not play.move.plays_card:
            continue
        values = []
        for hand in itertools.combinations(unseen, size):
            log_e = partner_log_e(view, play.move, sum(1 << c for c in hand))
            if log_e is None:
                break
            values.append([math.exp(x) for x in log_e])
        if not values:
            continue
        checked += 1
        for k in range(len(ALTERNATIVES)):
            assert sum(v[k] for v in values) / len(values) == pytest.approx(1.0, abs=0.05)
    assert checked == 2


def pair_log_e(spec: str, seeds: range, preset: str) -> tuple[float, ...]:
    """The partner-hand test's summed logarithms over both partners' judged plays."""
    judged = []
    for seed in seeds:
        record = record_of(pair_hand(spec, seed, preset))
        done = replay(record)
        for seat in (0, 2):
            judged += partner_decisions(done, record.moves, seat)
    assert len(judged) == len(seeds)
    return summed(judged, len(ALTERNATIVES))


def test_partners_reading_each_others_hand_are_found_where_honest_partners_are_not() -> None:
    seeds = range(900101, 900121)
    cheaters = pair_log_e("partners-share", seeds, "scopone_scientifico")
    honest = pair_log_e("partners-honest", seeds, "scopone_scientifico")
    assert p_value(cheaters) <= 0.01
    assert p_value(honest) > 0.1
    assert e_value(honest) < 1.0 < e_value(cheaters)
