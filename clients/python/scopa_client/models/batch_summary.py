from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BatchSummary")


@_attrs_define
class BatchSummary:
    """
    Attributes:
        bypass (int):
        hit (int):
        miss (int):
    """

    bypass: int
    hit: int
    miss: int

    def to_dict(self) -> dict[str, Any]:
        bypass = self.bypass

        hit = self.hit

        miss = self.miss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "bypass": bypass,
                "hit": hit,
                "miss": miss,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        bypass = d.pop("bypass")

        hit = d.pop("hit")

        miss = d.pop("miss")

        batch_summary = cls(
            bypass=bypass,
            hit=hit,
            miss=miss,
        )

        return batch_summary
