from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.level import Level


T = TypeVar("T", bound="Levels")


@_attrs_define
class Levels:
    """
    Attributes:
        levels (list[Level]):
    """

    levels: list[Level]

    def to_dict(self) -> dict[str, Any]:
        levels = []
        for levels_item_data in self.levels:
            levels_item = levels_item_data.to_dict()
            levels.append(levels_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "levels": levels,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.level import Level  # noqa: PLC0415

        d = dict(src_dict)
        levels = []
        _levels = d.pop("levels")
        for levels_item_data in _levels:
            levels_item = Level.from_dict(levels_item_data)

            levels.append(levels_item)

        levels = cls(
            levels=levels,
        )

        return levels
