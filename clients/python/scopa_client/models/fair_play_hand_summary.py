from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.fair_play_hand_summary_evidence import FairPlayHandSummaryEvidence


T = TypeVar("T", bound="FairPlayHandSummary")


@_attrs_define
class FairPlayHandSummary:
    """
    Attributes:
        decisions (int):
        evidence (FairPlayHandSummaryEvidence):
        index (int):
        pair_seat (int | None):
        seat (int):
        unjudged (int):
    """

    decisions: int
    evidence: FairPlayHandSummaryEvidence
    index: int
    pair_seat: int | None
    seat: int
    unjudged: int

    def to_dict(self) -> dict[str, Any]:
        decisions = self.decisions

        evidence = self.evidence.to_dict()

        index = self.index

        pair_seat: int | None
        pair_seat = self.pair_seat

        seat = self.seat

        unjudged = self.unjudged

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "decisions": decisions,
                "evidence": evidence,
                "index": index,
                "pair_seat": pair_seat,
                "seat": seat,
                "unjudged": unjudged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fair_play_hand_summary_evidence import FairPlayHandSummaryEvidence  # noqa: PLC0415

        d = dict(src_dict)
        decisions = d.pop("decisions")

        evidence = FairPlayHandSummaryEvidence.from_dict(d.pop("evidence"))

        index = d.pop("index")

        def _parse_pair_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pair_seat = _parse_pair_seat(d.pop("pair_seat"))

        seat = d.pop("seat")

        unjudged = d.pop("unjudged")

        fair_play_hand_summary = cls(
            decisions=decisions,
            evidence=evidence,
            index=index,
            pair_seat=pair_seat,
            seat=seat,
            unjudged=unjudged,
        )

        return fair_play_hand_summary
