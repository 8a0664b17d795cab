from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.budget import Budget
    from ..models.player_hand import PlayerHand


T = TypeVar("T", bound="DrillsRequest")


@_attrs_define
class DrillsRequest:
    """
    Attributes:
        hands (list[PlayerHand]): the player's hands; at most BATCH_MAX_RECORDS (200 by default)
        budget (Budget | Unset):
        drill_budget (Budget | Unset):
        player (str | Unset): the player's name, as meta.players gives it
        seed (int | str | Unset): the reviews' seed (default 0)
    """

    hands: list[PlayerHand]
    budget: Budget | Unset = UNSET
    drill_budget: Budget | Unset = UNSET
    player: str | Unset = UNSET
    seed: int | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        budget: dict[str, Any] | Unset = UNSET
        if not isinstance(self.budget, Unset):
            budget = self.budget.to_dict()

        drill_budget: dict[str, Any] | Unset = UNSET
        if not isinstance(self.drill_budget, Unset):
            drill_budget = self.drill_budget.to_dict()

        player = self.player

        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
            }
        )
        if budget is not UNSET:
            field_dict["budget"] = budget
        if drill_budget is not UNSET:
            field_dict["drill_budget"] = drill_budget
        if player is not UNSET:
            field_dict["player"] = player
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.budget import Budget  # noqa: PLC0415
        from ..models.player_hand import PlayerHand  # noqa: PLC0415

        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = PlayerHand.from_dict(hands_item_data)

            hands.append(hands_item)

        _budget = d.pop("budget", UNSET)
        budget: Budget | Unset
        if isinstance(_budget, Unset):
            budget = UNSET
        else:
            budget = Budget.from_dict(_budget)

        _drill_budget = d.pop("drill_budget", UNSET)
        drill_budget: Budget | Unset
        if isinstance(_drill_budget, Unset):
            drill_budget = UNSET
        else:
            drill_budget = Budget.from_dict(_drill_budget)

        player = d.pop("player", UNSET)

        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        drills_request = cls(
            hands=hands,
            budget=budget,
            drill_budget=drill_budget,
            player=player,
            seed=seed,
        )

        return drills_request
