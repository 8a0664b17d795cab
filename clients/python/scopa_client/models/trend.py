from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.trend_date import TrendDate


T = TypeVar("T", bound="Trend")


@_attrs_define
class Trend:
    """
    Attributes:
        dates (list[TrendDate]):
        slope_per_30_days (float | None): least-squares change of a hand's accuracy per 30 days (null with fewer than
            two dates)
        undated (int): hands without a meta.date (ISO 8601)
    """

    dates: list[TrendDate]
    slope_per_30_days: float | None
    undated: int

    def to_dict(self) -> dict[str, Any]:
        dates = []
        for dates_item_data in self.dates:
            dates_item = dates_item_data.to_dict()
            dates.append(dates_item)

        slope_per_30_days: float | None
        slope_per_30_days = self.slope_per_30_days

        undated = self.undated

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dates": dates,
                "slope_per_30_days": slope_per_30_days,
                "undated": undated,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.trend_date import TrendDate  # noqa: PLC0415

        d = dict(src_dict)
        dates = []
        _dates = d.pop("dates")
        for dates_item_data in _dates:
            dates_item = TrendDate.from_dict(dates_item_data)

            dates.append(dates_item)

        def _parse_slope_per_30_days(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        slope_per_30_days = _parse_slope_per_30_days(d.pop("slope_per_30_days"))

        undated = d.pop("undated")

        trend = cls(
            dates=dates,
            slope_per_30_days=slope_per_30_days,
            undated=undated,
        )

        return trend
