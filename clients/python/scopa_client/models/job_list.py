from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.job import Job


T = TypeVar("T", bound="JobList")


@_attrs_define
class JobList:
    """
    Attributes:
        jobs (list[Job]):
        limit (int):
        next_ (None | str): the next page; null when this one is not full
        offset (int):
    """

    jobs: list[Job]
    limit: int
    next_: None | str
    offset: int

    def to_dict(self) -> dict[str, Any]:
        jobs = []
        for jobs_item_data in self.jobs:
            jobs_item = jobs_item_data.to_dict()
            jobs.append(jobs_item)

        limit = self.limit

        next_: None | str
        next_ = self.next_

        offset = self.offset

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "jobs": jobs,
                "limit": limit,
                "next": next_,
                "offset": offset,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.job import Job  # noqa: PLC0415

        d = dict(src_dict)
        jobs = []
        _jobs = d.pop("jobs")
        for jobs_item_data in _jobs:
            jobs_item = Job.from_dict(jobs_item_data)

            jobs.append(jobs_item)

        limit = d.pop("limit")

        def _parse_next_(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_ = _parse_next_(d.pop("next"))

        offset = d.pop("offset")

        job_list = cls(
            jobs=jobs,
            limit=limit,
            next_=next_,
            offset=offset,
        )

        return job_list
