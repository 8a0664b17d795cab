from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.chosen_move import ChosenMove
    from ..models.view import View


T = TypeVar("T", bound="PartnerDecision")


@_attrs_define
class PartnerDecision:
    """
    Attributes:
        e_value (float): this play's e-value (1: no evidence either way)
        hand (int): its index in hands
        move_index (int): the move in the record
        partner_hand (list[str]): the cards the seat's partner held then (not seen by the seat)
        played (ChosenMove):
        seat (int):
        view (View):
    """

    e_value: float
    hand: int
    move_index: int
    partner_hand: list[str]
    played: ChosenMove
    seat: int
    view: View

    def to_dict(self) -> dict[str, Any]:
        e_value = self.e_value

        hand = self.hand

        move_index = self.move_index

        partner_hand = self.partner_hand

        played = self.played.to_dict()

        seat = self.seat

        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "e_value": e_value,
                "hand": hand,
                "move_index": move_index,
                "partner_hand": partner_hand,
                "played": played,
                "seat": seat,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chosen_move import ChosenMove  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)
        e_value = d.pop("e_value")

        hand = d.pop("hand")

        move_index = d.pop("move_index")

        partner_hand = cast(list[str], d.pop("partner_hand"))

        played = ChosenMove.from_dict(d.pop("played"))

        seat = d.pop("seat")

        view = View.from_dict(d.pop("view"))

        partner_decision = cls(
            e_value=e_value,
            hand=hand,
            move_index=move_index,
            partner_hand=partner_hand,
            played=played,
            seat=seat,
            view=view,
        )

        return partner_decision
