from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RecordMatch")


@_attrs_define
class RecordMatch:
    """
    Attributes:
        scores (list[int] | Unset): one per side, before this hand
        target (int | Unset): omitted: the rules' target
    """

    scores: list[int] | Unset = UNSET
    target: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores

        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if scores is not UNSET:
            field_dict["scores"] = scores
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        scores = cast(list[int], d.pop("scores", UNSET))

        target = d.pop("target", UNSET)

        record_match = cls(
            scores=scores,
            target=target,
        )

        return record_match
