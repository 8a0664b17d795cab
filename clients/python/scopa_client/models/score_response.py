from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_result import MatchResult
    from ..models.side_score import SideScore


T = TypeVar("T", bound="ScoreResponse")


@_attrs_define
class ScoreResponse:
    """
    Attributes:
        sides (list[SideScore]):
        totals (list[int | None]):
        match (MatchResult | Unset):
        undecided (list[str] | Unset): tallies only: the categories some side's points are undecided in (empty when
            every fact was counted); match is then left out
    """

    sides: list[SideScore]
    totals: list[int | None]
    match: MatchResult | Unset = UNSET
    undecided: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        sides = []
        for sides_item_data in self.sides:
            sides_item = sides_item_data.to_dict()
            sides.append(sides_item)

        totals = []
        for totals_item_data in self.totals:
            totals_item: int | None
            totals_item = totals_item_data
            totals.append(totals_item)

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        undecided: list[str] | Unset = UNSET
        if not isinstance(self.undecided, Unset):
            undecided = self.undecided

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "sides": sides,
                "totals": totals,
            }
        )
        if match is not UNSET:
            field_dict["match"] = match
        if undecided is not UNSET:
            field_dict["undecided"] = undecided

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_result import MatchResult  # noqa: PLC0415
        from ..models.side_score import SideScore  # noqa: PLC0415

        d = dict(src_dict)
        sides = []
        _sides = d.pop("sides")
        for sides_item_data in _sides:
            sides_item = SideScore.from_dict(sides_item_data)

            sides.append(sides_item)

        totals = []
        _totals = d.pop("totals")
        for totals_item_data in _totals:

            def _parse_totals_item(data: object) -> int | None:
                if data is None:
                    return data
                return cast(int | None, data)

            totals_item = _parse_totals_item(totals_item_data)

            totals.append(totals_item)

        _match = d.pop("match", UNSET)
        match: MatchResult | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = MatchResult.from_dict(_match)

        undecided = cast(list[str], d.pop("undecided", UNSET))

        score_response = cls(
            sides=sides,
            totals=totals,
            match=match,
            undecided=undecided,
        )

        return score_response
