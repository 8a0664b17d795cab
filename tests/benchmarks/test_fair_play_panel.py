"""The fair-play panels: honest styles play from what they see, cheaters from what they read."""

import dataclasses
import random

import pytest

from service.engine import apply, deal, make_rules
from service.engine.cards import iter_cards
from service.engine.state import State
from tests.benchmarks.fair_play_panel import panel_player

CHEAP = (
    "random",
    "greedy",
    "expert",
    "noisy-expert",
    "sharp",
    "club-sharp",
    "deep",
    "deep-peek:1",
    "sharp-peek:1",
    "sharp-bit",
    "club-peek",
    "level:club",
)


@pytest.mark.parametrize("preset", ["scopa", "scopone_scientifico"])
@pytest.mark.parametrize("spec", CHEAP)
def test_each_player_of_the_panels_finishes_a_hand_by_legal_moves(preset: str, spec: str) -> None:
    rules = make_rules(preset)
    players = [panel_player(spec, rules) for _ in range(rules.players)]
    state = deal(rules, 9)
    rng = random.Random(9)
    plays = 0
    while not state.finished:
        state, _ = apply(state, players[state.to_move].choose(state, rng))
        plays += 1
    assert plays == 36 if preset == "scopa" else plays == 40


def other_deal(state: State, rng: random.Random) -> State:
    """The same state with the next seat's hand drawn again from its cards and the stock (what
    the seat to move sees is unchanged)."""
    follower = (state.to_move + 1) % state.rules.players
    pool = list(iter_cards(state.hands[follower])) + list(state.stock)
    rng.shuffle(pool)
    size = state.hands[follower].bit_count()
    hands = list(state.hands)
    hands[follower] = sum(1 << c for c in pool[:size])
    return dataclasses.replace(state, hands=tuple(hands), stock=tuple(pool[size:]))


def choices_over_other_deals(spec: str) -> tuple[int, int]:
    """How many decisions a player makes differently when the next hand is dealt again, out of
    the decisions tried (the same random draws each time)."""
    rules = make_rules("scopa")
    player = panel_player(spec, rules)
    changed = tried = 0
    for seed in range(1, 9):
        state = deal(rules, seed)
        redeal = random.Random(seed)
        while not state.finished:
            move = player.choose(state, random.Random(len(state.history)))
            if state.stock:
                again = player.choose(other_deal(state, redeal), random.Random(len(state.history)))
                changed += again != move
                tried += 1
            state, _ = apply(state, move)
    return changed, tried


def test_an_honest_style_never_changes_its_move_when_the_hidden_cards_are_dealt_again() -> None:
    for spec in ("sharp", "club-sharp", "deep", "noisy-expert", "expert"):
        changed, tried = choices_over_other_deals(spec)
        assert tried > 100
        assert changed == 0, spec


def test_a_cheater_changes_its_move_with_the_hand_it_reads() -> None:
    for spec in ("sharp-peek:1", "sharp-bit", "club-peek", "deep-peek:1"):
        changed, tried = choices_over_other_deals(spec)
        assert 5 <= changed < tried, spec
