from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.history_play_kind import HistoryPlayKind, check_history_play_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="HistoryPlay")


@_attrs_define
class HistoryPlay:
    """
    Attributes:
        seat (int):
        capture (list[str] | Unset): table cards taken; [] lays the card
        card (str | Unset): the card played; absent in a claim or decline Example: 7D.
        kind (HistoryPlayKind | Unset): omitted or play: a card played; pass: an ace put in the pile (ace_may_pass);
            keep / table: the Chkobba cutter keeps the drawn card or lays it on the table; declare: the whole hand shown in
            the declaration round (card and capture together); decline: nothing declared in that round (no card); claim: the
            side claims the match (no card)
    """

    seat: int
    capture: list[str] | Unset = UNSET
    card: str | Unset = UNSET
    kind: HistoryPlayKind | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        capture: list[str] | Unset = UNSET
        if not isinstance(self.capture, Unset):
            capture = self.capture

        card = self.card

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
            }
        )
        if capture is not UNSET:
            field_dict["capture"] = capture
        if card is not UNSET:
            field_dict["card"] = card
        if kind is not UNSET:
            field_dict["kind"] = kind

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        seat = d.pop("seat")

        capture = cast(list[str], d.pop("capture", UNSET))

        card = d.pop("card", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: HistoryPlayKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = check_history_play_kind(_kind)

        history_play = cls(
            seat=seat,
            capture=capture,
            card=card,
            kind=kind,
        )

        return history_play
