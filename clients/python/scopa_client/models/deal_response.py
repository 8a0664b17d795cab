from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.move import Move
    from ..models.state import State


T = TypeVar("T", bound="DealResponse")


@_attrs_define
class DealResponse:
    """
    Attributes:
        moves (list[Move]):
        seed (int | str): the same seed deals the same cards
        state (State):
    """

    moves: list[Move]
    seed: int | str
    state: State

    def to_dict(self) -> dict[str, Any]:
        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        seed: int | str
        seed = self.seed

        state = self.state.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "moves": moves,
                "seed": seed,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.move import Move  # noqa: PLC0415
        from ..models.state import State  # noqa: PLC0415

        d = dict(src_dict)
        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = Move.from_dict(moves_item_data)

            moves.append(moves_item)

        def _parse_seed(data: object) -> int | str:
            return cast(int | str, data)

        seed = _parse_seed(d.pop("seed"))

        state = State.from_dict(d.pop("state"))

        deal_response = cls(
            moves=moves,
            seed=seed,
            state=state,
        )

        return deal_response
