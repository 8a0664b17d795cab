from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.ledger_entry import LedgerEntry
    from ..models.match_result import MatchResult


T = TypeVar("T", bound="LedgerResponse")


@_attrs_define
class LedgerResponse:
    """
    Attributes:
        hands (list[LedgerEntry]):
        match (MatchResult):
        next_dealer (int | None): the seat to deal the next hand; null once the match is over
        target (int):
    """

    hands: list[LedgerEntry]
    match: MatchResult
    next_dealer: int | None
    target: int

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        match = self.match.to_dict()

        next_dealer: int | None
        next_dealer = self.next_dealer

        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
                "match": match,
                "next_dealer": next_dealer,
                "target": target,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_entry import LedgerEntry  # noqa: PLC0415
        from ..models.match_result import MatchResult  # noqa: PLC0415

        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = LedgerEntry.from_dict(hands_item_data)

            hands.append(hands_item)

        match = MatchResult.from_dict(d.pop("match"))

        def _parse_next_dealer(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_dealer = _parse_next_dealer(d.pop("next_dealer"))

        target = d.pop("target")

        ledger_response = cls(
            hands=hands,
            match=match,
            next_dealer=next_dealer,
            target=target,
        )

        return ledger_response
