"""Built-in players: always legal, and each plays to its description."""

import random

import pytest

from service.engine import Move, apply, deal, legal_moves, make_rules, view_of
from service.engine.moves import DECLINE_MOVE, MoveKind
from service.engine.presets import PRESETS
from service.search.bots import make_player, special_move
from service.search.match_model import match_winner, win_probability
from tests.benchmarks.bench_strength import run_pairing
from tests.search.helpers import scopa_position, seat_view


@pytest.mark.parametrize("spec", ["random", "greedy", "expert", "advisor:it=1"])
@pytest.mark.parametrize(
    ("preset", "options"),
    [
        ("scopa", {}),
        ("scopa", {"players": 3}),
        ("scopone_scientifico", {}),
        ("scopa", {"players": 6}),
    ],
)
def test_players_play_legal_moves_to_the_end(
    spec: str, preset: str, options: dict[str, object]
) -> None:
    rules = make_rules(preset, **options)
    player = make_player(spec)
    rng = random.Random(1)
    state = deal(rules, 2)
    while not state.finished:
        move = player.choose(view_of(state, state.to_move), rng)
        assert move in legal_moves(state)
        state, _ = apply(state, move)


def test_greedy_takes_the_most_valuable_capture() -> None:
    state = scopa_position(make_rules("scopa"), ["7S", "4C", "3S"], ["7D", "4B", "10C"])
    assert make_player("greedy").choose(seat_view(state), random.Random(1)) == Move.from_code(
        "7S:7D"
    )


def test_expert_does_not_leave_an_easy_sweep() -> None:
    state = scopa_position(make_rules("scopa"), ["6S", "10B", "9C"], ["2C"], seed=4)
    assert make_player("expert").choose(seat_view(state), random.Random(1)) != Move.from_code("6S")


def test_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        make_player("oracle")


def test_match_model_probabilities() -> None:
    rules = make_rules("scopa")
    assert match_winner(rules, (11, 9), 11) == 0
    assert match_winner(rules, (11, 11), 11) == -1
    ahead = win_probability(rules, (10, 0), 11, 0)
    behind = win_probability(rules, (0, 10), 11, 0)
    assert 0.0 <= behind < 0.5 < ahead <= 1.0
    assert win_probability(rules, (3, 3), 11, 0) + win_probability(
        rules, (3, 3), 11, 1
    ) == pytest.approx(1.0, abs=0.02)
    three = make_rules("scopa", players=3)
    assert 0.0 < win_probability(three, (8, 2, 2), 11, 0) < 1.0


def test_duplicate_runner_summarises_a_pairing() -> None:
    row = run_pairing(make_rules("scopa"), "greedy", "random", pairs=20, seed=1, workers=1)
    assert row["pairs"] == 20
    assert row["low"] <= row["mean"] <= row["high"]
    assert row["mean"] > 0


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("spec", ["greedy", "expert", "advisor:it=2"])
def test_every_preset_is_played_to_the_end_by_the_bots(spec: str, preset: str) -> None:
    rules = make_rules(preset)
    player = make_player(spec)
    rng = random.Random(3)
    state = deal(rules, 5)
    while not state.finished and state.claimed_by is None:
        move = player.choose(view_of(state, state.to_move), rng)
        assert move in legal_moves(state)
        assert move.kind is not MoveKind.CLAIM
        state, _ = apply(state, move)
    assert state.finished


def test_bots_declare_when_they_can_and_the_cutter_keeps() -> None:
    rules = make_rules("chkobba")
    state = deal(rules, 1)
    view = view_of(state, state.to_move)
    assert special_move(view) == next(m for m in legal_moves(state) if m.kind is MoveKind.KEEP)
    rules = make_rules("bazzica")
    seen = set()
    for seed in range(200):
        state = deal(rules, seed)
        assert state.declaration_round
        declares = [m for m in legal_moves(state) if m.kind is MoveKind.DECLARE]
        chosen = make_player("greedy").choose(view_of(state, state.to_move), random.Random(1))
        # Declare when the hand declares something, else decline; never a card in the round.
        assert chosen == (declares[0] if declares else DECLINE_MOVE)
        seen.add(chosen.kind)
    assert seen == {MoveKind.DECLARE, MoveKind.DECLINE}
