from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.drill_why_breakdown import DrillWhyBreakdown
    from ..models.drill_why_sweep_risk import DrillWhySweepRisk


T = TypeVar("T", bound="DrillWhy")


@_attrs_define
class DrillWhy:
    """
    Attributes:
        breakdown (DrillWhyBreakdown): by scoring category: the best move's value less the played
        sweep_risk (DrillWhySweepRisk): the share of worlds where the next player can sweep
        text (str): in the request's language
    """

    breakdown: DrillWhyBreakdown
    sweep_risk: DrillWhySweepRisk
    text: str

    def to_dict(self) -> dict[str, Any]:
        breakdown = self.breakdown.to_dict()

        sweep_risk = self.sweep_risk.to_dict()

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "breakdown": breakdown,
                "sweep_risk": sweep_risk,
                "text": text,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.drill_why_breakdown import DrillWhyBreakdown  # noqa: PLC0415
        from ..models.drill_why_sweep_risk import DrillWhySweepRisk  # noqa: PLC0415

        d = dict(src_dict)
        breakdown = DrillWhyBreakdown.from_dict(d.pop("breakdown"))

        sweep_risk = DrillWhySweepRisk.from_dict(d.pop("sweep_risk"))

        text = d.pop("text")

        drill_why = cls(
            breakdown=breakdown,
            sweep_risk=sweep_risk,
            text=text,
        )

        return drill_why
