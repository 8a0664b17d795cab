from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.pair_evidence_verdict import PairEvidenceVerdict, check_pair_evidence_verdict

if TYPE_CHECKING:
    from ..models.interpreted_mean import InterpretedMean
    from ..models.partner_hands import PartnerHands


T = TypeVar("T", bound="PairEvidence")


@_attrs_define
class PairEvidence:
    """
    Attributes:
        adjusted_p_value (float | None): the p-value times the report's number of tests (Bonferroni), which the verdict
            reads, so the report's verdict keeps one test's rate
        decisions (int): decisions it rests on
        description (str):
        hands (int):
        meaning (str): what the verdict means, for a moderator
        most_likely_honest_style (None | str): the honest style the p-value is taken from
        offset (int): seats from player to pair
        p_value (float | None): the largest, over the calibrated honest styles, chance of an honest player reaching this
            statistic over as many decisions (null: no calibration)
        partner_hands (None | PartnerHands): partners in a game of four: the partner-hand test, which needs no
            calibration and holds for an honest pair of any style (null otherwise)
        partners (bool):
        per_decision (InterpretedMean):
        statistic (float): the summed log-likelihood ratio (engine: the matches)
        verdict (PairEvidenceVerdict): review_recommended at adjusted p <= 0.01, strong_evidence at <= 0.001, none under
            100 decisions or without a calibration
    """

    adjusted_p_value: float | None
    decisions: int
    description: str
    hands: int
    meaning: str
    most_likely_honest_style: None | str
    offset: int
    p_value: float | None
    partner_hands: None | PartnerHands
    partners: bool
    per_decision: InterpretedMean
    statistic: float
    verdict: PairEvidenceVerdict

    def to_dict(self) -> dict[str, Any]:
        from ..models.partner_hands import PartnerHands  # noqa: PLC0415

        adjusted_p_value: float | None
        adjusted_p_value = self.adjusted_p_value

        decisions = self.decisions

        description = self.description

        hands = self.hands

        meaning = self.meaning

        most_likely_honest_style: None | str
        most_likely_honest_style = self.most_likely_honest_style

        offset = self.offset

        p_value: float | None
        p_value = self.p_value

        partner_hands: dict[str, Any] | None
        if isinstance(self.partner_hands, PartnerHands):
            partner_hands = self.partner_hands.to_dict()
        else:
            partner_hands = self.partner_hands

        partners = self.partners

        per_decision = self.per_decision.to_dict()

        statistic = self.statistic

        verdict: str = self.verdict

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "adjusted_p_value": adjusted_p_value,
                "decisions": decisions,
                "description": description,
                "hands": hands,
                "meaning": meaning,
                "most_likely_honest_style": most_likely_honest_style,
                "offset": offset,
                "p_value": p_value,
                "partner_hands": partner_hands,
                "partners": partners,
                "per_decision": per_decision,
                "statistic": statistic,
                "verdict": verdict,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.interpreted_mean import InterpretedMean  # noqa: PLC0415
        from ..models.partner_hands import PartnerHands  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_adjusted_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        adjusted_p_value = _parse_adjusted_p_value(d.pop("adjusted_p_value"))

        decisions = d.pop("decisions")

        description = d.pop("description")

        hands = d.pop("hands")

        meaning = d.pop("meaning")

        def _parse_most_likely_honest_style(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        most_likely_honest_style = _parse_most_likely_honest_style(d.pop("most_likely_honest_style"))

        offset = d.pop("offset")

        def _parse_p_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        p_value = _parse_p_value(d.pop("p_value"))

        def _parse_partner_hands(data: object) -> None | PartnerHands:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                partner_hands_type_0 = PartnerHands.from_dict(data)

                return partner_hands_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PartnerHands, data)

        partner_hands = _parse_partner_hands(d.pop("partner_hands"))

        partners = d.pop("partners")

        per_decision = InterpretedMean.from_dict(d.pop("per_decision"))

        statistic = d.pop("statistic")

        verdict = check_pair_evidence_verdict(d.pop("verdict"))

        pair_evidence = cls(
            adjusted_p_value=adjusted_p_value,
            decisions=decisions,
            description=description,
            hands=hands,
            meaning=meaning,
            most_likely_honest_style=most_likely_honest_style,
            offset=offset,
            p_value=p_value,
            partner_hands=partner_hands,
            partners=partners,
            per_decision=per_decision,
            statistic=statistic,
            verdict=verdict,
        )

        return pair_evidence
