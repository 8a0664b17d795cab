"""The rollout policy as a player (bench_strength's ``policy``)."""

import random

from service.engine import apply, deal, make_rules, view_of
from service.search.kernel import policy
from service.search.kernel.fast import fast_rules, legal_moves
from service.search.kernel.loop import sample_world
from service.search.worlds import pos_of_state, root_setup
from tests.benchmarks.bench_strength import player
from tests.benchmarks.policy_player import PolicyPlayer


def test_two_players_the_policy_player_plays_what_the_policy_plays_seeing_every_card() -> None:
    rules = make_rules("scopa")
    fr = fast_rules(rules)
    bot = PolicyPlayer()
    state = deal(rules, 11)
    plays = 0
    while not state.finished:
        view = view_of(state, state.to_move)
        move = bot.choose(view, random.Random(plays))
        # The same draws, with the policy given the true position instead of a world.
        rng = random.Random(plays)
        moves = legal_moves(fr, pos_of_state(state))
        if len(moves) > 1:
            sample_world(fr, root_setup(view, [], 0, inference=False), rng)
            noise = policy.RolloutRandom(rng.getrandbits(64))
            assert (move.card, move.capture) == policy.choose(fr, pos_of_state(state), moves, noise)
        state, _ = apply(state, move)
        plays += 1
    assert plays == 36


def test_the_policy_player_finishes_a_hand_of_four_by_legal_moves() -> None:
    rules = make_rules("scopone_scientifico")
    bot = player("policy")
    state = deal(rules, 5)
    rng = random.Random(5)
    while not state.finished:
        state, _ = apply(state, bot.choose(view_of(state, state.to_move), rng))
    assert sum(p.bit_count() for p in state.piles) == 40
