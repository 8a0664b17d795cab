from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.model_thresholds import ModelThresholds


T = TypeVar("T", bound="Model")


@_attrs_define
class Model:
    """
    Attributes:
        epsilon (float):
        min_decisions (int):
        temperature (float):
        tests (int): the statistics the report tests
        thresholds (ModelThresholds):
    """

    epsilon: float
    min_decisions: int
    temperature: float
    tests: int
    thresholds: ModelThresholds

    def to_dict(self) -> dict[str, Any]:
        epsilon = self.epsilon

        min_decisions = self.min_decisions

        temperature = self.temperature

        tests = self.tests

        thresholds = self.thresholds.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "epsilon": epsilon,
                "min_decisions": min_decisions,
                "temperature": temperature,
                "tests": tests,
                "thresholds": thresholds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.model_thresholds import ModelThresholds  # noqa: PLC0415

        d = dict(src_dict)
        epsilon = d.pop("epsilon")

        min_decisions = d.pop("min_decisions")

        temperature = d.pop("temperature")

        tests = d.pop("tests")

        thresholds = ModelThresholds.from_dict(d.pop("thresholds"))

        model = cls(
            epsilon=epsilon,
            min_decisions=min_decisions,
            temperature=temperature,
            tests=tests,
            thresholds=thresholds,
        )

        return model
