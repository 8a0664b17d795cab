from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.reviewed_move_kind import ReviewedMoveKind, check_reviewed_move_kind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.reviewed_move_breakdown import ReviewedMoveBreakdown


T = TypeVar("T", bound="ReviewedMove")


@_attrs_define
class ReviewedMove:
    """
    Attributes:
        capture (list[str]): table cards taken; [] lays the card
        sweep (bool):
        breakdown (ReviewedMoveBreakdown | Unset): ranked moves: value by scoring category (the rules' categories, as
            /v1/score names them), from the same playouts; the parts add up to value
        card (str | Unset): absent in a claim Example: 7D.
        kind (ReviewedMoveKind | Unset): omitted or play: a card played; pass: an ace put in the pile (ace_may_pass);
            keep / table: the Chkobba cutter keeps the drawn card or lays it on the table; declare: the whole hand shown in
            the declaration round (card and capture together); decline: nothing declared in that round (no card); claim: the
            side claims the match (no card)
        note (str | Unset): only on a move the search does not rank: what it is for
        rank (int | Unset): searched: 1 for the best ranked move; absent otherwise
        std_error (float | None | Unset): ranked moves: the standard error of value over the sampled worlds (null below
            two worlds)
        std_error_vs_best (float | None | Unset): ranked moves: the standard error of the best move's value less this
            one's over the same worlds (paired; far smaller than either error); null for the best move
        sweep_risk (float | Unset): ranked moves: the share of sampled worlds in which the next player, an opponent,
            holds a card that sweeps the table after this move
        value (float | None | Unset): searched: expected hand-point differential for the seat's side; absent for a
            forced or unranked move
        win_probability (float | None | Unset): only with a match; null for a move the search does not rank
        win_std_error (float | None | Unset): ranked moves with a match: the standard error of win_probability
    """

    capture: list[str]
    sweep: bool
    breakdown: ReviewedMoveBreakdown | Unset = UNSET
    card: str | Unset = UNSET
    kind: ReviewedMoveKind | Unset = UNSET
    note: str | Unset = UNSET
    rank: int | Unset = UNSET
    std_error: float | None | Unset = UNSET
    std_error_vs_best: float | None | Unset = UNSET
    sweep_risk: float | Unset = UNSET
    value: float | None | Unset = UNSET
    win_probability: float | None | Unset = UNSET
    win_std_error: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        capture = self.capture

        sweep = self.sweep

        breakdown: dict[str, Any] | Unset = UNSET
        if not isinstance(self.breakdown, Unset):
            breakdown = self.breakdown.to_dict()

        card = self.card

        kind: str | Unset = UNSET
        if not isinstance(self.kind, Unset):
            kind = self.kind

        note = self.note

        rank = self.rank

        std_error: float | None | Unset
        if isinstance(self.std_error, Unset):
            std_error = UNSET
        else:
            std_error = self.std_error

        std_error_vs_best: float | None | Unset
        if isinstance(self.std_error_vs_best, Unset):
            std_error_vs_best = UNSET
        else:
            std_error_vs_best = self.std_error_vs_best

        sweep_risk = self.sweep_risk

        value: float | None | Unset
        if isinstance(self.value, Unset):
            value = UNSET
        else:
            value = self.value

        win_probability: float | None | Unset
        if isinstance(self.win_probability, Unset):
            win_probability = UNSET
        else:
            win_probability = self.win_probability

        win_std_error: float | None | Unset
        if isinstance(self.win_std_error, Unset):
            win_std_error = UNSET
        else:
            win_std_error = self.win_std_error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "capture": capture,
                "sweep": sweep,
            }
        )
        if breakdown is not UNSET:
            field_dict["breakdown"] = breakdown
        if card is not UNSET:
            field_dict["card"] = card
        if kind is not UNSET:
            field_dict["kind"] = kind
        if note is not UNSET:
            field_dict["note"] = note
        if rank is not UNSET:
            field_dict["rank"] = rank
        if std_error is not UNSET:
            field_dict["std_error"] = std_error
        if std_error_vs_best is not UNSET:
            field_dict["std_error_vs_best"] = std_error_vs_best
        if sweep_risk is not UNSET:
            field_dict["sweep_risk"] = sweep_risk
        if value is not UNSET:
            field_dict["value"] = value
        if win_probability is not UNSET:
            field_dict["win_probability"] = win_probability
        if win_std_error is not UNSET:
            field_dict["win_std_error"] = win_std_error

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.reviewed_move_breakdown import ReviewedMoveBreakdown  # noqa: PLC0415

        d = dict(src_dict)
        capture = cast(list[str], d.pop("capture"))

        sweep = d.pop("sweep")

        _breakdown = d.pop("breakdown", UNSET)
        breakdown: ReviewedMoveBreakdown | Unset
        if isinstance(_breakdown, Unset):
            breakdown = UNSET
        else:
            breakdown = ReviewedMoveBreakdown.from_dict(_breakdown)

        card = d.pop("card", UNSET)

        _kind = d.pop("kind", UNSET)
        kind: ReviewedMoveKind | Unset
        if isinstance(_kind, Unset):
            kind = UNSET
        else:
            kind = check_reviewed_move_kind(_kind)

        note = d.pop("note", UNSET)

        rank = d.pop("rank", UNSET)

        def _parse_std_error(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        std_error = _parse_std_error(d.pop("std_error", UNSET))

        def _parse_std_error_vs_best(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        std_error_vs_best = _parse_std_error_vs_best(d.pop("std_error_vs_best", UNSET))

        sweep_risk = d.pop("sweep_risk", UNSET)

        def _parse_value(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        value = _parse_value(d.pop("value", UNSET))

        def _parse_win_probability(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        win_probability = _parse_win_probability(d.pop("win_probability", UNSET))

        def _parse_win_std_error(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        win_std_error = _parse_win_std_error(d.pop("win_std_error", UNSET))

        reviewed_move = cls(
            capture=capture,
            sweep=sweep,
            breakdown=breakdown,
            card=card,
            kind=kind,
            note=note,
            rank=rank,
            std_error=std_error,
            std_error_vs_best=std_error_vs_best,
            sweep_risk=sweep_risk,
            value=value,
            win_probability=win_probability,
            win_std_error=win_std_error,
        )

        return reviewed_move
