from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.batch_review_line_type import BatchReviewLineType, check_batch_review_line_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.batch_summary import BatchSummary
    from ..models.problem import Problem
    from ..models.review_response import ReviewResponse


T = TypeVar("T", bound="BatchReviewLine")


@_attrs_define
class BatchReviewLine:
    """
    Attributes:
        type_ (BatchReviewLineType): One JSON object a line (application/x-ndjson, each line ended by a newline), in
            record order: `review` (`index`, `review`: what /v1/review answers for the record), `problem` (`index`,
            `problem`: the record's problem as /v1/review would answer it, status included), `keepalive` (`index` of the
            record under review, `done`: records finished; written when 10 s pass without a line) and, last, `summary`
            (`records`, `reviewed`, `problems`, `cache`, `elapsed_ms`). A stream without its summary line was cut short.
        cache (BatchSummary | Unset):
        done (int | Unset): keepalive lines: records finished
        elapsed_ms (float | Unset): summary: the batch's time
        index (int | Unset): review, problem, keepalive: the record
        problem (Problem | Unset):
        problems (int | Unset): summary: problem lines
        records (int | Unset): summary: records in the batch
        review (ReviewResponse | Unset):
        reviewed (int | Unset): summary: review lines
    """

    type_: BatchReviewLineType
    cache: BatchSummary | Unset = UNSET
    done: int | Unset = UNSET
    elapsed_ms: float | Unset = UNSET
    index: int | Unset = UNSET
    problem: Problem | Unset = UNSET
    problems: int | Unset = UNSET
    records: int | Unset = UNSET
    review: ReviewResponse | Unset = UNSET
    reviewed: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        cache: dict[str, Any] | Unset = UNSET
        if not isinstance(self.cache, Unset):
            cache = self.cache.to_dict()

        done = self.done

        elapsed_ms = self.elapsed_ms

        index = self.index

        problem: dict[str, Any] | Unset = UNSET
        if not isinstance(self.problem, Unset):
            problem = self.problem.to_dict()

        problems = self.problems

        records = self.records

        review: dict[str, Any] | Unset = UNSET
        if not isinstance(self.review, Unset):
            review = self.review.to_dict()

        reviewed = self.reviewed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if cache is not UNSET:
            field_dict["cache"] = cache
        if done is not UNSET:
            field_dict["done"] = done
        if elapsed_ms is not UNSET:
            field_dict["elapsed_ms"] = elapsed_ms
        if index is not UNSET:
            field_dict["index"] = index
        if problem is not UNSET:
            field_dict["problem"] = problem
        if problems is not UNSET:
            field_dict["problems"] = problems
        if records is not UNSET:
            field_dict["records"] = records
        if review is not UNSET:
            field_dict["review"] = review
        if reviewed is not UNSET:
            field_dict["reviewed"] = reviewed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.batch_summary import BatchSummary  # noqa: PLC0415
        from ..models.problem import Problem  # noqa: PLC0415
        from ..models.review_response import ReviewResponse  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_batch_review_line_type(d.pop("type"))

        _cache = d.pop("cache", UNSET)
        cache: BatchSummary | Unset
        if isinstance(_cache, Unset):
            cache = UNSET
        else:
            cache = BatchSummary.from_dict(_cache)

        done = d.pop("done", UNSET)

        elapsed_ms = d.pop("elapsed_ms", UNSET)

        index = d.pop("index", UNSET)

        _problem = d.pop("problem", UNSET)
        problem: Problem | Unset
        if isinstance(_problem, Unset):
            problem = UNSET
        else:
            problem = Problem.from_dict(_problem)

        problems = d.pop("problems", UNSET)

        records = d.pop("records", UNSET)

        _review = d.pop("review", UNSET)
        review: ReviewResponse | Unset
        if isinstance(_review, Unset):
            review = UNSET
        else:
            review = ReviewResponse.from_dict(_review)

        reviewed = d.pop("reviewed", UNSET)

        batch_review_line = cls(
            type_=type_,
            cache=cache,
            done=done,
            elapsed_ms=elapsed_ms,
            index=index,
            problem=problem,
            problems=problems,
            records=records,
            review=review,
            reviewed=reviewed,
        )

        return batch_review_line
