from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.level_estimate_interval_item import LevelEstimateIntervalItem, check_level_estimate_interval_item
from ..models.level_estimate_level import LevelEstimateLevel, check_level_estimate_level

if TYPE_CHECKING:
    from ..models.level_estimate_probabilities import LevelEstimateProbabilities


T = TypeVar("T", bound="LevelEstimate")


@_attrs_define
class LevelEstimate:
    """
    Attributes:
        calibrated_on (str): the preset whose calibration was used
        hands (int): hands it rests on
        interval (list[LevelEstimateIntervalItem]): the lowest and highest level of the 95% interval
        level (LevelEstimateLevel):
        probabilities (LevelEstimateProbabilities): each built-in level's probability given the hands
        same_rules (bool): the hands were played under exactly those rules
        score (float): the expected position on the scale, 0 (beginner) to 4
    """

    calibrated_on: str
    hands: int
    interval: list[LevelEstimateIntervalItem]
    level: LevelEstimateLevel
    probabilities: LevelEstimateProbabilities
    same_rules: bool
    score: float

    def to_dict(self) -> dict[str, Any]:
        calibrated_on = self.calibrated_on

        hands = self.hands

        interval = []
        for interval_item_data in self.interval:
            interval_item: str = interval_item_data
            interval.append(interval_item)

        level: str = self.level

        probabilities = self.probabilities.to_dict()

        same_rules = self.same_rules

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "calibrated_on": calibrated_on,
                "hands": hands,
                "interval": interval,
                "level": level,
                "probabilities": probabilities,
                "same_rules": same_rules,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.level_estimate_probabilities import LevelEstimateProbabilities  # noqa: PLC0415

        d = dict(src_dict)
        calibrated_on = d.pop("calibrated_on")

        hands = d.pop("hands")

        interval = []
        _interval = d.pop("interval")
        for interval_item_data in _interval:
            interval_item = check_level_estimate_interval_item(interval_item_data)

            interval.append(interval_item)

        level = check_level_estimate_level(d.pop("level"))

        probabilities = LevelEstimateProbabilities.from_dict(d.pop("probabilities"))

        same_rules = d.pop("same_rules")

        score = d.pop("score")

        level_estimate = cls(
            calibrated_on=calibrated_on,
            hands=hands,
            interval=interval,
            level=level,
            probabilities=probabilities,
            same_rules=same_rules,
            score=score,
        )

        return level_estimate
