from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_options import RulesOptions
    from ..models.tally_field import TallyField


T = TypeVar("T", bound="TallyForm")


@_attrs_define
class TallyForm:
    """
    Attributes:
        fields (list[TallyField]): each side's facts, in the order a form shows them
        hand (list[str]):
        sides (int):
        rules (RulesOptions | Unset):
    """

    fields: list[TallyField]
    hand: list[str]
    sides: int
    rules: RulesOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        fields = []
        for fields_item_data in self.fields:
            fields_item = fields_item_data.to_dict()
            fields.append(fields_item)

        hand = self.hand

        sides = self.sides

        rules: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rules, Unset):
            rules = self.rules.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "fields": fields,
                "hand": hand,
                "sides": sides,
            }
        )
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_options import RulesOptions  # noqa: PLC0415
        from ..models.tally_field import TallyField  # noqa: PLC0415

        d = dict(src_dict)
        fields = []
        _fields = d.pop("fields")
        for fields_item_data in _fields:
            fields_item = TallyField.from_dict(fields_item_data)

            fields.append(fields_item)

        hand = cast(list[str], d.pop("hand"))

        sides = d.pop("sides")

        _rules = d.pop("rules", UNSET)
        rules: RulesOptions | Unset
        if isinstance(_rules, Unset):
            rules = UNSET
        else:
            rules = RulesOptions.from_dict(_rules)

        tally_form = cls(
            fields=fields,
            hand=hand,
            sides=sides,
            rules=rules,
        )

        return tally_form
