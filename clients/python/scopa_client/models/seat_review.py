from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.costly_decision import CostlyDecision
    from ..models.seat_review_labels import SeatReviewLabels
    from ..models.seat_review_phases import SeatReviewPhases


T = TypeVar("T", bound="SeatReview")


@_attrs_define
class SeatReview:
    """
    Attributes:
        accuracy (float | None): the harmonic mean of the judged decisions' accuracies (null with none): one bad
            decision pulls it down as far as it pulls the hand's score
        best_share (float | None): the share labelled best
        costliest (list[CostlyDecision]): up to 3 decisions that lost something, the costliest first (win probability
            lost with a match, then points)
        decisions (int): searched decisions judged (labelled)
        forced (int):
        labels (SeatReviewLabels): how many searched decisions got each label
        mean_loss (float | None): per searched decision
        phases (SeatReviewPhases): accuracy per phase: the seat's card plays in hand order (searched and forced) cut
            into thirds, first, middle and last (the earlier thirds one larger when they do not divide evenly); each third's
            accuracy is the harmonic mean of its judged decisions, null with none
        seat (int):
        side (int):
        total_loss (float): in hand points
        undersampled (int): searched decisions not judged: their search was undersampled
        unranked (int):
        mean_win_probability_loss (float | None | Unset): with a match
        total_win_probability_loss (float | None | Unset): with a match
    """

    accuracy: float | None
    best_share: float | None
    costliest: list[CostlyDecision]
    decisions: int
    forced: int
    labels: SeatReviewLabels
    mean_loss: float | None
    phases: SeatReviewPhases
    seat: int
    side: int
    total_loss: float
    undersampled: int
    unranked: int
    mean_win_probability_loss: float | None | Unset = UNSET
    total_win_probability_loss: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        accuracy: float | None
        accuracy = self.accuracy

        best_share: float | None
        best_share = self.best_share

        costliest = []
        for costliest_item_data in self.costliest:
            costliest_item = costliest_item_data.to_dict()
            costliest.append(costliest_item)

        decisions = self.decisions

        forced = self.forced

        labels = self.labels.to_dict()

        mean_loss: float | None
        mean_loss = self.mean_loss

        phases = self.phases.to_dict()

        seat = self.seat

        side = self.side

        total_loss = self.total_loss

        undersampled = self.undersampled

        unranked = self.unranked

        mean_win_probability_loss: float | None | Unset
        if isinstance(self.mean_win_probability_loss, Unset):
            mean_win_probability_loss = UNSET
        else:
            mean_win_probability_loss = self.mean_win_probability_loss

        total_win_probability_loss: float | None | Unset
        if isinstance(self.total_win_probability_loss, Unset):
            total_win_probability_loss = UNSET
        else:
            total_win_probability_loss = self.total_win_probability_loss

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accuracy": accuracy,
                "best_share": best_share,
                "costliest": costliest,
                "decisions": decisions,
                "forced": forced,
                "labels": labels,
                "mean_loss": mean_loss,
                "phases": phases,
                "seat": seat,
                "side": side,
                "total_loss": total_loss,
                "undersampled": undersampled,
                "unranked": unranked,
            }
        )
        if mean_win_probability_loss is not UNSET:
            field_dict["mean_win_probability_loss"] = mean_win_probability_loss
        if total_win_probability_loss is not UNSET:
            field_dict["total_win_probability_loss"] = total_win_probability_loss

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.costly_decision import CostlyDecision  # noqa: PLC0415
        from ..models.seat_review_labels import SeatReviewLabels  # noqa: PLC0415
        from ..models.seat_review_phases import SeatReviewPhases  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        def _parse_best_share(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        best_share = _parse_best_share(d.pop("best_share"))

        costliest = []
        _costliest = d.pop("costliest")
        for costliest_item_data in _costliest:
            costliest_item = CostlyDecision.from_dict(costliest_item_data)

            costliest.append(costliest_item)

        decisions = d.pop("decisions")

        forced = d.pop("forced")

        labels = SeatReviewLabels.from_dict(d.pop("labels"))

        def _parse_mean_loss(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        mean_loss = _parse_mean_loss(d.pop("mean_loss"))

        phases = SeatReviewPhases.from_dict(d.pop("phases"))

        seat = d.pop("seat")

        side = d.pop("side")

        total_loss = d.pop("total_loss")

        undersampled = d.pop("undersampled")

        unranked = d.pop("unranked")

        def _parse_mean_win_probability_loss(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        mean_win_probability_loss = _parse_mean_win_probability_loss(d.pop("mean_win_probability_loss", UNSET))

        def _parse_total_win_probability_loss(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        total_win_probability_loss = _parse_total_win_probability_loss(d.pop("total_win_probability_loss", UNSET))

        seat_review = cls(
            accuracy=accuracy,
            best_share=best_share,
            costliest=costliest,
            decisions=decisions,
            forced=forced,
            labels=labels,
            mean_loss=mean_loss,
            phases=phases,
            seat=seat,
            side=side,
            total_loss=total_loss,
            undersampled=undersampled,
            unranked=unranked,
            mean_win_probability_loss=mean_win_probability_loss,
            total_win_probability_loss=total_win_probability_loss,
        )

        return seat_review
