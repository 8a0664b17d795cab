from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.costly_decision_label import CostlyDecisionLabel, check_costly_decision_label
from ..types import UNSET, Unset

T = TypeVar("T", bound="CostlyDecision")


@_attrs_define
class CostlyDecision:
    """
    Attributes:
        index (int):
        label (CostlyDecisionLabel):
        loss (float):
        win_probability_loss (float | None | Unset):
    """

    index: int
    label: CostlyDecisionLabel
    loss: float
    win_probability_loss: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        label: str = self.label

        loss = self.loss

        win_probability_loss: float | None | Unset
        if isinstance(self.win_probability_loss, Unset):
            win_probability_loss = UNSET
        else:
            win_probability_loss = self.win_probability_loss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "label": label,
                "loss": loss,
            }
        )
        if win_probability_loss is not UNSET:
            field_dict["win_probability_loss"] = win_probability_loss

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        index = d.pop("index")

        label = check_costly_decision_label(d.pop("label"))

        loss = d.pop("loss")

        def _parse_win_probability_loss(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        win_probability_loss = _parse_win_probability_loss(d.pop("win_probability_loss", UNSET))

        costly_decision = cls(
            index=index,
            label=label,
            loss=loss,
            win_probability_loss=win_probability_loss,
        )

        return costly_decision
