from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.decision_evidence import DecisionEvidence


T = TypeVar("T", bound="FairPlayEvidence")


@_attrs_define
class FairPlayEvidence:
    """
    Attributes:
        decisions (list[DecisionEvidence]): the player's and the pair's judged decisions
        index (int):
        pair_seat (int | None):
        seat (int):
        unjudged (int):
    """

    decisions: list[DecisionEvidence]
    index: int
    pair_seat: int | None
    seat: int
    unjudged: int

    def to_dict(self) -> dict[str, Any]:
        decisions = []
        for decisions_item_data in self.decisions:
            decisions_item = decisions_item_data.to_dict()
            decisions.append(decisions_item)

        index = self.index

        pair_seat: int | None
        pair_seat = self.pair_seat

        seat = self.seat

        unjudged = self.unjudged

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "decisions": decisions,
                "index": index,
                "pair_seat": pair_seat,
                "seat": seat,
                "unjudged": unjudged,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.decision_evidence import DecisionEvidence  # noqa: PLC0415

        d = dict(src_dict)
        decisions = []
        _decisions = d.pop("decisions")
        for decisions_item_data in _decisions:
            decisions_item = DecisionEvidence.from_dict(decisions_item_data)

            decisions.append(decisions_item)

        index = d.pop("index")

        def _parse_pair_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        pair_seat = _parse_pair_seat(d.pop("pair_seat"))

        seat = d.pop("seat")

        unjudged = d.pop("unjudged")

        fair_play_evidence = cls(
            decisions=decisions,
            index=index,
            pair_seat=pair_seat,
            seat=seat,
            unjudged=unjudged,
        )

        return fair_play_evidence
