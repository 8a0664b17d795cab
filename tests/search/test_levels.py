"""The levels' players: legal everywhere, reproducible, and each human trait doing what it says."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from service.engine import Move, apply, deal, legal_moves, make_rules, view_of
from service.engine.cards import Suit, card
from service.engine.moves import MoveKind
from service.engine.presets import PRESETS
from service.engine.state import EventKind, State
from service.search.bots import make_player
from service.search.human import (
    HumanPlayer,
    Memory,
    Reckoner,
    card_worths,
    remembered,
    seen_moves,
    settebello_of,
    softmax_pick,
)
from service.search.levels import LEVELS, MASTER, NAMES, Level, level_named
from tests.benchmarks.bench_strength import run_pairing
from tests.search.helpers import cards, scopa_position, seat_view

HUMANS = [level.name for level in LEVELS if not level.advisor]
PROBABILITIES = ("forget", "forget_key", "miss_capture", "miss_threat", "forget_declare", "claim")


def exact(name: str, **changes: float) -> HumanPlayer:
    """A level's player without noise (and any other changes), for positions with one answer."""
    return HumanPlayer(dataclasses.replace(level_named(name), noise=0.0, **changes))


def played_out(state: State, players: dict[int, str], seed: int) -> State:
    """The hand played to its end by a player per seat, every move checked legal."""
    made = {seat: make_player(spec) for seat, spec in players.items()}
    rng = random.Random(seed)
    while not state.finished:
        move = made[state.to_move].choose(view_of(state, state.to_move), rng)
        assert move in legal_moves(state), (players[state.to_move], move)
        state, _ = apply(state, move)
    return state


def test_the_table_lists_five_levels_weakest_first_with_master_last() -> None:
    assert NAMES == ("beginner", "casual", "club", "expert", MASTER)
    assert [level.advisor for level in LEVELS] == [False, False, False, False, True]
    for level in LEVELS:
        assert level.description and level.suits
        for name in PROBABILITIES:
            assert 0.0 <= getattr(level, name) <= 1.0, (level.name, name)
    # Each step up forgets less, misses less and weighs the reply more.
    humans = [level for level in LEVELS if not level.advisor]
    for lower, higher in itertools.pairwise(humans):
        assert higher.forget <= lower.forget
        assert higher.miss_capture <= lower.miss_capture
        assert higher.miss_threat <= lower.miss_threat
        assert higher.caution >= lower.caution
        assert higher.noise < lower.noise


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level 'grandmaster': one of beginner"):
        level_named("grandmaster")
    with pytest.raises(ValueError, match="unknown level"):
        make_player("level:grandmaster")
    with pytest.raises(ValueError, match="is the advisor"):
        HumanPlayer(level_named(MASTER))


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_level_plays_every_preset_and_player_count_to_the_end(preset: str) -> None:
    for players in sorted(PRESETS[preset].schedules):
        rules = make_rules(preset, players=players)
        # Two hands whose seats, levels mixed at one table, cover every level.
        for i in range(2):
            seats = {
                seat: f"level:{HUMANS[(2 * i + seat) % len(HUMANS)]}" for seat in range(players)
            }
            assert played_out(deal(rules, i), seats, seed=i).finished


def test_a_beginner_partnered_with_the_master_in_scopone() -> None:
    rules = make_rules("scopone_scientifico")
    seats = {0: "level:beginner", 1: "level:casual", 2: "level:master", 3: "level:expert"}
    state = played_out(deal(rules, 3), seats, seed=3)
    assert state.finished
    assert sum(p.bit_count() for p in state.piles) == 40


@pytest.mark.parametrize("name", HUMANS)
def test_the_same_view_and_seed_give_the_same_move(name: str) -> None:
    rules = make_rules("scopa")
    player = make_player(f"level:{name}")
    state = deal(rules, 21)
    rng = random.Random(0)
    for _ in range(9):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    view = view_of(state, state.to_move)
    moves = {player.choose(view, random.Random(seed)) for seed in range(40)}
    again = {player.choose(view, random.Random(seed)) for seed in range(40)}
    assert moves == again
    for seed in range(10):
        assert player.choose(view, random.Random(seed)) == player.choose(view, random.Random(seed))


def test_settebello_is_worth_most_and_the_bonus_suit_follows_the_rules() -> None:
    worths = card_worths(make_rules("scopa"))
    assert max(range(40), key=worths.__getitem__) == settebello_of(make_rules("scopa"))
    hurrikan = make_rules("hurrikan")
    assert settebello_of(hurrikan) == card(7, Suit(hurrikan.bonus))
    assert card_worths(hurrikan)[card(7, Suit.C)] > card_worths(hurrikan)[card(7, Suit.D)]
    piva = make_rules("piva")
    assert card_worths(piva)[card(2, Suit.B)] < 0


