from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.side_score import SideScore


T = TypeVar("T", bound="HandScore")


@_attrs_define
class HandScore:
    """
    Attributes:
        sides (list[SideScore]):
        totals (list[int]):
    """

    sides: list[SideScore]
    totals: list[int]

    def to_dict(self) -> dict[str, Any]:
        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        totals = self.totals

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sides": sides,
                "totals": totals,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.side_score import SideScore  # noqa: PLC0415

        d = dict(src_dict)
        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideScore.from_dict(sides_item_data)

            sides.append(sides_item)

        totals = cast(list[int], d.pop("totals"))

        hand_score = cls(
            sides=sides,
            totals=totals,
        )

        return hand_score
