from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.advised_move_kind import AdvisedMoveKind, check_advised_move_kind
from ..types import UNSET, Unset

T = TypeVar("T", bound="AdvisedMove")


@_attrs_define
class AdvisedMove:
    """
    Attributes:
        capture (list[str]): table cards taken; [] lays the card
        sweep (bool):
        value (float | None): expected hand-point differential for the seat's side; null: a move the search does not
            rank (it ranks card plays only): the cutter's keep or table, a declaration, a claim
        card (str | Unset): absent in a claim Example: 7D.
        kind (AdvisedMoveKind | Unset): omitted or play: a card played; pass: an ace put in the pile (ace_may_pass);
            keep / table: the Chkobba cutter keeps the drawn card or lays it on the table; declare: the whole hand shown
            (card and capture together); claim: the side claims the match (no card)
        note (str | Unset): only on a move the search does not rank: what it is for
        win_probability (float | None | Unset): only with a match; null for a move the search does not rank
    """

    capture: list[str]
    sweep: bool
    value: float | None
    card: str | Unset = UNSET
    kind: AdvisedMoveKind | Unset = UNSET
    note: str | Unset = UNSET
    win_probability: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        capture = self.capture

        sweep = self.sweep

        value: float | None
        value = self.value

        card = self.card

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind

        note = self.note

        win_probability: float | None | Unset
        if isinstance(self.win_probability, Unset):
            win_probability = UNSET
        else:
            win_probability = self.win_probability

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "capture": capture,
                "sweep": sweep,
                "value": value,
            }
        )
        if card is not UNSET:
            field_dict["card"] = card
        if kind is not UNSET:
            field_dict["kind"] = kind
        if note is not UNSET:
            field_dict["note"] = note
        if win_probability is not UNSET:
            field_dict["win_probability"] = win_probability

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        capture = cast(list[str], d.pop("capture"))

        sweep = d.pop("sweep")

        def _parse_value(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        value = _parse_value(d.pop("value"))

        card = d.pop("card", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: AdvisedMoveKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = check_advised_move_kind(_kind)

        note = d.pop("note", UNSET)

        def _parse_win_probability(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        win_probability = _parse_win_probability(d.pop("win_probability", UNSET))

        advised_move = cls(
            capture=capture,
            sweep=sweep,
            value=value,
            card=card,
            kind=kind,
            note=note,
            win_probability=win_probability,
        )

        return advised_move