def test_experts_take_the_settebello_and_do_not_leave_an_easy_sweep() -> None:
    rules = make_rules("scopa")
    state = scopa_position(rules, ["7S", "4C", "3S"], ["7D", "4B", "10C"])
    assert exact("expert").choose(seat_view(state), random.Random(1)) == Move.from_code("7S:7D")
    state = scopa_position(rules, ["6S", "10B", "9C"], ["2C"], seed=4)
    assert exact("expert").choose(seat_view(state), random.Random(1)) != Move.from_code("6S")


def test_a_careless_player_grabs_and_leaves_the_sweep_a_cautious_one_avoids() -> None:
    # Taking the 3 leaves the 5 alone for the next player; laying the 9 leaves 3+5+9.
    state = scopa_position(make_rules("scopa"), ["3B", "9D", "10S"], ["3C", "5S"], seed=4)
    view = seat_view(state)
    grab = Move.from_code("3B:3C")
    careless = exact("beginner", miss_threat=1.0, caution=0.0, forget=0.0)
    assert careless.choose(view, random.Random(1)) == grab
    assert exact("expert").choose(view, random.Random(1)) != grab


def test_multi_card_captures_go_unseen_and_a_forced_capture_is_still_legal() -> None:
    rules = make_rules("scopa")
    # The 9 takes only 4+5; nothing else on the table matches it.
    state = scopa_position(rules, ["9S", "10B", "1C"], ["4C", "5S", "2B"])
    view = seat_view(state)
    legal = legal_moves(state)
    plays = [m for m in legal if m.plays_card]
    blind = dataclasses.replace(level_named("beginner"), miss_capture=1.0)
    sights = seen_moves(view, plays, blind, random.Random(1))
    nine = [s for s in sights if s.move.card == card(9, Suit.S)]
    assert len(nine) == 1 and nine[0].blind and not nine[0].move.capture
    sharp = dataclasses.replace(level_named("beginner"), miss_capture=0.0)
    assert {s.move for s in seen_moves(view, plays, sharp, random.Random(1))} == set(plays)
    player = HumanPlayer(blind)
    for seed in range(30):
        assert player.choose(view, random.Random(seed)) in legal


def test_memory_forgets_old_captures_but_not_the_last_round() -> None:
    rules = make_rules("scopa")
    state = deal(rules, 5)
    rng = random.Random(5)
    while not (state.piles[0] and state.piles[1]) or state.to_move != 0:
        state, _ = apply(state, rng.choice(legal_moves(state)))
    view = view_of(state, 0)
    captured = state.piles[0] | state.piles[1]
    total = remembered(view, dataclasses.replace(level_named("expert"), forget=0.0), rng)
    assert total.out == captured
    assert total.unseen == view.unseen
    lost = remembered(view, dataclasses.replace(level_named("expert"), forget=1.0), rng)
    recent = 0
    for play in view.history[-2:]:  # one play per seat: the last round
        if play.move.capture:
            recent |= play.move.capture | 1 << play.move.card
    assert lost.out == recent
    assert lost.unseen == view.unseen | (captured & ~recent)


def test_the_settebello_out_may_be_forgotten() -> None:
    rules = make_rules("scopa")
    seven = settebello_of(rules)
    # A position whose settebello lies in a pile; without a history every capture is old.
    view = next(
        v
        for seed in range(100)
        for v in [seat_view(scopa_position(rules, ["5S", "4C", "3S"], ["2B"], seed=seed))]
        if (v.piles[0] | v.piles[1]) >> seven & 1
    )
    keeps = dataclasses.replace(level_named("expert"), forget_key=0.0)
    loses = dataclasses.replace(level_named("expert"), forget_key=1.0)
    assert remembered(view, keeps, random.Random(1)).out >> seven & 1
    forgot = remembered(view, loses, random.Random(1))
    assert forgot.unseen >> seven & 1
    assert not forgot.out >> seven & 1


def test_the_reply_threat_counts_the_ranks_believed_unseen() -> None:
    rules = make_rules("scopa")
    state = scopa_position(rules, ["6S", "10B", "9C"], ["2C"], seed=4)
    view = seat_view(state)
    expert = level_named("expert")
    eights = cards("8D", "8C", "8S", "8B")
    counted = Reckoner(view, expert, Memory(0, view.unseen & ~eights), sees_sweeps=True)
    feared = Reckoner(view, expert, Memory(0, view.unseen | eights), sees_sweeps=True)
    table = view.table | 1 << card(6, Suit.S)
    # With every 8 known out, the 2+6 cannot be swept by an 8.
    assert counted.threat(table) < feared.threat(table)
    unseen = Reckoner(view, expert, Memory(0, view.unseen | eights), sees_sweeps=False)
    assert unseen.threat(table) < feared.threat(table)


