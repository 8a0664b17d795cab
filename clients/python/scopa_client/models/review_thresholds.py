from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.thresholds import Thresholds


T = TypeVar("T", bound="ReviewThresholds")


@_attrs_define
class ReviewThresholds:
    """
    Attributes:
        noise_z (float): losses within this many standard errors are at most good
        points (Thresholds):
        win_probability (Thresholds):
    """

    noise_z: float
    points: Thresholds
    win_probability: Thresholds

    def to_dict(self) -> dict[str, Any]:
        noise_z = self.noise_z

        points = self.points.to_dict()

        win_probability = self.win_probability.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
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
        noise_z = d.pop("noise_z")

        points = Thresholds.from_dict(d.pop("points"))

        win_probability = Thresholds.from_dict(d.pop("win_probability"))

        review_thresholds = cls(
            noise_z=noise_z,
            points=points,
            win_probability=win_probability,
        )

        return review_thresholds
