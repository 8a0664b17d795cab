from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.problem_kind import ProblemKind


T = TypeVar("T", bound="ProblemKinds")


@_attrs_define
class ProblemKinds:
    """
    Attributes:
        types (list[ProblemKind]):
    """

    types: list[ProblemKind]

    def to_dict(self) -> dict[str, Any]:
        types = []
        for types_item_data in self.types:
            types_item = types_item_data.to_dict()
            types.append(types_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "types": types,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem_kind import ProblemKind  # noqa: PLC0415

        d = dict(src_dict)
        types = []
        _types = d.pop("types")
        for types_item_data in _types:
            types_item = ProblemKind.from_dict(types_item_data)

            types.append(types_item)

        problem_kinds = cls(
            types=types,
        )

        return problem_kinds
