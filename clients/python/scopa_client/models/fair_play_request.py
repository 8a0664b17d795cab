from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fair_play_hand import FairPlayHand


T = TypeVar("T", bound="FairPlayRequest")


@_attrs_define
class FairPlayRequest:
    """
    Attributes:
        hands (list[FairPlayHand]): the player's hands; at most BATCH_MAX_RECORDS (200 by default)
        pair (str | Unset): the pair's other player's name, as meta.players gives it
        player (str | Unset): the player's name, as meta.players gives it
    """

    hands: list[FairPlayHand]
    pair: str | Unset = UNSET
    player: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        pair = self.pair

        player = self.player

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
            }
        )
        if pair is not UNSET:
            field_dict["pair"] = pair
        if player is not UNSET:
            field_dict["player"] = player

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fair_play_hand import FairPlayHand  # noqa: PLC0415

        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = FairPlayHand.from_dict(hands_item_data)

            hands.append(hands_item)

        pair = d.pop("pair", UNSET)

        player = d.pop("player", UNSET)

        fair_play_request = cls(
            hands=hands,
            pair=pair,
            player=player,
        )

        return fair_play_request
