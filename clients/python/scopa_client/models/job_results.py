from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.job_results_state import JobResultsState, check_job_results_state

if TYPE_CHECKING:
    from ..models.job_download_line import JobDownloadLine


T = TypeVar("T", bound="JobResults")


@_attrs_define
class JobResults:
    """
    Attributes:
        id (str):
        items (list[JobDownloadLine]): the lines of the page's records that have one, in order
        limit (int):
        next_ (None | str): the next page; null: last
        offset (int):
        records (int):
        state (JobResultsState):
    """

    id: str
    items: list[JobDownloadLine]
    limit: int
    next_: None | str
    offset: int
    records: int
    state: JobResultsState

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        items = []
        for items_item_data in self.items:
            items_item = items_item_data.to_dict()
            items.append(items_item)

        limit = self.limit

        next_: None | str
        next_ = self.next_

        offset = self.offset

        records = self.records

        state: str = self.state

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "items": items,
                "limit": limit,
                "next": next_,
                "offset": offset,
                "records": records,
                "state": state,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job_download_line import JobDownloadLine  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        items = []
        _items = d.pop("items")
        for items_item_data in _items:
            items_item = JobDownloadLine.from_dict(items_item_data)

            items.append(items_item)

        limit = d.pop("limit")

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        offset = d.pop("offset")

        records = d.pop("records")

        state = check_job_results_state(d.pop("state"))

        job_results = cls(
            id=id,
            items=items,
            limit=limit,
            next_=next_,
            offset=offset,
            records=records,
            state=state,
        )

        return job_results
