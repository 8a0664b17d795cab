from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="MatchResult")


@_attrs_define
class MatchResult:
    """
    Attributes:
        finished (bool):
        reason (None | str): target, outright, claim or wrong_claim; null while playing
        scores (list[int]):
        target (int):
        winner (int | None):
        double (bool | Unset): double_game: a double win (only when true)
        loser (int | Unset): a wrong claim: the claiming side, which loses
    """

    finished: bool
    reason: None | str
    scores: list[int]
    target: int
    winner: int | None
    double: bool | Unset = UNSET
    loser: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        finished = self.finished

        reason: None | str
        reason = self.reason

        scores = self.scores

        target = self.target

        winner: int | None
        winner = self.winner

        double = self.double

        loser = self.loser

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "finished": finished,
                "reason": reason,
                "scores": scores,
                "target": target,
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
        d = dict(src_dict)
        finished = d.pop("finished")

        def _parse_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        reason = _parse_reason(d.pop("reason"))

        scores = cast(list[int], d.pop("scores"))

        target = d.pop("target")

        def _parse_winner(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        winner = _parse_winner(d.pop("winner"))

        double = d.pop("double", UNSET)

        loser = d.pop("loser", UNSET)

        match_result = cls(
            finished=finished,
            reason=reason,
            scores=scores,
            target=target,
            winner=winner,
            double=double,
            loser=loser,
        )

        return match_result
