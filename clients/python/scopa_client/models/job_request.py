from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_review_request import BatchReviewRequest
    from ..models.insights_request import InsightsRequest


T = TypeVar("T", bound="JobRequest")


@_attrs_define
class JobRequest:
    """
    Attributes:
        insights (InsightsRequest | Unset):
        review (BatchReviewRequest | Unset):
    """

    insights: InsightsRequest | Unset = UNSET
    review: BatchReviewRequest | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        insights: dict[str, Any] | Unset = UNSET
        if not isinstance(self.insights, Unset):
            insights = self.insights.to_dict()

        review: dict[str, Any] | Unset = UNSET
        if not isinstance(self.review, Unset):
            review = self.review.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if insights is not UNSET:
            field_dict["insights"] = insights
        if review is not UNSET:
            field_dict["review"] = review

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_review_request import BatchReviewRequest  # noqa: PLC0415
        from ..models.insights_request import InsightsRequest  # noqa: PLC0415

        d = dict(src_dict)
        _insights = d.pop("insights", UNSET)
        insights: InsightsRequest | Unset
        if isinstance(_insights, Unset):
            insights = UNSET
        else:
            insights = InsightsRequest.from_dict(_insights)

        _review = d.pop("review", UNSET)
        review: BatchReviewRequest | Unset
        if isinstance(_review, Unset):
            review = UNSET
        else:
            review = BatchReviewRequest.from_dict(_review)

        job_request = cls(
            insights=insights,
            review=review,
        )

        return job_request
