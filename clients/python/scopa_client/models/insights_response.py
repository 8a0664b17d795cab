from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.budget import Budget
    from ..models.hand_insight import HandInsight
    from ..models.hand_problem import HandProblem
    from ..models.insights_response_labels import InsightsResponseLabels
    from ..models.insights_response_labels_per_100 import InsightsResponseLabelsPer100
    from ..models.insights_response_loss_by_category import InsightsResponseLossByCategory
    from ..models.insights_response_phases import InsightsResponsePhases
    from ..models.insights_response_situations import InsightsResponseSituations
    from ..models.interpreted_mean import InterpretedMean
    from ..models.level_estimate import LevelEstimate
    from ..models.trend import Trend


T = TypeVar("T", bound="InsightsResponse")


@_attrs_define
class InsightsResponse:
    """
    Attributes:
        accuracy (float | None): harmonic mean of every judged decision's: from 0 to 100, from the loss beyond noise (a
            loss within its noise allowance counts as none): 100 at no loss, falling linearly to 90 at the inaccuracy
            threshold, 70 at the mistake threshold and 40 at the blunder threshold, then halving with each further blunder
            threshold's worth of loss; with a match the lower of the points and the win probability figures. So best is 100,
            good above 90, inaccuracy above 70, mistake above 40, blunder 40 or below
        budget (Budget):
        decisions (int): judged decisions
        hands (int): hands reviewed
        labels (InsightsResponseLabels):
        labels_per_100 (InsightsResponseLabelsPer100): each label per 100 judged decisions
        level (LevelEstimate | None):
        level_note (None | str): why there is no level
        loss_by_category (InsightsResponseLossByCategory): by scoring category of the rules (cards, coins, settebello,
            primiera, scope and the variant's extras): the best moves' breakdown less the played moves'; a negative figure
            is a category the played moves favoured
        mean_loss (InterpretedMean):
        per_hand (list[HandInsight]):
        phases (InsightsResponsePhases): over every hand: the seat's card plays in hand order (searched and forced) cut
            into thirds, first, middle and last (the earlier thirds one larger when they do not divide evenly); each third's
            accuracy is the harmonic mean of its judged decisions, null with none
        player (None | str):
        problems (list[HandProblem]):
        seed (int | str): the same seed deals the same cards
        situations (InsightsResponseSituations): sweeps_conceded: the other side swept right after the player's play;
            sweeps_missed: a sweep was legal and not played; settebello_lost: left on the table and taken next when another
            play would not have left it; sevens_given: the same for the other sevens
        trend (Trend):
    """

    accuracy: float | None
    budget: Budget
    decisions: int
    hands: int
    labels: InsightsResponseLabels
    labels_per_100: InsightsResponseLabelsPer100
    level: LevelEstimate | None
    level_note: None | str
    loss_by_category: InsightsResponseLossByCategory
    mean_loss: InterpretedMean
    per_hand: list[HandInsight]
    phases: InsightsResponsePhases
    player: None | str
    problems: list[HandProblem]
    seed: int | str
    situations: InsightsResponseSituations
    trend: Trend

    def to_dict(self) -> dict[str, Any]:
        from ..models.level_estimate import LevelEstimate  # noqa: PLC0415

        accuracy: float | None
        accuracy = self.accuracy

        budget = self.budget.to_dict()

        decisions = self.decisions

        hands = self.hands

        labels = self.labels.to_dict()

        labels_per_100 = self.labels_per_100.to_dict()

        level: dict[str, Any] | None
        if isinstance(self.level, LevelEstimate):
            level = self.level.to_dict()
        else:
            level = self.level

        level_note: None | str
        level_note = self.level_note

        loss_by_category = self.loss_by_category.to_dict()

        mean_loss = self.mean_loss.to_dict()

        per_hand = []
        for per_hand_item_data in self.per_hand:
            per_hand_item = per_hand_item_data.to_dict()
            per_hand.append(per_hand_item)

        phases = self.phases.to_dict()

        player: None | str
        player = self.player

        problems = []
        for problems_item_data in self.problems:
            problems_item = problems_item_data.to_dict()
            problems.append(problems_item)

        seed: int | str
        seed = self.seed

        situations = self.situations.to_dict()

        trend = self.trend.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "accuracy": accuracy,
                "budget": budget,
                "decisions": decisions,
                "hands": hands,
                "labels": labels,
                "labels_per_100": labels_per_100,
                "level": level,
                "level_note": level_note,
                "loss_by_category": loss_by_category,
                "mean_loss": mean_loss,
                "per_hand": per_hand,
                "phases": phases,
                "player": player,
                "problems": problems,
                "seed": seed,
                "situations": situations,
                "trend": trend,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.budget import Budget  # noqa: PLC0415
        from ..models.hand_insight import HandInsight  # noqa: PLC0415
        from ..models.hand_problem import HandProblem  # noqa: PLC0415
        from ..models.insights_response_labels import InsightsResponseLabels  # noqa: PLC0415
        from ..models.insights_response_labels_per_100 import InsightsResponseLabelsPer100  # noqa: PLC0415
        from ..models.insights_response_loss_by_category import InsightsResponseLossByCategory  # noqa: PLC0415
        from ..models.insights_response_phases import InsightsResponsePhases  # noqa: PLC0415
        from ..models.insights_response_situations import InsightsResponseSituations  # noqa: PLC0415
        from ..models.interpreted_mean import InterpretedMean  # noqa: PLC0415
        from ..models.level_estimate import LevelEstimate  # noqa: PLC0415
        from ..models.trend import Trend  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_accuracy(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        accuracy = _parse_accuracy(d.pop("accuracy"))

        budget = Budget.from_dict(d.pop("budget"))

        decisions = d.pop("decisions")

        hands = d.pop("hands")

        labels = InsightsResponseLabels.from_dict(d.pop("labels"))

        labels_per_100 = InsightsResponseLabelsPer100.from_dict(d.pop("labels_per_100"))

        def _parse_level(data: object) -> LevelEstimate | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                level_type_0 = LevelEstimate.from_dict(data)

                return level_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(LevelEstimate | None, data)

        level = _parse_level(d.pop("level"))

        def _parse_level_note(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        level_note = _parse_level_note(d.pop("level_note"))

        loss_by_category = InsightsResponseLossByCategory.from_dict(d.pop("loss_by_category"))

        mean_loss = InterpretedMean.from_dict(d.pop("mean_loss"))

        per_hand = []
        _per_hand = d.pop("per_hand")
        for per_hand_item_data in _per_hand:
            per_hand_item = HandInsight.from_dict(per_hand_item_data)

            per_hand.append(per_hand_item)

        phases = InsightsResponsePhases.from_dict(d.pop("phases"))

        def _parse_player(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        player = _parse_player(d.pop("player"))

        problems = []
        _problems = d.pop("problems")
        for problems_item_data in _problems:
            problems_item = HandProblem.from_dict(problems_item_data)

            problems.append(problems_item)

        def _parse_seed(data: object) -> int | str:
            return cast(int | str, data)

        seed = _parse_seed(d.pop("seed"))

        situations = InsightsResponseSituations.from_dict(d.pop("situations"))

        trend = Trend.from_dict(d.pop("trend"))

        insights_response = cls(
            accuracy=accuracy,
            budget=budget,
            decisions=decisions,
            hands=hands,
            labels=labels,
            labels_per_100=labels_per_100,
            level=level,
            level_note=level_note,
            loss_by_category=loss_by_category,
            mean_loss=mean_loss,
            per_hand=per_hand,
            phases=phases,
            player=player,
            problems=problems,
            seed=seed,
            situations=situations,
            trend=trend,
        )

        return insights_response
