"""The moves that play no card (the cutter's choice, a declaration or its decline, a claim):
what each is for, and the rule that picks one before any search."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from service.engine.moves import Move, MoveKind

SEARCH = "search"
POLICY = "policy"
DECLARATION = "declaration"
NO_DECLARATION = "no_declaration"
CUTTER_KEEPS = "cutter_keeps"
# How an advised move was chosen: the search's best play, the play model's best when the search
# had no world in time, or one of the rules below.
CHOSEN_BY = (SEARCH, POLICY, DECLARATION, NO_DECLARATION, CUTTER_KEEPS)

UNRANKED_NOTES: Mapping[MoveKind, str] = MappingProxyType(
    {
        MoveKind.KEEP: "the cutter keeps the drawn card as the first of the hand; not ranked",
        MoveKind.TABLE: "the cutter lays the drawn card as the first table card; not ranked",
        MoveKind.DECLARE: "shows the hand for the declaration points in the round after the "
        "deal; not ranked (ask again after it)",
        MoveKind.DECLINE: "declares nothing this deal, in the round after the deal; not ranked "
        "(ask again after it)",
        MoveKind.CLAIM: "claims the match: right if the points already certain reach the "
        "target, else the match is lost; not ranked",
    }
)


def chosen_special(moves: Sequence[Move]) -> tuple[Move, str] | None:
    """The move chosen by rule before any search, and why: in the declaration round a hand
    that declares something is always declared (it only adds points), else the seat
    declines; the Chkobba cutter keeps the drawn card; a claim is never chosen."""
    by_kind = {move.kind: move for move in moves}
    for kind, why in RULED:
        if kind in by_kind:
            return by_kind[kind], why
    return None


# The moves chosen by rule, in order of preference, and how the advice names the choice.
RULED = (
    (MoveKind.DECLARE, DECLARATION),
    (MoveKind.DECLINE, NO_DECLARATION),
    (MoveKind.KEEP, CUTTER_KEEPS),
)
