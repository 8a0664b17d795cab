from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.advised_move import AdvisedMove
    from ..models.chosen_move import ChosenMove
    from ..models.drill_why import DrillWhy
    from ..models.view import View


T = TypeVar("T", bound="Drill")


@_attrs_define
class Drill:
    """
    Attributes:
        best (AdvisedMove):
        hand (int): its index in hands
        legal (list[ChosenMove]): the seat's legal card plays
        loss (float): at the drill budget
        margin (float): best less the runner-up
        margin_error (float | None): its paired standard error
        move_index (int): the move in the record
        played (AdvisedMove):
        review_loss (float): as the review saw it
        seat (int):
        second_value (float): the runner-up's
        view (View):
        why (DrillWhy):
    """

    best: AdvisedMove
    hand: int
    legal: list[ChosenMove]
    loss: float
    margin: float
    margin_error: float | None
    move_index: int
    played: AdvisedMove
    review_loss: float
    seat: int
    second_value: float
    view: View
    why: DrillWhy

    def to_dict(self) -> dict[str, Any]:
        best = self.best.to_dict()

        hand = self.hand

        legal = []
        for legal_item_data in self.legal:
            legal_item = legal_item_data.to_dict()
            legal.append(legal_item)

        loss = self.loss

        margin = self.margin

        margin_error: float | None
        margin_error = self.margin_error

        move_index = self.move_index

        played = self.played.to_dict()

        review_loss = self.review_loss

        seat = self.seat

        second_value = self.second_value

        view = self.view.to_dict()

        why = self.why.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "best": best,
                "hand": hand,
                "legal": legal,
                "loss": loss,
                "margin": margin,
                "margin_error": margin_error,
                "move_index": move_index,
                "played": played,
                "review_loss": review_loss,
                "seat": seat,
                "second_value": second_value,
                "view": view,
                "why": why,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.advised_move import AdvisedMove  # noqa: PLC0415
        from ..models.chosen_move import ChosenMove  # noqa: PLC0415
        from ..models.drill_why import DrillWhy  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)
        best = AdvisedMove.from_dict(d.pop("best"))

        hand = d.pop("hand")

        legal = []
        _legal = d.pop("legal")
        for legal_item_data in _legal:
            legal_item = ChosenMove.from_dict(legal_item_data)

            legal.append(legal_item)

        loss = d.pop("loss")

        margin = d.pop("margin")

        def _parse_margin_error(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        margin_error = _parse_margin_error(d.pop("margin_error"))

        move_index = d.pop("move_index")

        played = AdvisedMove.from_dict(d.pop("played"))

        review_loss = d.pop("review_loss")

        seat = d.pop("seat")

        second_value = d.pop("second_value")

        view = View.from_dict(d.pop("view"))

        why = DrillWhy.from_dict(d.pop("why"))

        drill = cls(
            best=best,
            hand=hand,
            legal=legal,
            loss=loss,
            margin=margin,
            margin_error=margin_error,
            move_index=move_index,
            played=played,
            review_loss=review_loss,
            seat=seat,
            second_value=second_value,
            view=view,
            why=why,
        )

        return drill
