"""The fields some variants add to a hand, declared once for its state, its views and checks."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from service.engine.cards import Card
from service.engine.declarations import Declaration


@dataclass(frozen=True, slots=True, kw_only=True)
class VariantFields:
    """The cutter's card, the declarations and their round, a claim and the match around the
    hand."""

    # Chkobba: the card the cutter drew and must keep or lay before the first deal is
    # completed; a view shows it to the cutter only.
    cut_card: Card | None = None
    # Declarations shown so far in the hand (Bazzica, Sbarazzina, Cirulla); they are public.
    declarations: tuple[Declaration, ...] = ()
    # Declarations: the round right after a three-card deal is open. Each seat in turn, from
    # the one after the dealer (``to_move`` is the seat to act), declares or declines before
    # any card of the deal is played; the round closes after the dealer's turn.
    declaration_round: bool = False
    # Claims: the seat whose claim ended the hand, and the match around the hand (scores
    # before it, one per side; () means 0 each) that a claim is checked against.
    claimed_by: int | None = None
    match_scores: tuple[int, ...] = ()
    match_target: int | None = None


VARIANT_FIELD_NAMES: tuple[str, ...] = tuple(f.name for f in fields(VariantFields))


def variant_fields(source: VariantFields) -> dict[str, Any]:
    """The variant fields of a state, view or layout, as keywords to build another."""
    return {name: getattr(source, name) for name in VARIANT_FIELD_NAMES}
