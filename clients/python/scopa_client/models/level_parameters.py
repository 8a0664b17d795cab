from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="LevelParameters")


@_attrs_define
class LevelParameters:
    """the human model's parameters (none for master): chances of forgetting a card played (forget) or that the settebello
    or a rank's last copy is out (forget_key), of missing a capture's each extra card (miss_capture) or the next
    player's sweep (miss_threat), of forgetting to declare (forget_declare) and of claiming a won match (claim); weights
    of the next player's reply (caution) and of the own next capture (plan); the points a capture is worth above its
    cards (grab); the choice's temperature in hand points (noise)

    """

    additional_properties: dict[str, float] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        level_parameters = cls()

        level_parameters.additional_properties = d
        return level_parameters

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> float:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: float) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
