"""Hand-written positions for the search tests."""

import dataclasses
import gc
import random
from collections.abc import Iterator
from contextlib import contextmanager

from service.engine import (
    Rules,
    State,
    View,
    apply,
    check_state,
    deal,
    legal_moves,
    parse_card,
    view_of,
)
from service.engine.cards import from_cards, to_list
from service.engine.errors import InvalidStateError


def cards(*texts: str) -> int:
    """A card mask from codes."""
    return from_cards(parse_card(t) for t in texts)


def scopa_position(rules: Rules, hand: list[str], table: list[str], seed: int = 0) -> State:
    """Seat 0 to lead the second deal of 2-player scopa with this hand and table.

    The other cards are shuffled into seat 1's hand, the stock and the two piles.
    """
    mine = cards(*hand)
    on_table = cards(*table)
    rest = to_list(rules.pack_cards & ~mine & ~on_table)
    random.Random(seed).shuffle(rest)
    stock_size = rules.players * sum(rules.deal_sizes[2:])
    other = from_cards(rest[:3])
    stock = tuple(rest[3 : 3 + stock_size])
    captured = rest[3 + stock_size :]
    state = State(
        rules=rules,
        dealer=1,
        hands=(mine, other),
        table=on_table,
        piles=(from_cards(captured[0::2]), from_cards(captured[1::2])),
        scope=(0, 0),
        stock=stock,
        deals_made=2,
        to_move=0,
        last_capturer=0 if captured else None,
    )
    check_state(state)
    return state


def seat_view(state: State) -> View:
    """The view of the seat to move."""
    return view_of(state, state.to_move)


def card_play_state(state: State) -> State:
    """The state once the moves that play no card are made: the cutter keeps, and in a
    declaration round each seat declines, or declares when it must (Cirulla)."""
    while not state.finished and state.cut_card is not None:
        state, _ = apply(state, legal_moves(state)[0])
    while not state.finished and state.declaration_round:
        state, _ = apply(state, legal_moves(state)[-1])
    return state


def crowded_state(rules: Rules, seed: int, top_rank: int) -> State | None:
    """A legal state of ``rules`` whose table holds every card of rank ``top_rank`` or lower
    that no hand holds: a position with hundreds or thousands of captures, as a table of low
    cards gives. The hands are those of a random game's last deal (each seat's first card
    play of it made by then when ``seed`` is odd); the other cards go to the piles. None when
    the rules deal no card plays or the state is not one the engine accepts."""
    rng = random.Random(seed)
    state = deal_state(rules, seed)
    while state.stock or state.cut_card is not None or state.declaration_round:
        if state.finished:
            return None
        state, _ = apply(state, rng.choice(legal_moves(state)))
    if state.finished:
        return None
    held = 0
    for hand in state.hands:
        held |= hand
    low = 0
    for c in to_list(rules.pack_cards & ~held):
        if c % 10 + 1 <= top_rank:
            low |= 1 << c
    rest = to_list(rules.pack_cards & ~held & ~low)
    piles = [0] * rules.sides
    for i, c in enumerate(rest):
        piles[i % rules.sides] |= 1 << c
    crowded = dataclasses.replace(
        state,
        table=low,
        piles=tuple(piles),
        last_capturer=None if not rest else state.last_capturer,
        history=(),
    )
    try:
        check_state(crowded)
    except InvalidStateError:
        return None
    return crowded


def deal_state(rules: Rules, seed: int) -> State:
    """A hand of ``rules`` dealt from ``seed``, the dealer rotating with it."""
    return deal(rules, seed, seed % rules.players)


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause Python's garbage collector: a time bound asserted on a search is the search's,
    not a full collection's of whatever the test process holds by then."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
