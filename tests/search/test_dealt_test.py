"""The dealt-hand test: which decisions it judges, an e-value that averages exactly 1 over the
hands the seat could have faced, and a clairvoyant player found where honest ones are not."""

import itertools
import math
import random

import pytest

from service.engine import apply, deal, make_rules, view_of
from service.engine.cards import iter_cards
from service.engine.record import record_of, replay
from service.engine.state import State
from service.search import dealt_test
from service.search.bots import make_player
from service.search.dealt_test import (
    ALTERNATIVES,
    decision_log_e,
    e_value,
    hand_decisions,
    judged_plays,
    judged_rules,
    p_value,
    reply_draws,
    summed,
)
from tests.benchmarks.bench_dealt_test import panel_hand


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
    judged = [i for i, _ in judged_plays(done, record.moves, leader)]
    # Six deals of three cards: the leader opens each of them.
    assert judged == [0, 6, 12, 18, 24, 30]
    assert all(done.states[i].hands[1 - leader].bit_count() == 3 for i in judged)
    assert list(judged_plays(done, record.moves, 1 - leader)) == []


def test_scopone_the_first_round_is_judged_but_for_the_seat_before_the_leader() -> None:
    state = played_hand("scopone_scientifico", 2)
    record = record_of(state)
    done = replay(record)
    first = (state.dealer + 1) % 4
    # Each seat's first play while the next seat has not played yet, the seats that have
    # played taken as known.
    for position in range(3):
        seat = (first + position) % 4
        played = sum(1 << ((first + k) % 4) for k in range(position))
        assert list(judged_plays(done, record.moves, seat)) == [(position, played)]
    assert list(judged_plays(done, record.moves, (first + 3) % 4)) == []
    decisions = [hand_decisions(done, record.moves, (first + k) % 4) for k in range(4)]
    assert [len(d) for d in decisions] == [1, 1, 1, 0]


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
        for index in [i for i, _ in judged_plays(done, record.moves, leader)][-3:]:
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


def test_with_a_seat_known_the_e_value_still_averages_one_over_the_rest() -> None:
    # Three players: the second to play in a deal takes the first's hand as known; over every
    # hand the next seat could hold from the rest, the e-value averages 1.
    rules = make_rules("scopa", players=3)
    state = deal(rules, 6)
    player = make_player("expert")
    rng = random.Random(6)
    while not state.finished:
        state, _ = apply(state, player.choose(view_of(state, state.to_move), rng))
    record = record_of(state)
    done = replay(record)
    second = (state.dealer + 2) % 3
    judged = list(judged_plays(done, record.moves, second))
    assert [index % 9 for index, _ in judged] == [1] * 4
    index, since = judged[-1]
    before = done.states[index]
    view = view_of(before, second)
    known = sum(before.hands[s] for s in range(3) if since >> s & 1)
    assert known and known.bit_count() == 2
    move = record.moves[index].move
    hands = list(itertools.combinations(iter_cards(view.unseen & ~known), 3))
    sums = [0.0] * len(ALTERNATIVES)
    for cards in hands:
        log_e = decision_log_e(view, move, sum(1 << c for c in cards), known)
        assert log_e is not None
        sums = [s + math.exp(x) for s, x in zip(sums, log_e, strict=True)]
    assert [round(s / len(hands), 9) for s in sums] == [1.0] * len(ALTERNATIVES)


def test_a_decision_with_one_card_play_or_a_hand_it_could_not_face_is_not_judged() -> None:
    state = played_hand("scopa", 5)
    record = record_of(state)
    done = replay(record)
    leader = (state.dealer + 1) % 2
    index = next(iter(judged_plays(done, record.moves, leader)))[0]
    before = done.states[index]
    view = view_of(before, leader)
    # A card the seat holds cannot be in the next hand.
    own = next(iter(iter_cards(view.hand)))
    assert decision_log_e(view, record.moves[index].move, 1 << own | 3) is None


def judged_log_e(spec: str, seeds: range) -> tuple[float, ...]:
    """Seat 0's summed e-value logarithms over hands it plays against the expert bot."""
    judged = []
    for seed in seeds:
        record = record_of(panel_hand("scopa", spec, "expert", seed))
        judged += hand_decisions(replay(record), record.moves, 0)
    assert len(judged) == 3 * len(seeds)
    return summed(judged)


def test_a_player_reading_the_next_hand_is_found_where_its_honest_self_is_not() -> None:
    seeds = range(700001, 700061)
    cheater = judged_log_e("sharp-peek:1", seeds)
    honest = judged_log_e("sharp", seeds)
    assert p_value(cheater) <= 0.01
    assert p_value(honest) > 0.1
    assert e_value(honest) < 1.0 < e_value(cheater)


def test_the_replies_are_counted_as_every_draw_would_count_them() -> None:
    # Classes of cards alike (a vector of best takes after each move, and a count): the sum
    # over classes gives each vector of best replies as often as drawing every hand does.
    rng = random.Random(3)
    for _ in range(20):
        moves = rng.randint(1, 4)
        vectors = sorted(
            {
                tuple(rng.choice((0.0, 0.5, 1.0, 2.0)) for _ in range(moves))
                for _ in range(rng.randint(1, 6))
            }
        )
        counts = [rng.randint(1, 4) for _ in vectors]
        cards = [v for v, n in zip(vectors, counts, strict=True) for _ in range(n)]
        size = rng.randint(1, min(5, len(cards)))
        expected: dict[tuple[float, ...], int] = {}
        for hand in itertools.combinations(range(len(cards)), size):
            best = tuple(max(cards[c][i] for c in hand) for i in range(moves))
            expected[best] = expected.get(best, 0) + 1
        assert reply_draws(vectors, counts, size) == expected


def test_past_the_exact_sum_the_drawn_hands_give_nearly_the_exact_e_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With every sum too long, each decision's average is taken over the true hand and the
    # drawn hands: close to the exact sum's, and the same on every run (seeded by the view).
    state = played_hand("scopa", 3)
    record = record_of(state)
    done = replay(record)
    leader = (state.dealer + 1) % 2
    exact = hand_decisions(done, record.moves, leader)
    monkeypatch.setattr(dealt_test, "MOST_WORK", 0)
    drawn = hand_decisions(done, record.moves, leader)
    assert drawn == hand_decisions(done, record.moves, leader)
    assert [d.index for d in drawn] == [d.index for d in exact]
    for a, b in zip(exact, drawn, strict=True):
        assert [round(x, 1) for x in a.log_e] == pytest.approx(
            [round(x, 1) for x in b.log_e], abs=0.15
        )
