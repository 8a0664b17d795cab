"""The legal moves of the seat to move, from its view alone.

``legal_moves`` reads only the mover's hand, the table, the cut card, the declarations, the
claim and the rules: a state holding the view's open cards, the other hands empty and nothing
to deal, gives the same list as the full state would.
"""

from __future__ import annotations

from service.engine.moves import Move
from service.engine.state import State, legal_moves
from service.engine.view import View


def seat_moves(view: View) -> list[Move]:
    """Every legal move of the viewing seat, which is to move, in the engine's order."""
    hands = tuple(view.hand if seat == view.seat else 0 for seat in range(view.rules.players))
    stand_in = State(
        rules=view.rules,
        dealer=view.dealer,
        hands=hands,
        table=view.table,
        piles=view.piles,
        scope=view.scope,
        stock=(),
        deals_made=view.deals_made,
        to_move=view.to_move,
        last_capturer=view.last_capturer,
        history=view.history,
        cut_card=view.cut_card,
        declarations=view.declarations,
        claimed_by=view.claimed_by,
        match_scores=view.match_scores,
        match_target=view.match_target,
    )
    return legal_moves(stand_in)
