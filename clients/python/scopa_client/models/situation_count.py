from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="SituationCount")


@_attrs_define
class SituationCount:
    """
    Attributes:
        per_hand (float | None):
        total (int):
    """

    per_hand: float | None
    total: int

    def to_dict(self) -> dict[str, Any]:
        per_hand: float | None
        per_hand = self.per_hand

        total = self.total

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "per_hand": per_hand,
                "total": total,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_per_hand(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        per_hand = _parse_per_hand(d.pop("per_hand"))

        total = d.pop("total")

        situation_count = cls(
            per_hand=per_hand,
            total=total,
        )

        return situation_count
