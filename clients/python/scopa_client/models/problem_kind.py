from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="ProblemKind")


@_attrs_define
class ProblemKind:
    """
    Attributes:
        description (str):
        statuses (list[int]):
        title (str):
        type_ (str):
        url (str): this page's anchor for it
    """

    description: str
    statuses: list[int]
    title: str
    type_: str
    url: str

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        statuses = self.statuses

        title = self.title

        type_ = self.type_

        url = self.url

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "statuses": statuses,
                "title": title,
                "type": type_,
                "url": url,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        description = d.pop("description")

        statuses = cast(list[int], d.pop("statuses"))

        title = d.pop("title")

        type_ = d.pop("type")

        url = d.pop("url")

        problem_kind = cls(
            description=description,
            statuses=statuses,
            title=title,
            type_=type_,
            url=url,
        )

        return problem_kind
