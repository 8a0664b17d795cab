from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="HandDeal")


@_attrs_define
class HandDeal:
    """
    Attributes:
        hands (list[list[str]]): each seat's first hand (seat 0 first); empty with first_card_choice
        cut_card (str | Unset): first_card_choice (Chkobba) only: the card the cutter drew; kept, it is the cutter's
            first card and the hands are dealt from the stock after it; tabled, it is the first table card Example: 7D.
        stock (list[str] | Unset): the cards still to deal after the first deal, in dealing order (each later deal gives
            the seats their cards in turn from the one after the dealer); with first_card_choice, every card but cut_card
        table (list[str] | Unset): the initial table; empty with first_card_choice
    """

    hands: list[list[str]]
    cut_card: str | Unset = UNSET
    stock: list[str] | Unset = UNSET
    table: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        cut_card = self.cut_card

        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock

        table: list[str] | Unset = UNSET
        if not isinstance(self.table, Unset):
            table = self.table

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
            }
        )
        if cut_card is not UNSET:
            field_dict["cut_card"] = cut_card
        if stock is not UNSET:
            field_dict["stock"] = stock
        if table is not UNSET:
            field_dict["table"] = table

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)

        cut_card = d.pop("cut_card", UNSET)

        stock = cast(list[str], d.pop("stock", UNSET))

        table = cast(list[str], d.pop("table", UNSET))

        hand_deal = cls(
            hands=hands,
            cut_card=cut_card,
            stock=stock,
            table=table,
        )

        return hand_deal
