from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CalibrationUsed")


@_attrs_define
class CalibrationUsed:
    """
    Attributes:
        hands (int):
        preset (str):
        same_rules (bool):
        styles (list[str]):
    """

    hands: int
    preset: str
    same_rules: bool
    styles: list[str]

    def to_dict(self) -> dict[str, Any]:
        hands = self.hands

        preset = self.preset

        same_rules = self.same_rules

        styles = self.styles

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
                "preset": preset,
                "same_rules": same_rules,
                "styles": styles,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hands = d.pop("hands")

        preset = d.pop("preset")

        same_rules = d.pop("same_rules")

        styles = cast(list[str], d.pop("styles"))

        calibration_used = cls(
            hands=hands,
            preset=preset,
            same_rules=same_rules,
            styles=styles,
        )

        return calibration_used
