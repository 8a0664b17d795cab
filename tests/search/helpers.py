"""Hand-written positions for the search tests."""

import random

from service.engine import (
    Rules,
    State,
    View,
    apply,
    check_state,
    legal_moves,
    parse_card,
    view_of,
)
from service.engine.cards import from_cards, to_list


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
