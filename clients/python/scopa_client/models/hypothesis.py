from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.hypothesis_verdict import HypothesisVerdict, check_hypothesis_verdict
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.interpreted_mean import InterpretedMean
    from ..models.replayed_decision import ReplayedDecision


T = TypeVar("T", bound="Hypothesis")


@_attrs_define
class Hypothesis:
    """
    Attributes:
        adjusted_p_value (float | None): the p-value times the report's number of tests (Bonferroni), which the verdict
            reads, so the report's verdict keeps one test's rate
        decisions (int): decisions it rests on
        description (str):
        hands (int):
        hypothesis (str): all: every other hand; seat+K: the hand of the seat K after
        meaning (str): what the verdict means, for a moderator
        most_likely_honest_style (None | str): the honest style the p-value is taken from
        p_value (float | None): the largest, over the calibrated honest styles, chance of an honest player reaching this
            statistic over as many decisions (null: no calibration)
        partner (bool):
        per_decision (InterpretedMean):
        statistic (float): the summed log-likelihood ratio (engine: the matches)
        verdict (HypothesisVerdict): review_recommended at adjusted p <= 0.01, strong_evidence at <= 0.001, none under
            100 decisions or without a calibration
        decisions_to_replay (list[ReplayedDecision] | Unset): with a verdict: the decisions that weigh most
    """

    adjusted_p_value: float | None
    decisions: int
    description: str
    hands: int
    hypothesis: str
    meaning: str
    most_likely_honest_style: None | str
    p_value: float | None
    partner: bool
    per_decision: InterpretedMean
    statistic: float
    verdict: HypothesisVerdict
    decisions_to_replay: list[ReplayedDecision] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        adjusted_p_value: float | None
        adjusted_p_value = self.adjusted_p_value

        decisions = self.decisions

        description = self.description

        hands = self.hands

        hypothesis = self.hypothesis

        meaning = self.meaning

        most_likely_honest_style: None | str
        most_likely_honest_style = self.most_likely_honest_style

        p_value: float | None
        p_value = self.p_value

        partner = self.partner

        per_decision = self.per_decision.to_dict()

        statistic = self.statistic

        verdict: str = self.verdict

        decisions_to_replay: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.decisions_to_replay, Unset):
            decisions_to_replay = []
            for decisions_to_replay_item_data in self.decisions_to_replay:
                decisions_to_replay_item = decisions_to_replay_item_data.to_dict()
                decisions_to_replay.append(decisions_to_replay_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "adjusted_p_value": adjusted_p_value,
                "decisions": decisions,
                "description": description,
                "hands": hands,
                "hypothesis": hypothesis,
                "meaning": meaning,
                "most_likely_honest_style": most_likely_honest_style,
                "p_value": p_value,
                "partner": partner,
                "per_decision": per_decision,
                "statistic": statistic,
                "verdict": verdict,
            }
        )
        if decisions_to_replay is not UNSET:
            field_dict["decisions_to_replay"] = decisions_to_replay

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interpreted_mean import InterpretedMean  # noqa: PLC0415
        from ..models.replayed_decision import ReplayedDecision  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_adjusted_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        adjusted_p_value = _parse_adjusted_p_value(d.pop("adjusted_p_value"))

        decisions = d.pop("decisions")

        description = d.pop("description")

        hands = d.pop("hands")

        hypothesis = d.pop("hypothesis")

        meaning = d.pop("meaning")

        def _parse_most_likely_honest_style(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        most_likely_honest_style = _parse_most_likely_honest_style(d.pop("most_likely_honest_style"))

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))

        partner = d.pop("partner")

        per_decision = InterpretedMean.from_dict(d.pop("per_decision"))

        statistic = d.pop("statistic")

        verdict = check_hypothesis_verdict(d.pop("verdict"))

        _decisions_to_replay = d.pop("decisions_to_replay", UNSET)
        decisions_to_replay: list[ReplayedDecision] | Unset = UNSET
        if _decisions_to_replay is not UNSET:
            decisions_to_replay = []
            for decisions_to_replay_item_data in _decisions_to_replay:
                decisions_to_replay_item = ReplayedDecision.from_dict(decisions_to_replay_item_data)

                decisions_to_replay.append(decisions_to_replay_item)

        hypothesis = cls(
            adjusted_p_value=adjusted_p_value,
            decisions=decisions,
            description=description,
            hands=hands,
            hypothesis=hypothesis,
            meaning=meaning,
            most_likely_honest_style=most_likely_honest_style,
            p_value=p_value,
            partner=partner,
            per_decision=per_decision,
            statistic=statistic,
            verdict=verdict,
            decisions_to_replay=decisions_to_replay,
        )

        return hypothesis
