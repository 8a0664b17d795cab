from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.side_score import SideScore


T = TypeVar("T", bound="LedgerEntry")


@_attrs_define
class LedgerEntry:
    """
    Attributes:
        dealer (int):
        finished (bool):
        index (int): the hand's index
        reason (None | str):
        scores (list[int]): after the hand
        sides (list[SideScore]):
        target (int):
        totals (list[int | None]):
        winner (int | None):
        double (bool | Unset):
        loser (int | Unset):
    """

    dealer: int
    finished: bool
    index: int
    reason: None | str
    scores: list[int]
    sides: list[SideScore]
    target: int
    totals: list[int | None]
    winner: int | None
    double: bool | Unset = UNSET
    loser: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        finished = self.finished

        index = self.index

        reason: None | str
        reason = self.reason

        scores = self.scores

        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        target = self.target

        totals = []
        for totals_item_data in self.totals:
            totals_item: int | None
            totals_item = totals_item_data
            totals.append(totals_item)

        winner: int | None
        winner = self.winner

        double = self.double

        loser = self.loser

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dealer": dealer,
                "finished": finished,
                "index": index,
                "reason": reason,
                "scores": scores,
                "sides": sides,
                "target": target,
                "totals": totals,
                "winner": winner,
            }
        )
        if double is not UNSET:
            field_dict["double"] = double
        if loser is not UNSET:
            field_dict["loser"] = loser

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.side_score import SideScore  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        finished = d.pop("finished")

        index = d.pop("index")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        scores = cast(list[int], d.pop("scores"))

        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideScore.from_dict(sides_item_data)

            sides.append(sides_item)

        target = d.pop("target")

        totals = []
        _totals = d.pop("totals")
        for totals_item_data in _totals:

            def _parse_totals_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            totals_item = _parse_totals_item(totals_item_data)

            totals.append(totals_item)

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        double = d.pop("double", UNSET)

        loser = d.pop("loser", UNSET)

        ledger_entry = cls(
            dealer=dealer,
            finished=finished,
            index=index,
            reason=reason,
            scores=scores,
            sides=sides,
            target=target,
            totals=totals,
            winner=winner,
            double=double,
            loser=loser,
        )

        return ledger_entry
