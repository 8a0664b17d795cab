from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.review_request import ReviewRequest


T = TypeVar("T", bound="BatchReviewRequest")


@_attrs_define
class BatchReviewRequest:
    """
    Attributes:
        reviews (list[ReviewRequest]): the records in the order their lines come; at most BATCH_MAX_RECORDS (200 by
            default)
    """

    reviews: list[ReviewRequest]

    def to_dict(self) -> dict[str, Any]:
        reviews = []
        for reviews_item_data in self.reviews:
            reviews_item = reviews_item_data.to_dict()
            reviews.append(reviews_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "reviews": reviews,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.review_request import ReviewRequest  # noqa: PLC0415

        d = dict(src_dict)
        reviews = []
        _reviews = d.pop("reviews")
        for reviews_item_data in _reviews:
            reviews_item = ReviewRequest.from_dict(reviews_item_data)

            reviews.append(reviews_item)

        batch_review_request = cls(
            reviews=reviews,
        )

        return batch_review_request
