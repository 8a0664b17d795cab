from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.job_download_line_type import JobDownloadLineType, check_job_download_line_type
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fair_play_evidence import FairPlayEvidence
    from ..models.problem import Problem
    from ..models.review_response import ReviewResponse


T = TypeVar("T", bound="JobDownloadLine")


@_attrs_define
class JobDownloadLine:
    """
    Attributes:
        type_ (JobDownloadLineType): a record's line: `review` (the review as /v1/review answers it; an insights job's
            also gives the player's `seat`), `evidence` (a fair-play job's hand: each judged decision's values for the
            seat's own view and each leak hypothesis) or `problem` (the record's problem), with its `index`; the last line
            is the `summary`
        evidence (FairPlayEvidence | Unset):
        id (str | Unset): summary: the job
        index (int | Unset):
        problem (Problem | Unset):
        problems (int | Unset): summary: problem lines
        records (int | Unset): summary: records in the job
        review (ReviewResponse | Unset):
        reviewed (int | Unset): summary: review lines
        seat (int | Unset):
        state (str | Unset): summary: the job's state
    """

    type_: JobDownloadLineType
    evidence: FairPlayEvidence | Unset = UNSET
    id: str | Unset = UNSET
    index: int | Unset = UNSET
    problem: Problem | Unset = UNSET
    problems: int | Unset = UNSET
    records: int | Unset = UNSET
    review: ReviewResponse | Unset = UNSET
    reviewed: int | Unset = UNSET
    seat: int | Unset = UNSET
    state: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_: str = self.type_

        evidence: dict[str, Any] | Unset = UNSET
        if not isinstance(self.evidence, Unset):
            evidence = self.evidence.to_dict()

        id = self.id

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

        seat = self.seat

        state = self.state

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if evidence is not UNSET:
            field_dict["evidence"] = evidence
        if id is not UNSET:
            field_dict["id"] = id
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
        if seat is not UNSET:
            field_dict["seat"] = seat
        if state is not UNSET:
            field_dict["state"] = state

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.fair_play_evidence import FairPlayEvidence  # noqa: PLC0415
        from ..models.problem import Problem  # noqa: PLC0415
        from ..models.review_response import ReviewResponse  # noqa: PLC0415

        d = dict(src_dict)
        type_ = check_job_download_line_type(d.pop("type"))

        _evidence = d.pop("evidence", UNSET)
        evidence: FairPlayEvidence | Unset
        if isinstance(_evidence, Unset):
            evidence = UNSET
        else:
            evidence = FairPlayEvidence.from_dict(_evidence)

        id = d.pop("id", UNSET)

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

        seat = d.pop("seat", UNSET)

        state = d.pop("state", UNSET)

        job_download_line = cls(
            type_=type_,
            evidence=evidence,
            id=id,
            index=index,
            problem=problem,
            problems=problems,
            records=records,
            review=review,
            reviewed=reviewed,
            seat=seat,
            state=state,
        )

        return job_download_line
