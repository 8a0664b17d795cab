from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CategoryLoss")


@_attrs_define
class CategoryLoss:
    """
    Attributes:
        per_decision (float | None):
        per_hand (float | None):
    """

    per_decision: float | None
    per_hand: float | None

    def to_dict(self) -> dict[str, Any]:
        per_decision: float | None
        per_decision = self.per_decision

        per_hand: float | None
        per_hand = self.per_hand

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "per_decision": per_decision,
                "per_hand": per_hand,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_per_decision(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        per_decision = _parse_per_decision(d.pop("per_decision"))

        def _parse_per_hand(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        per_hand = _parse_per_hand(d.pop("per_hand"))

        category_loss = cls(
            per_decision=per_decision,
            per_hand=per_hand,
        )

        return category_loss
