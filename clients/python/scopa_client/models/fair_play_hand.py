from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_record import HandRecord


T = TypeVar("T", bound="FairPlayHand")


@_attrs_define
class FairPlayHand:
    """
    Attributes:
        record (HandRecord):
        pair_seat (int | Unset): the other seat of a pair to judge together (a table of three seats or more); omitted:
            the seat named `pair` in meta.players, or no pair
        seat (int | Unset): the player's seat; omitted: the seat named `player` in the record's meta.players
    """

    record: HandRecord
    pair_seat: int | Unset = UNSET
    seat: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        record = self.record.to_dict()

        pair_seat = self.pair_seat

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "record": record,
            }
        )
        if pair_seat is not UNSET:
            field_dict["pair_seat"] = pair_seat
        if seat is not UNSET:
            field_dict["seat"] = seat

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_record import HandRecord  # noqa: PLC0415

        d = dict(src_dict)
        record = HandRecord.from_dict(d.pop("record"))

        pair_seat = d.pop("pair_seat", UNSET)

        seat = d.pop("seat", UNSET)

        fair_play_hand = cls(
            record=record,
            pair_seat=pair_seat,
            seat=seat,
        )

        return fair_play_hand
