from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.view_request_rules_type_0 import ViewRequestRulesType0, check_view_request_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_options import RulesOptions
    from ..models.state import State


T = TypeVar("T", bound="ViewRequest")


@_attrs_define
class ViewRequest:
    """
    Attributes:
        seat (int):
        state (State):
        rules (RulesOptions | Unset | ViewRequestRulesType0): optional: must equal state.rules when both given
    """

    seat: int
    state: State
    rules: RulesOptions | Unset | ViewRequestRulesType0 = UNSET

    def to_dict(self) -> dict[str, Any]:
        seat = self.seat

        state = self.state.to_dict()

        rules: dict[str, Any] | str | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "seat": seat,
                "state": state,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_options import RulesOptions  # noqa: PLC0415
        from ..models.state import State  # noqa: PLC0415

        d = dict(src_dict)
        seat = d.pop("seat")

        state = State.from_dict(d.pop("state"))

        def _parse_rules(data: object) -> RulesOptions | Unset | ViewRequestRulesType0:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_view_request_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules", UNSET))

        view_request = cls(
            seat=seat,
            state=state,
            rules=rules,
        )

        return view_request
