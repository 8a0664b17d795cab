from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.advice_request_rules_type_0 import AdviceRequestRulesType0, check_advice_request_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.budget import Budget
    from ..models.match_input import MatchInput
    from ..models.rules_options import RulesOptions
    from ..models.view import View


T = TypeVar("T", bound="AdviceRequest")


@_attrs_define
class AdviceRequest:
    """
    Attributes:
        view (View):
        budget (Budget | Unset):
        match (MatchInput | Unset):
        rules (AdviceRequestRulesType0 | RulesOptions | Unset): optional with view.rules; equal if both given
        seed (int | str | Unset): omitted: derived from the request, so equal requests agree
    """

    view: View
    budget: Budget | Unset = UNSET
    match: MatchInput | Unset = UNSET
    rules: AdviceRequestRulesType0 | RulesOptions | Unset = UNSET
    seed: int | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        view = self.view.to_dict()

        budget: dict[str, Any] | Unset = UNSET
        if not isinstance(self.budget, Unset):
            budget = self.budget.to_dict()

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        rules: dict[str, Any] | str | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "view": view,
            }
        )
        if budget is not UNSET:
            field_dict["budget"] = budget
        if match is not UNSET:
            field_dict["match"] = match
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.budget import Budget  # noqa: PLC0415
        from ..models.match_input import MatchInput  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)
        view = View.from_dict(d.pop("view"))

        _budget = d.pop("budget", UNSET)
        budget: Budget | Unset
        if isinstance(_budget, Unset):
            budget = UNSET
        else:
            budget = Budget.from_dict(_budget)

        _match = d.pop("match", UNSET)
        match: MatchInput | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = MatchInput.from_dict(_match)

        def _parse_rules(data: object) -> AdviceRequestRulesType0 | RulesOptions | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_advice_request_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules", UNSET))

        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        advice_request = cls(
            view=view,
            budget=budget,
            match=match,
            rules=rules,
            seed=seed,
        )

        return advice_request
