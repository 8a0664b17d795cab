from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Pile")


@_attrs_define
class Pile:
    """
    Attributes:
        cards (list[str]):
        scope (int | Unset):  Default: 0.
    """

    cards: list[str]
    scope: int | Unset = 0

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        scope = self.scope

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
            }
        )
        if scope is not UNSET:
            field_dict["scope"] = scope

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        scope = d.pop("scope", UNSET)

        pile = cls(
            cards=cards,
            scope=scope,
        )

        return pile
