from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="InterpretedMean")


@_attrs_define
class InterpretedMean:
    """
    Attributes:
        high (float | None):
        low (float | None):
        value (float | None):
    """

    high: float | None
    low: float | None
    value: float | None

    def to_dict(self) -> dict[str, Any]:
        high: float | None
        high = self.high

        low: float | None
        low = self.low

        value: float | None
        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "high": high,
                "low": low,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_high(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        high = _parse_high(d.pop("high"))

        def _parse_low(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        low = _parse_low(d.pop("low"))

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        interpreted_mean = cls(
            high=high,
            low=low,
            value=value,
        )

        return interpreted_mean
