"""Every sampled world agrees with the view it was sampled from."""

import random

import pytest

from service.engine import State, apply, check_state, deal, legal_moves, make_rules, view_of
from service.search.worlds import sample_world

CONFIGS = [
    ("scopa", {}),
    ("scopa", {"players": 3}),
    ("scopa", {"players": 4}),
    ("scopa", {"players": 6, "teams": False}),
    ("scopone_scientifico", {}),
    ("scopone_messina", {}),
]


@pytest.mark.parametrize(("preset", "options"), CONFIGS)
def test_sampled_worlds_agree_with_the_view(preset: str, options: dict[str, object]) -> None:
    rules = make_rules(preset, **options)
    rng = random.Random(3)
    for seed in range(4):
        state = deal(rules, seed, seed % rules.players)
        while not state.finished:
            seat = rng.randrange(rules.players)
            view = view_of(state, seat)
            for _ in range(3):
                world = sample_world(view, rng)
                assert world.hands[seat] == view.hand
                assert world.table == view.table
                assert tuple(world.piles) == view.piles
                assert tuple(world.scope) == view.scope
                assert tuple(h.bit_count() for h in world.hands) == view.hand_sizes
                assert len(world.stock) == view.stock_size
                hidden = 0
                for s, h in enumerate(world.hands):
                    if s != seat:
                        hidden |= h
                for c in world.stock:
                    hidden |= 1 << c
                assert hidden == view.unseen
                full = State(
                    rules=rules,
                    dealer=world.dealer,
                    hands=tuple(world.hands),
                    table=world.table,
                    piles=tuple(world.piles),
                    scope=tuple(world.scope),
                    stock=tuple(world.stock),
                    deals_made=world.deals_made,
                    to_move=world.to_move,
                    last_capturer=None if world.last_capturer < 0 else world.last_capturer,
                    history=state.history,
                )
                check_state(full)
                assert view_of(full, seat) == view
            state, _ = apply(state, rng.choice(legal_moves(state)))
