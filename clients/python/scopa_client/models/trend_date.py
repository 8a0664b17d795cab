from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="TrendDate")


@_attrs_define
class TrendDate:
    """
    Attributes:
        accuracy (float | None):
        date (str):
        decisions (int):
        hands (int):
        mean_loss (float | None):
    """

    accuracy: float | None
    date: str
    decisions: int
    hands: int
    mean_loss: float | None

    def to_dict(self) -> dict[str, Any]:
        accuracy: float | None
        accuracy = self.accuracy

        date = self.date

        decisions = self.decisions

        hands = self.hands

        mean_loss: float | None
        mean_loss = self.mean_loss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accuracy": accuracy,
                "date": date,
                "decisions": decisions,
                "hands": hands,
                "mean_loss": mean_loss,
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

        date = d.pop("date")

        decisions = d.pop("decisions")

        hands = d.pop("hands")

        def _parse_mean_loss(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_loss = _parse_mean_loss(d.pop("mean_loss"))

        trend_date = cls(
            accuracy=accuracy,
            date=date,
            decisions=decisions,
            hands=hands,
            mean_loss=mean_loss,
        )

        return trend_date
