from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.hand_record import HandRecord


T = TypeVar("T", bound="RecordResponse")


@_attrs_define
class RecordResponse:
    """
    Attributes:
        record (HandRecord):
    """

    record: HandRecord

    def to_dict(self) -> dict[str, Any]:
        record = self.record.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "record": record,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_record import HandRecord  # noqa: PLC0415

        d = dict(src_dict)
        record = HandRecord.from_dict(d.pop("record"))

        record_response = cls(
            record=record,
        )

        return record_response