def test_softmax_noise_grows_as_the_choice_gets_close() -> None:
    rng = random.Random(7)
    assert softmax_pick([0.0, 1.0, 0.5], 0.0, rng) == 1
    close = [softmax_pick([1.0, 0.98], 0.2, rng) for _ in range(2000)]
    clear = [softmax_pick([1.0, 0.0], 0.2, rng) for _ in range(2000)]
    assert 0.4 < close.count(1) / 2000 < 0.5
    assert clear.count(1) / 2000 < 0.02


def declaring_state() -> State:
    """A Bazzica hand whose first player may declare."""
    rules = make_rules("bazzica")
    for seed in range(300):
        state = deal(rules, seed)
        if any(m.kind is MoveKind.DECLARE for m in legal_moves(state)):
            return state
    raise AssertionError("no deal of 300 offered a declaration")


def test_declarations_are_made_unless_forgotten() -> None:
    state = declaring_state()
    view = view_of(state, state.to_move)
    declare = next(m for m in legal_moves(state) if m.kind is MoveKind.DECLARE)
    assert exact("club", forget_declare=0.0).choose(view, random.Random(1)) == declare
    forgetful = exact("beginner", forget_declare=1.0).choose(view, random.Random(1))
    # In the declaration round, forgetting to declare is declining.
    assert forgetful.kind is MoveKind.DECLINE


def test_the_cutter_keeps_a_good_card_and_tables_a_poor_one() -> None:
    rules = make_rules("chkobba")
    kept = tabled = 0
    for seed in range(60):
        state = deal(rules, seed)
        assert state.cut_card is not None
        move = exact("expert").choose(view_of(state, state.to_move), random.Random(1))
        assert move in legal_moves(state)
        worth = card_worths(rules)[state.cut_card]
        assert (move.kind is MoveKind.KEEP) == (worth > 0.2)
        kept += move.kind is MoveKind.KEEP
        tabled += move.kind is MoveKind.TABLE
    assert kept and tabled


def test_claims_are_made_only_when_right() -> None:
    rules = make_rules("scopa", claims=True, target=4)
    claims = 0
    for seed in range(60):
        state = dataclasses.replace(deal(rules, seed), match_scores=(3, 3))
        rng = random.Random(seed)
        players = [make_player("level:expert"), make_player("level:club")]
        while not state.finished:
            move = players[state.to_move].choose(view_of(state, state.to_move), rng)
            state, events = apply(state, move)
            assert all(e.kind is not EventKind.WRONG_CLAIM for e in events)
            claims += any(e.kind is EventKind.CLAIM for e in events)
    assert claims > 0
    never = exact("beginner", claim=0.0)
    state = dataclasses.replace(deal(rules, 1), match_scores=(3, 3))
    assert never.choose(view_of(state, state.to_move), random.Random(1)).kind is not MoveKind.CLAIM


def test_each_level_beats_the_one_below_on_a_few_deals() -> None:
    rules = make_rules("scopone_scientifico")
    for lower, higher in itertools.pairwise(HUMANS):
        row = run_pairing(rules, f"level:{higher}", f"level:{lower}", pairs=12, seed=1, workers=1)
        assert row["mean"] > 0, (higher, lower, row["mean"])


def test_levels_are_built_from_their_table_entry() -> None:
    for level in LEVELS:
        player = make_player(f"level:{level.name}")
        assert player.name == f"level:{level.name}"
        if not level.advisor:
            assert isinstance(player, HumanPlayer)
            assert player.level == level
    assert Level("x", "y", "z").parameters()["caution"] == 1.0


def test_memory_draws_as_many_numbers_whatever_it_forgets() -> None:
    state = deal(make_rules("scopa"), 6)
    rng = random.Random(6)
    for _ in range(14):
        state, _ = apply(state, rng.choice(legal_moves(state)))
    view = view_of(state, state.to_move)
    after = set()
    for name in HUMANS:
        for forget in (0.0, 1.0):
            level = dataclasses.replace(level_named(name), forget=forget, forget_key=forget)
            drawn = random.Random(3)
            remembered(view, level, drawn)
            after.add(drawn.random())
    assert len(after) == 1


def test_the_ace_taking_all_is_always_seen() -> None:
    rules = make_rules("asso_pigliatutto")
    state = scopa_position(rules, ["1S", "10B", "9C"], ["4C", "5S", "2B"])
    view = seat_view(state)
    plays = [m for m in legal_moves(state) if m.plays_card]
    blind = dataclasses.replace(level_named("beginner"), miss_capture=1.0)
    ace = [s.move for s in seen_moves(view, plays, blind, random.Random(1)) if s.move.card == 20]
    assert ace == [Move.from_code("1S:4C+5S+2B")]
