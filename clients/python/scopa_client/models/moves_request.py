from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.moves_request_rules_type_0 import MovesRequestRulesType0, check_moves_request_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_options import RulesOptions
    from ..models.state import State


T = TypeVar("T", bound="MovesRequest")


@_attrs_define
class MovesRequest:
    """
    Attributes:
        hand (list[str] | Unset): light form: the cards in hand
        rules (MovesRequestRulesType0 | RulesOptions | Unset): required with hand and table; with a state, it may be
            omitted
        state (State | Unset):
        table (list[str] | Unset): light form: the cards on the table
    """

    hand: list[str] | Unset = UNSET
    rules: MovesRequestRulesType0 | RulesOptions | Unset = UNSET
    state: State | Unset = UNSET
    table: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hand: list[str] | Unset = UNSET
        if not isinstance(self.hand, Unset):
            hand = self.hand

        rules: dict[str, Any] | str | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.to_dict()

        table: list[str] | Unset = UNSET
        if not isinstance(self.table, Unset):
            table = self.table

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if hand is not UNSET:
            field_dict["hand"] = hand
        if rules is not UNSET:
            field_dict["rules"] = rules
        if state is not UNSET:
            field_dict["state"] = state
        if table is not UNSET:
            field_dict["table"] = table

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_options import RulesOptions  # noqa: PLC0415
        from ..models.state import State  # noqa: PLC0415

        d = dict(src_dict)
        hand = cast(list[str], d.pop("hand", UNSET))

        def _parse_rules(data: object) -> MovesRequestRulesType0 | RulesOptions | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_moves_request_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules", UNSET))

        _state = d.pop("state", UNSET)
        state: State | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = State.from_dict(_state)

        table = cast(list[str], d.pop("table", UNSET))

        moves_request = cls(
            hand=hand,
            rules=rules,
            state=state,
            table=table,
        )

        return moves_request
