from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="DrillRule")


@_attrs_define
class DrillRule:
    """
    Attributes:
        least_loss (float):
        margin (float):
        margin_z (float):
    """

    least_loss: float
    margin: float
    margin_z: float

    def to_dict(self) -> dict[str, Any]:
        least_loss = self.least_loss

        margin = self.margin

        margin_z = self.margin_z

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "least_loss": least_loss,
                "margin": margin,
                "margin_z": margin_z,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        least_loss = d.pop("least_loss")

        margin = d.pop("margin")

        margin_z = d.pop("margin_z")

        drill_rule = cls(
            least_loss=least_loss,
            margin=margin,
            margin_z=margin_z,
        )

        return drill_rule
