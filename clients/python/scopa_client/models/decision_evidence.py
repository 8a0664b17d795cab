from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.decision_evidence_leaked import DecisionEvidenceLeaked


T = TypeVar("T", bound="DecisionEvidence")


@_attrs_define
class DecisionEvidence:
    """
    Attributes:
        honest (list[float]): for the seat's own view
        leaked (DecisionEvidenceLeaked): per hypothesis, the same moves' values
        move_index (int): the move in the record
        moves (list[str]): codes
        played (int): the played move in moves
        seat (int):
    """

    honest: list[float]
    leaked: DecisionEvidenceLeaked
    move_index: int
    moves: list[str]
    played: int
    seat: int

    def to_dict(self) -> dict[str, Any]:
        honest = self.honest

        leaked = self.leaked.to_dict()

        move_index = self.move_index

        moves = self.moves

        played = self.played

        seat = self.seat

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "honest": honest,
                "leaked": leaked,
                "move_index": move_index,
                "moves": moves,
                "played": played,
                "seat": seat,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.decision_evidence_leaked import DecisionEvidenceLeaked  # noqa: PLC0415

        d = dict(src_dict)
        honest = cast(list[float], d.pop("honest"))

        leaked = DecisionEvidenceLeaked.from_dict(d.pop("leaked"))

        move_index = d.pop("move_index")

        moves = cast(list[str], d.pop("moves"))

        played = d.pop("played")

        seat = d.pop("seat")

        decision_evidence = cls(
            honest=honest,
            leaked=leaked,
            move_index=move_index,
            moves=moves,
            played=played,
            seat=seat,
        )

        return decision_evidence
