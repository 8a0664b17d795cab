from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.valued_move import ValuedMove
    from ..models.view import View


T = TypeVar("T", bound="ReplayedDecision")


@_attrs_define
class ReplayedDecision:
    """
    Attributes:
        hand (int): its index in hands
        honest_best (ValuedMove):
        hypothesis (str):
        leaked_best (ValuedMove):
        log_likelihood_ratio (float):
        move_index (int): the move in the record
        played (ValuedMove):
        seat (int):
        view (View):
    """

    hand: int
    honest_best: ValuedMove
    hypothesis: str
    leaked_best: ValuedMove
    log_likelihood_ratio: float
    move_index: int
    played: ValuedMove
    seat: int
    view: View

    def to_dict(self) -> dict[str, Any]:
        hand = self.hand

        honest_best = self.honest_best.to_dict()

        hypothesis = self.hypothesis

        leaked_best = self.leaked_best.to_dict()

        log_likelihood_ratio = self.log_likelihood_ratio

        move_index = self.move_index

        played = self.played.to_dict()

        seat = self.seat

        view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hand": hand,
                "honest_best": honest_best,
                "hypothesis": hypothesis,
                "leaked_best": leaked_best,
                "log_likelihood_ratio": log_likelihood_ratio,
                "move_index": move_index,
                "played": played,
                "seat": seat,
                "view": view,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.valued_move import ValuedMove  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)
        hand = d.pop("hand")

        honest_best = ValuedMove.from_dict(d.pop("honest_best"))

        hypothesis = d.pop("hypothesis")

        leaked_best = ValuedMove.from_dict(d.pop("leaked_best"))

        log_likelihood_ratio = d.pop("log_likelihood_ratio")

        move_index = d.pop("move_index")

        played = ValuedMove.from_dict(d.pop("played"))

        seat = d.pop("seat")

        view = View.from_dict(d.pop("view"))

        replayed_decision = cls(
            hand=hand,
            honest_best=honest_best,
            hypothesis=hypothesis,
            leaked_best=leaked_best,
            log_likelihood_ratio=log_likelihood_ratio,
            move_index=move_index,
            played=played,
            seat=seat,
            view=view,
        )

        return replayed_decision
