from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.problem_type import ProblemType, check_problem_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.move import Move
    from ..models.problem_errors import ProblemErrors
    from ..models.problem_largest_budget import ProblemLargestBudget


T = TypeVar("T", bound="Problem")


@_attrs_define
class Problem:
    """
    Attributes:
        detail (str):
        errors (ProblemErrors): messages by field path, e.g. state.hands[2] or rules.players Example: {'state.hands[1]':
            ['holds 2 cards; after 1 plays of this deal ...']}.
        status (int):
        title (str):
        type_ (ProblemType): the kind of problem; each is documented on the service's /problems page under the last part
            of its URI (/problems#validation; about:blank at /problems#blank)
        instance (str | Unset): this occurrence: urn:scopa:request:<its X-Request-ID>
        largest_budget (ProblemLargestBudget | Unset): for a review over its total budget: the largest budget per
            decision that the record allows, {"ms": N} or {"iterations": N}
        legal_moves (list[Move] | Unset): for an illegal move: the legal moves of the state
        move_index (int | Unset): for a hand record's illegal move: its index in moves
    """

    detail: str
    errors: ProblemErrors
    status: int
    title: str
    type_: ProblemType
    instance: str | Unset = UNSET
    largest_budget: ProblemLargestBudget | Unset = UNSET
    legal_moves: list[Move] | Unset = UNSET
    move_index: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        detail = self.detail

        errors = self.errors.to_dict()

        status = self.status

        title = self.title

        type_: str = self.type_

        instance = self.instance

        largest_budget: dict[str, Any] | Unset = UNSET
        if not isinstance(self.largest_budget, Unset):
            largest_budget = self.largest_budget.to_dict()

        legal_moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.legal_moves, Unset):
            legal_moves = []
            for legal_moves_item_data in self.legal_moves:
                legal_moves_item = legal_moves_item_data.to_dict()
                legal_moves.append(legal_moves_item)

        move_index = self.move_index

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "detail": detail,
                "errors": errors,
                "status": status,
                "title": title,
                "type": type_,
            }
        )
        if instance is not UNSET:
            field_dict["instance"] = instance
        if largest_budget is not UNSET:
            field_dict["largest_budget"] = largest_budget
        if legal_moves is not UNSET:
            field_dict["legal_moves"] = legal_moves
        if move_index is not UNSET:
            field_dict["move_index"] = move_index

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415
        from ..models.problem_errors import ProblemErrors  # noqa: PLC0415
        from ..models.problem_largest_budget import ProblemLargestBudget  # noqa: PLC0415

        d = dict(src_dict)
        detail = d.pop("detail")

        errors = ProblemErrors.from_dict(d.pop("errors"))

        status = d.pop("status")

        title = d.pop("title")

        type_ = check_problem_type(d.pop("type"))

        instance = d.pop("instance", UNSET)

        _largest_budget = d.pop("largest_budget", UNSET)
        largest_budget: ProblemLargestBudget | Unset
        if isinstance(_largest_budget, Unset):
            largest_budget = UNSET
        else:
            largest_budget = ProblemLargestBudget.from_dict(_largest_budget)

        _legal_moves = d.pop("legal_moves", UNSET)
        legal_moves: list[Move] | Unset = UNSET
        if _legal_moves is not UNSET:
            legal_moves = []
            for legal_moves_item_data in _legal_moves:
                legal_moves_item = Move.from_dict(legal_moves_item_data)

                legal_moves.append(legal_moves_item)

        move_index = d.pop("move_index", UNSET)

        problem = cls(
            detail=detail,
            errors=errors,
            status=status,
            title=title,
            type_=type_,
            instance=instance,
            largest_budget=largest_budget,
            legal_moves=legal_moves,
            move_index=move_index,
        )

        return problem
