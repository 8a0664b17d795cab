from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.problem import Problem


T = TypeVar("T", bound="HandProblem")


@_attrs_define
class HandProblem:
    """
    Attributes:
        index (int):
        problem (Problem):
    """

    index: int
    problem: Problem

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        problem = self.problem.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "problem": problem,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.problem import Problem  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        problem = Problem.from_dict(d.pop("problem"))

        hand_problem = cls(
            index=index,
            problem=problem,
        )

        return hand_problem
