from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Scalette")


@_attrs_define
class Scalette:
    """
    Attributes:
        high (int):
        low (int):
    """

    high: int
    low: int

    def to_dict(self) -> dict[str, Any]:
        high = self.high

        low = self.low

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "high": high,
                "low": low,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        high = d.pop("high")

        low = d.pop("low")

        scalette = cls(
            high=high,
            low=low,
        )

        return scalette
