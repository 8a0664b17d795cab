from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.thresholds import Thresholds


T = TypeVar("T", bound="ReviewThresholds")


@_attrs_define
class ReviewThresholds:
    """
    Attributes:
        accuracy_at_thresholds (list[float]): a decision's accuracy at no loss and at the inaccuracy, mistake and
            blunder thresholds: from 0 to 100, from the loss beyond noise (a loss within its noise allowance counts as
            none): 100 at no loss, falling linearly to 90 at the inaccuracy threshold, 70 at the mistake threshold and 40 at
            the blunder threshold, then halving with each further blunder threshold's worth of loss; with a match the lower
            of the points and the win probability figures. So best is 100, good above 90, inaccuracy above 70, mistake above
            40, blunder 40 or below
        noise_z (float): losses within this many standard errors are at most good
        points (Thresholds):
        win_probability (Thresholds):
    """

    accuracy_at_thresholds: list[float]
    noise_z: float
    points: Thresholds
    win_probability: Thresholds

    def to_dict(self) -> dict[str, Any]:
        accuracy_at_thresholds = self.accuracy_at_thresholds

        noise_z = self.noise_z

        points = self.points.to_dict()

        win_probability = self.win_probability.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accuracy_at_thresholds": accuracy_at_thresholds,
                "noise_z": noise_z,
                "points": points,
                "win_probability": win_probability,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.thresholds import Thresholds  # noqa: PLC0415

        d = dict(src_dict)
        accuracy_at_thresholds = cast(list[float], d.pop("accuracy_at_thresholds"))

        noise_z = d.pop("noise_z")

        points = Thresholds.from_dict(d.pop("points"))

        win_probability = Thresholds.from_dict(d.pop("win_probability"))

        review_thresholds = cls(
            accuracy_at_thresholds=accuracy_at_thresholds,
            noise_z=noise_z,
            points=points,
            win_probability=win_probability,
        )

        return review_thresholds
