from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.readiness_kernel import ReadinessKernel, check_readiness_kernel
from ..models.readiness_status import ReadinessStatus, check_readiness_status

T = TypeVar("T", bound="Readiness")


@_attrs_define
class Readiness:
    """
    Attributes:
        degraded (list[str]): what the worker runs short of, in words; empty when nothing
        kernel (ReadinessKernel): the search kernel the worker runs
        status (ReadinessStatus):
    """

    degraded: list[str]
    kernel: ReadinessKernel
    status: ReadinessStatus

    def to_dict(self) -> dict[str, Any]:
        degraded = self.degraded

        kernel: str = self.kernel

        status: str = self.status

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "degraded": degraded,
                "kernel": kernel,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        degraded = cast(list[str], d.pop("degraded"))

        kernel = check_readiness_kernel(d.pop("kernel"))

        status = check_readiness_status(d.pop("status"))

        readiness = cls(
            degraded=degraded,
            kernel=kernel,
            status=status,
        )

        return readiness
