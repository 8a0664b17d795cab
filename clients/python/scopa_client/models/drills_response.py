from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.budget import Budget
    from ..models.drill import Drill
    from ..models.drill_rule import DrillRule
    from ..models.hand_problem import HandProblem


T = TypeVar("T", bound="DrillsResponse")


@_attrs_define
class DrillsResponse:
    """
    Attributes:
        budget (Budget):
        candidates (int): decisions labelled mistake or blunder
        drill_budget (Budget):
        drills (list[Drill]):
        hands (int): hands reviewed
        problems (list[HandProblem]):
        rule (DrillRule):
        seed (int | str): the same seed deals the same cards
    """

    budget: Budget
    candidates: int
    drill_budget: Budget
    drills: list[Drill]
    hands: int
    problems: list[HandProblem]
    rule: DrillRule
    seed: int | str

    def to_dict(self) -> dict[str, Any]:
        budget = self.budget.to_dict()

        candidates = self.candidates

        drill_budget = self.drill_budget.to_dict()

        drills = []
        for drills_item_data in self.drills:
            drills_item = drills_item_data.to_dict()
            drills.append(drills_item)

        hands = self.hands

        problems = []
        for problems_item_data in self.problems:
            problems_item = problems_item_data.to_dict()
            problems.append(problems_item)

        rule = self.rule.to_dict()

        seed: int | str
        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "budget": budget,
                "candidates": candidates,
                "drill_budget": drill_budget,
                "drills": drills,
                "hands": hands,
                "problems": problems,
                "rule": rule,
                "seed": seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.budget import Budget  # noqa: PLC0415
        from ..models.drill import Drill  # noqa: PLC0415
        from ..models.drill_rule import DrillRule  # noqa: PLC0415
        from ..models.hand_problem import HandProblem  # noqa: PLC0415

        d = dict(src_dict)
        budget = Budget.from_dict(d.pop("budget"))

        candidates = d.pop("candidates")

        drill_budget = Budget.from_dict(d.pop("drill_budget"))

        drills = []
        _drills = d.pop("drills")
        for drills_item_data in _drills:
            drills_item = Drill.from_dict(drills_item_data)

            drills.append(drills_item)

        hands = d.pop("hands")

        problems = []
        _problems = d.pop("problems")
        for problems_item_data in _problems:
            problems_item = HandProblem.from_dict(problems_item_data)

            problems.append(problems_item)

        rule = DrillRule.from_dict(d.pop("rule"))

        def _parse_seed(data: object) -> int | str:
            return cast(int | str, data)

        seed = _parse_seed(d.pop("seed"))

        drills_response = cls(
            budget=budget,
            candidates=candidates,
            drill_budget=drill_budget,
            drills=drills,
            hands=hands,
            problems=problems,
            rule=rule,
            seed=seed,
        )

        return drills_response
