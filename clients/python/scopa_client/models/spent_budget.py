from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="SpentBudget")


@_attrs_define
class SpentBudget:
    """
    Attributes:
        iterations (int | Unset):  Example: 8.
        ms (int | Unset):  Example: 20.
    """

    iterations: int | Unset = UNSET
    ms: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        iterations = self.iterations

        ms = self.ms

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if iterations is not UNSET:
            field_dict["iterations"] = iterations
        if ms is not UNSET:
            field_dict["ms"] = ms

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        iterations = d.pop("iterations", UNSET)

        ms = d.pop("ms", UNSET)

        spent_budget = cls(
            iterations=iterations,
            ms=ms,
        )

        return spent_budget
