from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.event_kind import EventKind, check_event_kind

T = TypeVar("T", bound="Event")


@_attrs_define
class Event:
    """
    Attributes:
        cards (list[str]):
        kind (EventKind):
        seat (int | None):
        side (int | None):
    """

    cards: list[str]
    kind: EventKind
    seat: int | None
    side: int | None

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        kind: str = self.kind

        seat: int | None
        seat = self.seat

        side: int | None
        side = self.side

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "kind": kind,
                "seat": seat,
                "side": side,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cards = cast(list[str], d.pop("cards"))

        kind = check_event_kind(d.pop("kind"))

        def _parse_seat(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        seat = _parse_seat(d.pop("seat"))

        def _parse_side(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        side = _parse_side(d.pop("side"))

        event = cls(
            cards=cards,
            kind=kind,
            seat=seat,
            side=side,
        )

        return event
