"""Determinization: full positions sampled uniformly among those consistent with a view."""

from __future__ import annotations

import random

from service.engine.state import State
from service.engine.view import View
from service.search.kernel.fast import Pos, cards_of


def sample_world(view: View, rng: random.Random) -> Pos:
    """Deal the unseen cards at random into the other hands (exact sizes) and the stock."""
    unseen = cards_of(view.unseen)
    rng.shuffle(unseen)
    hands = []
    at = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(view.hand)
            continue
        h = 0
        for c in unseen[at : at + size]:
            h |= 1 << c
        hands.append(h)
        at += size
    return Pos(
        hands,
        view.table,
        list(view.piles),
        list(view.scope),
        unseen[at:],
        view.dealer,
        view.deals_made,
        view.to_move,
        -1 if view.last_capturer is None else view.last_capturer,
    )


def pos_of_state(state: State) -> Pos:
    """The fast position of a full engine state."""
    return Pos(
        list(state.hands),
        state.table,
        list(state.piles),
        list(state.scope),
        list(state.stock),
        state.dealer,
        state.deals_made,
        state.to_move,
        -1 if state.last_capturer is None else state.last_capturer,
    )
