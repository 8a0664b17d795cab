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
        totals (list[int | None]):
    """

    sides: list[SideScore]
    totals: list[int | None]

    def to_dict(self) -> dict[str, Any]:
        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        totals = []
        for totals_item_data in self.totals:
            totals_item: int | None
            totals_item = totals_item_data
            totals.append(totals_item)

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

        totals = []
        _totals = d.pop("totals")
        for totals_item_data in _totals:

            def _parse_totals_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            totals_item = _parse_totals_item(totals_item_data)

            totals.append(totals_item)

        hand_score = cls(
            sides=sides,
            totals=totals,
        )

        return hand_score
