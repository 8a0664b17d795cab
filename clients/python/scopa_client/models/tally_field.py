from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.tally_field_type import TallyFieldType, check_tally_field_type
from ..types import UNSET, Unset

T = TypeVar("T", bound="TallyField")


@_attrs_define
class TallyField:
    """
    Attributes:
        category (str):
        description (str):
        name (str):
        type_ (TallyFieldType):
        cards (list[str] | Unset): boolean: the cards it is about; cards: the cards it may list
        choices (list[int] | Unset): the only values taken
        instead_of (str | Unset): the field this one may be counted instead of, or beside (the prime's points for its
            cards)
        max_items (int | Unset): cards: the most cards listed
        maximum (int | Unset):
        minimum (int | Unset):
        one_per_suit (bool | Unset): cards: one card of a suit at most
    """

    category: str
    description: str
    name: str
    type_: TallyFieldType
    cards: list[str] | Unset = UNSET
    choices: list[int] | Unset = UNSET
    instead_of: str | Unset = UNSET
    max_items: int | Unset = UNSET
    maximum: int | Unset = UNSET
    minimum: int | Unset = UNSET
    one_per_suit: bool | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        category = self.category

        description = self.description

        name = self.name

        type_: str = self.type_

        cards: list[str] | Unset = UNSET
        if not isinstance(self.cards, Unset):
            cards = self.cards

        choices: list[int] | Unset = UNSET
        if not isinstance(self.choices, Unset):
            choices = self.choices

        instead_of = self.instead_of

        max_items = self.max_items

        maximum = self.maximum

        minimum = self.minimum

        one_per_suit = self.one_per_suit

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "category": category,
                "description": description,
                "name": name,
                "type": type_,
            }
        )
        if cards is not UNSET:
            field_dict["cards"] = cards
        if choices is not UNSET:
            field_dict["choices"] = choices
        if instead_of is not UNSET:
            field_dict["instead_of"] = instead_of
        if max_items is not UNSET:
            field_dict["max_items"] = max_items
        if maximum is not UNSET:
            field_dict["maximum"] = maximum
        if minimum is not UNSET:
            field_dict["minimum"] = minimum
        if one_per_suit is not UNSET:
            field_dict["one_per_suit"] = one_per_suit

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        category = d.pop("category")

        description = d.pop("description")

        name = d.pop("name")

        type_ = check_tally_field_type(d.pop("type"))

        cards = cast(list[str], d.pop("cards", UNSET))

        choices = cast(list[int], d.pop("choices", UNSET))

        instead_of = d.pop("instead_of", UNSET)

        max_items = d.pop("max_items", UNSET)

        maximum = d.pop("maximum", UNSET)

        minimum = d.pop("minimum", UNSET)

        one_per_suit = d.pop("one_per_suit", UNSET)

        tally_field = cls(
            category=category,
            description=description,
            name=name,
            type_=type_,
            cards=cards,
            choices=choices,
            instead_of=instead_of,
            max_items=max_items,
            maximum=maximum,
            minimum=minimum,
            one_per_suit=one_per_suit,
        )

        return tally_field
