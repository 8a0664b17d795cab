from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="JobLinks")


@_attrs_define
class JobLinks:
    """
    Attributes:
        download (str): its results as NDJSON, one line a record
        results (str): its results, by page
        self_ (str): this job
    """

    download: str
    results: str
    self_: str

    def to_dict(self) -> dict[str, Any]:
        download = self.download

        results = self.results

        self_ = self.self_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "download": download,
                "results": results,
                "self": self_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        download = d.pop("download")

        results = d.pop("results")

        self_ = d.pop("self")

        job_links = cls(
            download=download,
            results=results,
            self_=self_,
        )

        return job_links
