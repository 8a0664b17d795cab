"""Random complete games of every preset: cards are conserved and the hand ends cleanly."""

import random

import pytest

from service.engine import apply, deal, legal_moves, make_rules

CONFIGS = [
    ("scopa", {}),
    ("scopa", {"players": 3}),
    ("scopa", {"players": 4}),
    ("scopa", {"players": 6}),
    ("scopa", {"players": 6, "teams": False}),
    ("scopone", {}),
    ("scopone_scientifico", {}),
    ("scopone_messina", {}),
]


@pytest.mark.parametrize(("preset", "options"), CONFIGS)
def test_random_games_end_with_every_card_placed(preset: str, options: dict[str, object]) -> None:
    rules = make_rules(preset, **options)
    rng = random.Random(7)
    for seed in range(20):
        state = deal(rules, seed, seed % rules.players)
        while not state.finished:
            state, _ = apply(state, rng.choice(legal_moves(state)))
        placed = state.table
        for pile in state.piles:
            placed |= pile
        assert placed == rules.pack_cards
        assert legal_moves(state) == []
