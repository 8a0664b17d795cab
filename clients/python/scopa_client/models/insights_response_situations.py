from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.situation_count import SituationCount


T = TypeVar("T", bound="InsightsResponseSituations")


@_attrs_define
class InsightsResponseSituations:
    """sweeps_conceded: the other side swept right after the player's play; sweeps_missed: a sweep was legal and not
    played; settebello_lost: left on the table and taken next when another play would not have left it; sevens_given:
    the same for the other sevens

    """

    additional_properties: dict[str, SituationCount] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:

        field_dict: dict[str, Any] = {}
        for prop_name, prop in self.additional_properties.items():
            field_dict[prop_name] = prop.to_dict()

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.situation_count import SituationCount  # noqa: PLC0415

        d = dict(src_dict)
        insights_response_situations = cls()

        additional_properties = {}
        for prop_name, prop_dict in d.items():
            additional_property = SituationCount.from_dict(prop_dict)

            additional_properties[prop_name] = additional_property

        insights_response_situations.additional_properties = additional_properties
        return insights_response_situations

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> SituationCount:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: SituationCount) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
