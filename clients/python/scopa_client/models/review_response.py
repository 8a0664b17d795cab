from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.budget import Budget
    from ..models.graph_point import GraphPoint
    from ..models.match_input import MatchInput
    from ..models.review_thresholds import ReviewThresholds
    from ..models.reviewed_decision import ReviewedDecision
    from ..models.seat_review import SeatReview


T = TypeVar("T", bound="ReviewResponse")


@_attrs_define
class ReviewResponse:
    """
    Attributes:
        budget (Budget):
        decisions (list[ReviewedDecision]):
        finished (bool): the record ends the hand
        graph (list[GraphPoint]): the value graph: one point per reviewed decision, in move order (before - after is the
            loss)
        match (MatchInput | None):
        moves (int): moves in the record
        seats (list[int]):
        seed (int | None | str): the seed asked for; null: each decision's seed was derived
        summary (list[SeatReview]):
        thresholds (ReviewThresholds):
    """

    budget: Budget
    decisions: list[ReviewedDecision]
    finished: bool
    graph: list[GraphPoint]
    match: MatchInput | None
    moves: int
    seats: list[int]
    seed: int | None | str
    summary: list[SeatReview]
    thresholds: ReviewThresholds

    def to_dict(self) -> dict[str, Any]:
        from ..models.match_input import MatchInput  # noqa: PLC0415

        budget = self.budget.to_dict()

        decisions = []
        for decisions_item_data in self.decisions:
            decisions_item = decisions_item_data.to_dict()
            decisions.append(decisions_item)

        finished = self.finished

        graph = []
        for graph_item_data in self.graph:
            graph_item = graph_item_data.to_dict()
            graph.append(graph_item)

        match: dict[str, Any] | None
        if isinstance(self.match, MatchInput):
            match = self.match.to_dict()
        else:
            match = self.match

        moves = self.moves

        seats = self.seats

        seed: int | None | str
        seed = self.seed

        summary = []
        for summary_item_data in self.summary:
            summary_item = summary_item_data.to_dict()
            summary.append(summary_item)

        thresholds = self.thresholds.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "budget": budget,
                "decisions": decisions,
                "finished": finished,
                "graph": graph,
                "match": match,
                "moves": moves,
                "seats": seats,
                "seed": seed,
                "summary": summary,
                "thresholds": thresholds,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.budget import Budget  # noqa: PLC0415
        from ..models.graph_point import GraphPoint  # noqa: PLC0415
        from ..models.match_input import MatchInput  # noqa: PLC0415
        from ..models.review_thresholds import ReviewThresholds  # noqa: PLC0415
        from ..models.reviewed_decision import ReviewedDecision  # noqa: PLC0415
        from ..models.seat_review import SeatReview  # noqa: PLC0415

        d = dict(src_dict)
        budget = Budget.from_dict(d.pop("budget"))

        decisions = []
        _decisions = d.pop("decisions")
        for decisions_item_data in _decisions:
            decisions_item = ReviewedDecision.from_dict(decisions_item_data)

            decisions.append(decisions_item)

        finished = d.pop("finished")

        graph = []
        _graph = d.pop("graph")
        for graph_item_data in _graph:
            graph_item = GraphPoint.from_dict(graph_item_data)

            graph.append(graph_item)

        def _parse_match(data: object) -> MatchInput | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                match_type_0 = MatchInput.from_dict(data)

                return match_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(MatchInput | None, data)

        match = _parse_match(d.pop("match"))

        moves = d.pop("moves")

        seats = cast(list[int], d.pop("seats"))

        def _parse_seed(data: object) -> int | None | str:
            if data is None:
                return data
            return cast(int | None | str, data)

        seed = _parse_seed(d.pop("seed"))

        summary = []
        _summary = d.pop("summary")
        for summary_item_data in _summary:
            summary_item = SeatReview.from_dict(summary_item_data)

            summary.append(summary_item)

        thresholds = ReviewThresholds.from_dict(d.pop("thresholds"))

        review_response = cls(
            budget=budget,
            decisions=decisions,
            finished=finished,
            graph=graph,
            match=match,
            moves=moves,
            seats=seats,
            seed=seed,
            summary=summary,
            thresholds=thresholds,
        )

        return review_response
