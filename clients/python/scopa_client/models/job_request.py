from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_review_request import BatchReviewRequest
    from ..models.fair_play_request import FairPlayRequest
    from ..models.insights_request import InsightsRequest


T = TypeVar("T", bound="JobRequest")


@_attrs_define
class JobRequest:
    """
    Attributes:
        callback_url (str | Unset): an https:// URL POSTed the job's document, signed, once it ends (done, cancelled or
            failed), retried with back-off until it answers 2xx; its host must resolve to public addresses (see the webhooks
            page of the docs)
        fair_play (FairPlayRequest | Unset):
        insights (InsightsRequest | Unset):
        review (BatchReviewRequest | Unset):
    """

    callback_url: str | Unset = UNSET
    fair_play: FairPlayRequest | Unset = UNSET
    insights: InsightsRequest | Unset = UNSET
    review: BatchReviewRequest | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        callback_url = self.callback_url

        fair_play: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fair_play, Unset):
            fair_play = self.fair_play.to_dict()

        insights: dict[str, Any] | Unset = UNSET
        if not isinstance(self.insights, Unset):
            insights = self.insights.to_dict()

        review: dict[str, Any] | Unset = UNSET
        if not isinstance(self.review, Unset):
            review = self.review.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if callback_url is not UNSET:
            field_dict["callback_url"] = callback_url
        if fair_play is not UNSET:
            field_dict["fair_play"] = fair_play
        if insights is not UNSET:
            field_dict["insights"] = insights
        if review is not UNSET:
            field_dict["review"] = review

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_review_request import BatchReviewRequest  # noqa: PLC0415
        from ..models.fair_play_request import FairPlayRequest  # noqa: PLC0415
        from ..models.insights_request import InsightsRequest  # noqa: PLC0415

        d = dict(src_dict)
        callback_url = d.pop("callback_url", UNSET)

        _fair_play = d.pop("fair_play", UNSET)
        fair_play: FairPlayRequest | Unset
        if isinstance(_fair_play, Unset):
            fair_play = UNSET
        else:
            fair_play = FairPlayRequest.from_dict(_fair_play)

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
            callback_url=callback_url,
            fair_play=fair_play,
            insights=insights,
            review=review,
        )

        return job_request
