"""Every sampled world agrees with the view it was sampled from."""

import random

import pytest

from service.engine import State, apply, check_state, deal, legal_moves, make_rules, view_of
from service.engine.cards import RANK_MASKS, parse_card
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


def settebello_ignored() -> tuple[object, int]:
    """A view of seat 0 right after seat 1 laid a card on a table holding the settebello."""
    rules = make_rules("scopa")
    settebello = parse_card("7D")
    for seed in range(400):
        state = deal(rules, seed, 0)
        rng = random.Random(seed)
        while not state.finished:
            before = state.table
            seat = state.to_move
            move = rng.choice(legal_moves(state))
            state, _ = apply(state, move)
            laid = not move.capture and move.plays_card
            if (
                seat == 1
                and laid
                and before >> settebello & 1
                and state.to_move == 0
                and state.hands[1]
                and state.stock
                and view_of(state, 0).unseen & RANK_MASKS[7]
            ):
                return view_of(state, 0), seed
    raise AssertionError("no such position in 400 deals")


def test_inference_makes_a_skipped_settebello_capture_unlikely() -> None:
    view, _ = settebello_ignored()
    sevens = RANK_MASKS[7]
    counts = {}
    for inference in (False, True):
        rng = random.Random(9)
        worlds = [sample_world(view, rng, inference=inference) for _ in range(300)]
        for world in worlds:
            assert world.hands[0] == view.hand
        counts[inference] = sum(1 for w in worlds if w.hands[1] & sevens)
    # Seat 1 laid a card with the settebello on the table: holding a seven then (the sevens
    # still unseen) would have taken it, so such worlds all but vanish.
    assert counts[False] > 30
    assert counts[True] < counts[False] / 4


@pytest.mark.parametrize(("preset", "options"), CONFIGS)
def test_known_cards_are_dealt_where_they_are_known_to_be(
    preset: str, options: dict[str, object]
) -> None:
    rules = make_rules(preset, **options)
    rng = random.Random(5)
    state = deal(rules, 2)
    for _ in range(rules.players + 1):
        state, _ = apply(state, legal_moves(state)[0])
    seat = state.to_move
    view = view_of(state, seat)
    others = [s for s in range(rules.players) if s != seat and state.hands[s]]
    # One other seat's whole hand, and part of another's when there is one.
    known = {others[0]: state.hands[others[0]]}
    if len(others) > 1:
        known[others[1]] = state.hands[others[1]] & -state.hands[others[1]]
    for _ in range(20):
        world = sample_world(view, rng, known=known)
        assert tuple(h.bit_count() for h in world.hands) == view.hand_sizes
        for s, cards in known.items():
            assert world.hands[s] & cards == cards
        assert len(world.stock) == view.stock_size


def test_known_cards_must_be_hidden_from_the_seat_and_fit_the_hand() -> None:
    rules = make_rules("scopa")
    state = deal(rules, 1)
    seat = state.to_move
    view = view_of(state, seat)
    other = 1 - seat
    rng = random.Random(1)
    with pytest.raises(ValueError, match="cannot see"):
        sample_world(view, rng, known={other: view.table})
    with pytest.raises(ValueError, match="another seat"):
        sample_world(view, rng, known={seat: state.hands[other]})
    with pytest.raises(ValueError, match="more than its hand"):
        sample_world(view, rng, known={other: view.unseen})
