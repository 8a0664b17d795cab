from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.fair_play_response_verdict import FairPlayResponseVerdict, check_fair_play_response_verdict

if TYPE_CHECKING:
    from ..models.budget import Budget
    from ..models.calibration_used import CalibrationUsed
    from ..models.dealt_hands import DealtHands
    from ..models.engine import Engine
    from ..models.fair_play_hand_summary import FairPlayHandSummary
    from ..models.hand_problem import HandProblem
    from ..models.hypothesis import Hypothesis
    from ..models.model import Model
    from ..models.pair_evidence import PairEvidence


T = TypeVar("T", bound="FairPlayResponse")


@_attrs_define
class FairPlayResponse:
    """
    Attributes:
        budget (Budget):
        calibration (CalibrationUsed | None):
        dealt_hands (DealtHands):
        decisions (int): judged decisions
        engine (Engine):
        hands (int):
        hidden_information (list[Hypothesis]):
        model (Model):
        pair (None | str):
        pair_evidence (None | PairEvidence):
        per_hand (list[FairPlayHandSummary]):
        player (None | str):
        problems (list[HandProblem]):
        seed (int | str): the same seed deals the same cards
        unjudged (int): searched decisions left unjudged (time cap)
        verdict (FairPlayResponseVerdict): the strongest verdict of the report
    """

    budget: Budget
    calibration: CalibrationUsed | None
    dealt_hands: DealtHands
    decisions: int
    engine: Engine
    hands: int
    hidden_information: list[Hypothesis]
    model: Model
    pair: None | str
    pair_evidence: None | PairEvidence
    per_hand: list[FairPlayHandSummary]
    player: None | str
    problems: list[HandProblem]
    seed: int | str
    unjudged: int
    verdict: FairPlayResponseVerdict

    def to_dict(self) -> dict[str, Any]:
        from ..models.calibration_used import CalibrationUsed  # noqa: PLC0415
        from ..models.pair_evidence import PairEvidence  # noqa: PLC0415

        budget = self.budget.to_dict()

        calibration: dict[str, Any] | None
        if isinstance(self.calibration, CalibrationUsed):
            calibration = self.calibration.to_dict()
        else:
            calibration = self.calibration

        dealt_hands = self.dealt_hands.to_dict()

        decisions = self.decisions

        engine = self.engine.to_dict()

        hands = self.hands

        hidden_information = []
        for hidden_information_item_data in self.hidden_information:
            hidden_information_item = hidden_information_item_data.to_dict()
            hidden_information.append(hidden_information_item)

        model = self.model.to_dict()

        pair: None | str
        pair = self.pair

        pair_evidence: dict[str, Any] | None
        if isinstance(self.pair_evidence, PairEvidence):
            pair_evidence = self.pair_evidence.to_dict()
        else:
            pair_evidence = self.pair_evidence

        per_hand = []
        for per_hand_item_data in self.per_hand:
            per_hand_item = per_hand_item_data.to_dict()
            per_hand.append(per_hand_item)

        player: None | str
        player = self.player

        problems = []
        for problems_item_data in self.problems:
            problems_item = problems_item_data.to_dict()
            problems.append(problems_item)

        seed: int | str
        seed = self.seed

        unjudged = self.unjudged

        verdict: str = self.verdict

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "budget": budget,
                "calibration": calibration,
                "dealt_hands": dealt_hands,
                "decisions": decisions,
                "engine": engine,
                "hands": hands,
                "hidden_information": hidden_information,
                "model": model,
                "pair": pair,
                "pair_evidence": pair_evidence,
                "per_hand": per_hand,
                "player": player,
                "problems": problems,
                "seed": seed,
                "unjudged": unjudged,
                "verdict": verdict,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.budget import Budget  # noqa: PLC0415
        from ..models.calibration_used import CalibrationUsed  # noqa: PLC0415
        from ..models.dealt_hands import DealtHands  # noqa: PLC0415
        from ..models.engine import Engine  # noqa: PLC0415
        from ..models.fair_play_hand_summary import FairPlayHandSummary  # noqa: PLC0415
        from ..models.hand_problem import HandProblem  # noqa: PLC0415
        from ..models.hypothesis import Hypothesis  # noqa: PLC0415
        from ..models.model import Model  # noqa: PLC0415
        from ..models.pair_evidence import PairEvidence  # noqa: PLC0415

        d = dict(src_dict)
        budget = Budget.from_dict(d.pop("budget"))

        def _parse_calibration(data: object) -> CalibrationUsed | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                calibration_type_0 = CalibrationUsed.from_dict(data)

                return calibration_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CalibrationUsed | None, data)

        calibration = _parse_calibration(d.pop("calibration"))

        dealt_hands = DealtHands.from_dict(d.pop("dealt_hands"))

        decisions = d.pop("decisions")

        engine = Engine.from_dict(d.pop("engine"))

        hands = d.pop("hands")

        hidden_information = []
        _hidden_information = d.pop("hidden_information")
        for hidden_information_item_data in _hidden_information:
            hidden_information_item = Hypothesis.from_dict(hidden_information_item_data)

            hidden_information.append(hidden_information_item)

        model = Model.from_dict(d.pop("model"))

        def _parse_pair(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        pair = _parse_pair(d.pop("pair"))

        def _parse_pair_evidence(data: object) -> None | PairEvidence:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                pair_evidence_type_0 = PairEvidence.from_dict(data)

                return pair_evidence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PairEvidence, data)

        pair_evidence = _parse_pair_evidence(d.pop("pair_evidence"))

        per_hand = []
        _per_hand = d.pop("per_hand")
        for per_hand_item_data in _per_hand:
            per_hand_item = FairPlayHandSummary.from_dict(per_hand_item_data)

            per_hand.append(per_hand_item)

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

        unjudged = d.pop("unjudged")

        verdict = check_fair_play_response_verdict(d.pop("verdict"))

        fair_play_response = cls(
            budget=budget,
            calibration=calibration,
            dealt_hands=dealt_hands,
            decisions=decisions,
            engine=engine,
            hands=hands,
            hidden_information=hidden_information,
            model=model,
            pair=pair,
            pair_evidence=pair_evidence,
            per_hand=per_hand,
            player=player,
            problems=problems,
            seed=seed,
            unjudged=unjudged,
            verdict=verdict,
        )

        return fair_play_response
