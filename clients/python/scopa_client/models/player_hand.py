from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_record import HandRecord


T = TypeVar("T", bound="PlayerHand")


@_attrs_define
class PlayerHand:
    """
    Attributes:
        record (HandRecord):
        seat (int | Unset): the player's seat; omitted: the seat named `player` in the record's meta.players
    """

    record: HandRecord
    seat: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        record = self.record.to_dict()

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "record": record,
            }
        )
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_record import HandRecord  # noqa: PLC0415

        d = dict(src_dict)
        record = HandRecord.from_dict(d.pop("record"))

        seat = d.pop("seat", UNSET)

        player_hand = cls(
            record=record,
            seat=seat,
        )

        return player_hand
