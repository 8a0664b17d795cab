from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MatchInput")


@_attrs_define
class MatchInput:
    """
    Attributes:
        scores (list[int]):
        target (int | Unset):
    """

    scores: list[int]
    target: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        scores = self.scores

        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scores": scores,
            }
        )
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores"))

        target = d.pop("target", UNSET)

        match_input = cls(
            scores=scores,
            target=target,
        )

        return match_input
