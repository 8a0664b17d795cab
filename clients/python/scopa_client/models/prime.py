from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Prime")


@_attrs_define
class Prime:
    """
    Attributes:
        all_suits (bool): the prime's cards cover every suit (a complete prime)
        cards (list[str]):
        value (float | list[int]): a sum of prime values, or rank counts for count-based prime tables
    """

    all_suits: bool
    cards: list[str]
    value: float | list[int]

    def to_dict(self) -> dict[str, Any]:
        all_suits = self.all_suits

        cards = self.cards

        value: float | list[int]
        if isinstance(self.value, list):
            value = self.value

        else:
            value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "all_suits": all_suits,
                "cards": cards,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        all_suits = d.pop("all_suits")

        cards = cast(list[str], d.pop("cards"))

        def _parse_value(data: object) -> float | list[int]:
            try:
                if not isinstance(data, list):
                    raise TypeError()
                value_type_1 = cast(list[int], data)

                return value_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(float | list[int], data)

        value = _parse_value(d.pop("value"))

        prime = cls(
            all_suits=all_suits,
            cards=cards,
            value=value,
        )

        return prime
