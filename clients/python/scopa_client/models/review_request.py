from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.budget import Budget
    from ..models.hand_record import HandRecord
    from ..models.match_input import MatchInput


T = TypeVar("T", bound="ReviewRequest")


@_attrs_define
class ReviewRequest:
    """
    Attributes:
        record (HandRecord):
        budget (Budget | Unset):
        match (MatchInput | Unset):
        seats (list[int] | Unset): the seats whose decisions are reviewed; omitted: every seat
        seed (int | str | Unset): each decision's search seed, as a /v1/advice request would carry it; omitted: each
            derived from its own request
    """

    record: HandRecord
    budget: Budget | Unset = UNSET
    match: MatchInput | Unset = UNSET
    seats: list[int] | Unset = UNSET
    seed: int | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        record = self.record.to_dict()

        budget: dict[str, Any] | Unset = UNSET
        if not isinstance(self.budget, Unset):
            budget = self.budget.to_dict()

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        seats: list[int] | Unset = UNSET
        if not isinstance(self.seats, Unset):
            seats = self.seats

        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "record": record,
            }
        )
        if budget is not UNSET:
            field_dict["budget"] = budget
        if match is not UNSET:
            field_dict["match"] = match
        if seats is not UNSET:
            field_dict["seats"] = seats
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.budget import Budget  # noqa: PLC0415
        from ..models.hand_record import HandRecord  # noqa: PLC0415
        from ..models.match_input import MatchInput  # noqa: PLC0415

        d = dict(src_dict)
        record = HandRecord.from_dict(d.pop("record"))

        _budget = d.pop("budget", UNSET)
        budget: Budget | Unset
        if isinstance(_budget, Unset):
            budget = UNSET
        else:
            budget = Budget.from_dict(_budget)

        _match = d.pop("match", UNSET)
        match: MatchInput | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = MatchInput.from_dict(_match)

        seats = cast(list[int], d.pop("seats", UNSET))

        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        review_request = cls(
            record=record,
            budget=budget,
            match=match,
            seats=seats,
            seed=seed,
        )

        return review_request
