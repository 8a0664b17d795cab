from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="HandInsight")


@_attrs_define
class HandInsight:
    """
    Attributes:
        accuracy (float | None):
        date (None | str):
        decisions (int):
        index (int): its index in hands
        seat (int):
        total_loss (float):
    """

    accuracy: float | None
    date: None | str
    decisions: int
    index: int
    seat: int
    total_loss: float

    def to_dict(self) -> dict[str, Any]:
        accuracy: float | None
        accuracy = self.accuracy

        date: None | str
        date = self.date

        decisions = self.decisions

        index = self.index

        seat = self.seat

        total_loss = self.total_loss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accuracy": accuracy,
                "date": date,
                "decisions": decisions,
                "index": index,
                "seat": seat,
                "total_loss": total_loss,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        def _parse_date(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        date = _parse_date(d.pop("date"))

        decisions = d.pop("decisions")

        index = d.pop("index")

        seat = d.pop("seat")

        total_loss = d.pop("total_loss")

        hand_insight = cls(
            accuracy=accuracy,
            date=date,
            decisions=decisions,
            index=index,
            seat=seat,
            total_loss=total_loss,
        )

        return hand_insight
