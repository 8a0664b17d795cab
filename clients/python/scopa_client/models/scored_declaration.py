from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.scored_declaration_kind import ScoredDeclarationKind, check_scored_declaration_kind

T = TypeVar("T", bound="ScoredDeclaration")


@_attrs_define
class ScoredDeclaration:
    """
    Attributes:
        cards (list[str]): the cards shown
        deal (int): the deal, counted from 1
        kind (ScoredDeclarationKind):
        points (int):
        seat (int):
        value (int): compared value, lower wins
    """

    cards: list[str]
    deal: int
    kind: ScoredDeclarationKind
    points: int
    seat: int
    value: int

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        deal = self.deal

        kind: str = self.kind

        points = self.points

        seat = self.seat

        value = self.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "deal": deal,
                "kind": kind,
                "points": points,
                "seat": seat,
                "value": value,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        deal = d.pop("deal")

        kind = check_scored_declaration_kind(d.pop("kind"))

        points = d.pop("points")

        seat = d.pop("seat")

        value = d.pop("value")

        scored_declaration = cls(
            cards=cards,
            deal=deal,
            kind=kind,
            points=points,
            seat=seat,
            value=value,
        )

        return scored_declaration
