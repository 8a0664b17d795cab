"""The dealt-hand test: which decisions it judges, an e-value that averages exactly 1 over the
hands the seat could have faced, and a clairvoyant player found where honest ones are not."""

import itertools
import math
import random

from service.engine import apply, deal, make_rules, view_of
from service.engine.cards import iter_cards
from service.engine.record import record_of, replay
from service.engine.state import State
from service.search.bots import make_player
from service.search.dealt_test import (
    ALTERNATIVES,
    decision_log_e,
    e_value,
    fresh_deal_plays,
    judged_rules,
    p_value,
)
from tests.benchmarks.fair_play_panel import panel_player


def played_hand(preset: str, seed: int, spec: str = "expert") -> State:
    """A hand dealt from the seed and played to its end by one player at every seat."""
    rules = make_rules(preset)
    player = make_player(spec)
    state = deal(rules, seed, dealer=seed % rules.players)
    rng = random.Random(seed)
    while not state.finished:
        state, _ = apply(state, player.choose(view_of(state, state.to_move), rng))
    return state


def test_two_players_the_judged_plays_open_each_deal_and_only_the_leader_has_them() -> None:
    state = played_hand("scopa", 4)
    record = record_of(state)
    done = replay(record)
    leader = (state.dealer + 1) % 2
    judged = list(fresh_deal_plays(done, record.moves, leader))
    # Six deals of three cards: the leader opens each of them.
    assert judged == [0, 6, 12, 18, 24, 30]
    assert all(done.states[i].hands[1 - leader].bit_count() == 3 for i in judged)
    assert list(fresh_deal_plays(done, record.moves, 1 - leader)) == []


def test_scopone_only_the_first_play_of_the_hand_is_judged() -> None:
    state = played_hand("scopone_scientifico", 2)
    record = record_of(state)
    done = replay(record)
    first = (state.dealer + 1) % 4
    assert list(fresh_deal_plays(done, record.moves, first)) == [0]
    assert all(not list(fresh_deal_plays(done, record.moves, s)) for s in range(4) if s != first)


def test_rules_that_show_cards_are_not_judged() -> None:
    assert judged_rules(make_rules("scopa"))
    assert not judged_rules(make_rules("bazzica"))
    assert not judged_rules(make_rules("chkobba"))


def test_every_e_value_averages_exactly_one_over_the_hands_the_seat_could_face() -> None:
    # The e-value of the move played, for each next hand the seat could have faced in its
    # place (every draw of that size from the cards it cannot see), averages 1: so does any
    # honest player's, whatever it plays.
    checked = 0
    for seed in (3, 8):
        state = played_hand("scopa", seed)
        record = record_of(state)
        done = replay(record)
        leader = (state.dealer + 1) % 2
        # The last deals: the fewest cards unseen, the fewest hands to sum over.
        for index in list(fresh_deal_plays(done, record.moves, leader))[-3:]:
            before = done.states[index]
            view = view_of(before, leader)
            move = record.moves[index].move
            hands = list(itertools.combinations(iter_cards(view.unseen), 3))
            sums = [0.0] * len(ALTERNATIVES)
            for cards in hands:
                log_e = decision_log_e(view, move, sum(1 << c for c in cards))
                if log_e is None:
                    break
                sums = [s + math.exp(x) for s, x in zip(sums, log_e, strict=True)]
            else:
                assert [round(s / len(hands), 9) for s in sums] == [1.0] * len(ALTERNATIVES)
                checked += 1
    assert checked >= 3


def test_a_decision_with_one_card_play_or_a_hand_it_could_not_face_is_not_judged() -> None:
    state = played_hand("scopa", 5)
    record = record_of(state)
    done = replay(record)
    leader = (state.dealer + 1) % 2
    index = next(iter(fresh_deal_plays(done, record.moves, leader)))
    before = done.states[index]
    view = view_of(before, leader)
    # A card the seat holds cannot be in the next hand.
    own = next(iter(iter_cards(view.hand)))
    assert decision_log_e(view, record.moves[index].move, 1 << own | 3) is None


def judged_log_e(spec: str, seeds: range) -> list[float]:
    """Seat 0's summed e-value logarithms over hands it plays against the expert bot."""
    rules = make_rules("scopa")
    players = [panel_player(spec, rules), panel_player("expert", rules)]
    sums = [0.0] * len(ALTERNATIVES)
    for seed in seeds:
        state = deal(rules, seed, dealer=seed % 2)
        rng = random.Random(seed)
        while not state.finished:
            state, _ = apply(state, players[state.to_move].choose(state, rng))
        record = record_of(state)
        done = replay(record)
        for index in fresh_deal_plays(done, record.moves, 0):
            before = done.states[index]
            log_e = decision_log_e(view_of(before, 0), record.moves[index].move, before.hands[1])
            if log_e is not None:
                sums = [s + x for s, x in zip(sums, log_e, strict=True)]
    return sums


def test_a_player_reading_the_next_hand_is_found_where_its_honest_self_is_not() -> None:
    seeds = range(700001, 700061)
    cheater = judged_log_e("sharp-peek:1", seeds)
    honest = judged_log_e("sharp", seeds)
    assert p_value(cheater) <= 0.01
    assert p_value(honest) > 0.1
    assert e_value(honest) < 1.0 < e_value(cheater)
