"""The moves that play no card (the cutter's choice, a declaration, a claim): what each is
for, and the rule that picks one before any search."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from service.engine.moves import Move, MoveKind

SEARCH = "search"
DECLARATION = "declaration"
CUTTER_KEEPS = "cutter_keeps"
# How an advised move was chosen: the search's best play, or one of the rules below.
CHOSEN_BY = (SEARCH, DECLARATION, CUTTER_KEEPS)

UNRANKED_NOTES: Mapping[MoveKind, str] = MappingProxyType(
    {
        MoveKind.KEEP: "the cutter keeps the drawn card as the first of the hand; not ranked",
        MoveKind.TABLE: "the cutter lays the drawn card as the first table card; not ranked",
        MoveKind.DECLARE: "shows the hand for the declaration points; the seat then plays; "
        "not ranked (ask again after it)",
        MoveKind.CLAIM: "claims the match: right if the points already certain reach the "
        "target, else the match is lost; not ranked",
    }
)


def chosen_special(moves: Sequence[Move]) -> tuple[Move, str] | None:
    """The move chosen by rule before any search, and why: an open declaration is always made
    (it only adds points; the same seat then plays), the Chkobba cutter keeps the drawn card;
    a claim is never chosen."""
    for move in moves:
        if move.kind is MoveKind.DECLARE:
            return move, DECLARATION
        if move.kind is MoveKind.KEEP:
            return move, CUTTER_KEEPS
    return None
