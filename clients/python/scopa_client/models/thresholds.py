from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="Thresholds")


@_attrs_define
class Thresholds:
    """
    Attributes:
        blunder (float):
        inaccuracy (float):
        mistake (float):
    """

    blunder: float
    inaccuracy: float
    mistake: float

    def to_dict(self) -> dict[str, Any]:
        blunder = self.blunder

        inaccuracy = self.inaccuracy

        mistake = self.mistake

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "blunder": blunder,
                "inaccuracy": inaccuracy,
                "mistake": mistake,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        blunder = d.pop("blunder")

        inaccuracy = d.pop("inaccuracy")

        mistake = d.pop("mistake")

        thresholds = cls(
            blunder=blunder,
            inaccuracy=inaccuracy,
            mistake=mistake,
        )

        return thresholds
