from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.partner_hands_verdict import PartnerHandsVerdict, check_partner_hands_verdict
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.partner_decision import PartnerDecision


T = TypeVar("T", bound="PartnerHands")


@_attrs_define
class PartnerHands:
    """
    Attributes:
        adjusted_p_value (float): the p-value times the report's number of tests
        alternatives (int): the alternative players averaged
        decisions (int): judged plays
        e_value (float): the product of the plays' e-values, averaged over the alternative players; an honest player's
            exceeds 1/p with chance at most p
        hands (int): hands with a judged play
        meaning (str):
        note (str): what this can tell
        p_value (float): 1 over the e-value
        verdict (PartnerHandsVerdict): review_recommended at adjusted p <= 0.01, strong_evidence at <= 0.001 (at any
            number of plays); otherwise none under 30 judged plays
        decisions_to_replay (list[PartnerDecision] | Unset): with a verdict: the plays that weigh most
    """

    adjusted_p_value: float
    alternatives: int
    decisions: int
    e_value: float
    hands: int
    meaning: str
    note: str
    p_value: float
    verdict: PartnerHandsVerdict
    decisions_to_replay: list[PartnerDecision] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        adjusted_p_value = self.adjusted_p_value

        alternatives = self.alternatives

        decisions = self.decisions

        e_value = self.e_value

        hands = self.hands

        meaning = self.meaning

        note = self.note

        p_value = self.p_value

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
                "alternatives": alternatives,
                "decisions": decisions,
                "e_value": e_value,
                "hands": hands,
                "meaning": meaning,
                "note": note,
                "p_value": p_value,
                "verdict": verdict,
            }
        )
        if decisions_to_replay is not UNSET:
            field_dict["decisions_to_replay"] = decisions_to_replay

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.partner_decision import PartnerDecision  # noqa: PLC0415

        d = dict(src_dict)
        adjusted_p_value = d.pop("adjusted_p_value")

        alternatives = d.pop("alternatives")

        decisions = d.pop("decisions")

        e_value = d.pop("e_value")

        hands = d.pop("hands")

        meaning = d.pop("meaning")

        note = d.pop("note")

        p_value = d.pop("p_value")

        verdict = check_partner_hands_verdict(d.pop("verdict"))

        _decisions_to_replay = d.pop("decisions_to_replay", UNSET)
        decisions_to_replay: list[PartnerDecision] | Unset = UNSET
        if _decisions_to_replay is not UNSET:
            decisions_to_replay = []
            for decisions_to_replay_item_data in _decisions_to_replay:
                decisions_to_replay_item = PartnerDecision.from_dict(decisions_to_replay_item_data)

                decisions_to_replay.append(decisions_to_replay_item)

        partner_hands = cls(
            adjusted_p_value=adjusted_p_value,
            alternatives=alternatives,
            decisions=decisions,
            e_value=e_value,
            hands=hands,
            meaning=meaning,
            note=note,
            p_value=p_value,
            verdict=verdict,
            decisions_to_replay=decisions_to_replay,
        )

        return partner_hands
