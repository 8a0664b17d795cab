from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.valued_move_kind import ValuedMoveKind, check_valued_move_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="ValuedMove")


@_attrs_define
class ValuedMove:
    """
    Attributes:
        capture (list[str]): table cards taken; [] lays the card
        honest_value (float): to the search of the seat's own view
        leaked_value (float): to the search told the leaked hands
        sweep (bool):
        card (str | Unset): absent in a claim Example: 7D.
        kind (ValuedMoveKind | Unset): omitted or play: a card played; pass: an ace put in the pile (ace_may_pass); keep
            / table: the Chkobba cutter keeps the drawn card or lays it on the table; declare: the whole hand shown in the
            declaration round (card and capture together); decline: nothing declared in that round (no card); claim: the
            side claims the match (no card)
    """

    capture: list[str]
    honest_value: float
    leaked_value: float
    sweep: bool
    card: str | Unset = UNSET
    kind: ValuedMoveKind | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        capture = self.capture

        honest_value = self.honest_value

        leaked_value = self.leaked_value

        sweep = self.sweep

        card = self.card

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "capture": capture,
                "honest_value": honest_value,
                "leaked_value": leaked_value,
                "sweep": sweep,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        capture = cast(list[str], d.pop("capture"))

        honest_value = d.pop("honest_value")

        leaked_value = d.pop("leaked_value")

        sweep = d.pop("sweep")

        card = d.pop("card", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: ValuedMoveKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = check_valued_move_kind(_kind)

        valued_move = cls(
            capture=capture,
            honest_value=honest_value,
            leaked_value=leaked_value,
            sweep=sweep,
            card=card,
            kind=kind,
        )

        return valued_move
