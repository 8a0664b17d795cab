from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.engine_verdict import EngineVerdict, check_engine_verdict

if TYPE_CHECKING:
    from ..models.engine_honest_match_rates import EngineHonestMatchRates
    from ..models.engine_honest_mean_losses import EngineHonestMeanLosses
    from ..models.engine_loss_profile import EngineLossProfile
    from ..models.interpreted_mean import InterpretedMean


T = TypeVar("T", bound="Engine")


@_attrs_define
class Engine:
    """
    Attributes:
        adjusted_p_value (float | None): the p-value times the report's number of tests (Bonferroni), which the verdict
            reads, so the report's verdict keeps one test's rate
        decisions (int): decisions it rests on
        hands (int):
        honest_match_rates (EngineHonestMatchRates): each calibrated honest style's match rate
        honest_mean_losses (EngineHonestMeanLosses): each calibrated honest style's points lost a decision
        loss_profile (EngineLossProfile): the share of decisions by points lost against the honest best: best, under
            0.1, 0.3 and 0.75, and from 0.75
        match_rate (InterpretedMean):
        mean_loss (InterpretedMean):
        meaning (str): what the verdict means, for a moderator
        most_likely_honest_style (None | str): the honest style the p-value is taken from
        note (str): what this can tell
        p_value (float | None): the largest, over the calibrated honest styles, chance of an honest player reaching this
            statistic over as many decisions (null: no calibration)
        per_decision (InterpretedMean):
        statistic (float): the summed log-likelihood ratio (engine: the matches)
        verdict (EngineVerdict): review_recommended at adjusted p <= 0.01, strong_evidence at <= 0.001, none under 100
            decisions or without a calibration
    """

    adjusted_p_value: float | None
    decisions: int
    hands: int
    honest_match_rates: EngineHonestMatchRates
    honest_mean_losses: EngineHonestMeanLosses
    loss_profile: EngineLossProfile
    match_rate: InterpretedMean
    mean_loss: InterpretedMean
    meaning: str
    most_likely_honest_style: None | str
    note: str
    p_value: float | None
    per_decision: InterpretedMean
    statistic: float
    verdict: EngineVerdict

    def to_dict(self) -> dict[str, Any]:
        adjusted_p_value: float | None
        adjusted_p_value = self.adjusted_p_value

        decisions = self.decisions

        hands = self.hands

        honest_match_rates = self.honest_match_rates.to_dict()

        honest_mean_losses = self.honest_mean_losses.to_dict()

        loss_profile = self.loss_profile.to_dict()

        match_rate = self.match_rate.to_dict()

        mean_loss = self.mean_loss.to_dict()

        meaning = self.meaning

        most_likely_honest_style: None | str
        most_likely_honest_style = self.most_likely_honest_style

        note = self.note

        p_value: float | None
        p_value = self.p_value

        per_decision = self.per_decision.to_dict()

        statistic = self.statistic

        verdict: str = self.verdict

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "adjusted_p_value": adjusted_p_value,
                "decisions": decisions,
                "hands": hands,
                "honest_match_rates": honest_match_rates,
                "honest_mean_losses": honest_mean_losses,
                "loss_profile": loss_profile,
                "match_rate": match_rate,
                "mean_loss": mean_loss,
                "meaning": meaning,
                "most_likely_honest_style": most_likely_honest_style,
                "note": note,
                "p_value": p_value,
                "per_decision": per_decision,
                "statistic": statistic,
                "verdict": verdict,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.engine_honest_match_rates import EngineHonestMatchRates  # noqa: PLC0415
        from ..models.engine_honest_mean_losses import EngineHonestMeanLosses  # noqa: PLC0415
        from ..models.engine_loss_profile import EngineLossProfile  # noqa: PLC0415
        from ..models.interpreted_mean import InterpretedMean  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_adjusted_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        adjusted_p_value = _parse_adjusted_p_value(d.pop("adjusted_p_value"))

        decisions = d.pop("decisions")

        hands = d.pop("hands")

        honest_match_rates = EngineHonestMatchRates.from_dict(d.pop("honest_match_rates"))

        honest_mean_losses = EngineHonestMeanLosses.from_dict(d.pop("honest_mean_losses"))

        loss_profile = EngineLossProfile.from_dict(d.pop("loss_profile"))

        match_rate = InterpretedMean.from_dict(d.pop("match_rate"))

        mean_loss = InterpretedMean.from_dict(d.pop("mean_loss"))

        meaning = d.pop("meaning")

        def _parse_most_likely_honest_style(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        most_likely_honest_style = _parse_most_likely_honest_style(d.pop("most_likely_honest_style"))

        note = d.pop("note")

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))

        per_decision = InterpretedMean.from_dict(d.pop("per_decision"))

        statistic = d.pop("statistic")

        verdict = check_engine_verdict(d.pop("verdict"))

        engine = cls(
            adjusted_p_value=adjusted_p_value,
            decisions=decisions,
            hands=hands,
            honest_match_rates=honest_match_rates,
            honest_mean_losses=honest_mean_losses,
            loss_profile=loss_profile,
            match_rate=match_rate,
            mean_loss=mean_loss,
            meaning=meaning,
            most_likely_honest_style=most_likely_honest_style,
            note=note,
            p_value=p_value,
            per_decision=per_decision,
            statistic=statistic,
            verdict=verdict,
        )

        return engine
