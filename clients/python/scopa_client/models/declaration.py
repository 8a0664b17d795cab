from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Declaration")


@_attrs_define
class Declaration:
    """
    Attributes:
        cards (list[str]): the cards shown
        deal (int): the deal, counted from 1
        seat (int):
    """

    cards: list[str]
    deal: int
    seat: int

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        deal = self.deal

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "deal": deal,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        deal = d.pop("deal")

        seat = d.pop("seat")

        declaration = cls(
            cards=cards,
            deal=deal,
            seat=seat,
        )

        return declaration
