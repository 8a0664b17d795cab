from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Prime")


@_attrs_define
class Prime:
    """
    Attributes:
        all_suits (bool): the prime's cards cover every suit (a complete prime)
        cards (list[str]):
        value (float | list[int]): a sum of prime values, or rank counts for count-based prime tables
        from_points (bool | Unset): from a tally: true when the value is the side's prime_points, counted with no cards
            named (cards is then empty)
    """

    all_suits: bool
    cards: list[str]
    value: float | list[int]
    from_points: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        all_suits = self.all_suits

        cards = self.cards

        value: float | list[int]
        if isinstance(self.value, list):
            value = self.value

        else:
            value = self.value

        from_points = self.from_points

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "all_suits": all_suits,
                "cards": cards,
                "value": value,
            }
        )
        if from_points is not UNSET:
            field_dict["from_points"] = from_points

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

        from_points = d.pop("from_points", UNSET)

        prime = cls(
            all_suits=all_suits,
            cards=cards,
            value=value,
            from_points=from_points,
        )

        return prime
