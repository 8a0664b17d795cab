from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.reviewed_decision_chosen_by import ReviewedDecisionChosenBy, check_reviewed_decision_chosen_by
from ..models.reviewed_decision_claim import ReviewedDecisionClaim, check_reviewed_decision_claim
from ..models.reviewed_decision_label_type_1 import ReviewedDecisionLabelType1, check_reviewed_decision_label_type_1
from ..models.reviewed_decision_label_type_2_type_1 import (
    ReviewedDecisionLabelType2Type1,
    check_reviewed_decision_label_type_2_type_1,
)
from ..models.reviewed_decision_label_type_3_type_1 import (
    ReviewedDecisionLabelType3Type1,
    check_reviewed_decision_label_type_3_type_1,
)
from ..models.reviewed_decision_status import ReviewedDecisionStatus, check_reviewed_decision_status
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chosen_move import ChosenMove
    from ..models.reviewed_move import ReviewedMove


T = TypeVar("T", bound="ReviewedDecision")


@_attrs_define
class ReviewedDecision:
    """
    Attributes:
        index (int): the move's index in moves
        legal_plays (int): how many legal card plays the seat had
        played (ReviewedMove):
        seat (int):
        side (int):
        status (ReviewedDecisionStatus): searched: advised and labelled; forced: the only legal card play (no search, no
            label); unranked: a move that plays no card (the cutter's keep or table, a declaration, a claim), which the
            search does not rank (no label)
        accuracy (float | None | Unset): searched and judged only, else null: from 0 to 100, from the loss beyond noise
            (a loss within its noise allowance counts as none): 100 at no loss, falling linearly to 90 at the inaccuracy
            threshold, 70 at the mistake threshold and 40 at the blunder threshold, then halving with each further blunder
            threshold's worth of loss; with a match the lower of the points and the win probability figures. So best is 100,
            good above 90, inaccuracy above 70, mistake above 40, blunder 40 or below
        best (ReviewedMove | Unset):
        chosen (ChosenMove | Unset):
        chosen_by (ReviewedDecisionChosenBy | Unset): searched only: how /v1/advice picks chosen
        claim (ReviewedDecisionClaim | Unset): a claim: right (the side won the match) or wrong (lost it)
        exact (bool | Unset): searched: the values are exact (nothing hidden, solved)
        label (None | ReviewedDecisionLabelType1 | ReviewedDecisionLabelType2Type1 | ReviewedDecisionLabelType3Type1 |
            Unset): searched only, else null. best: the played move is the best ranked one, or loses nothing; good: it loses
            less than 0.1 points (with a match, less than 0.01 in win probability), or no more than its noise: 2 x
            std_error_vs_best, the paired standard error of the best move's value less its own (win probabilities: 2 x the
            two moves' win_std_error combined), 0 for an exact decision, unknown (so at most good) from a single world;
            inaccuracy: from 0.1 points (0.01); mistake: from 0.3 (0.03); blunder: from 0.75 (0.08). With a match the label
            is the more severe of the points label and the win-probability label.
        loss (float | None | Unset): searched: best value less played value in expected hand points, never negative;
            null otherwise (and for an undersampled search)
        noise (float | None | Unset): searched: the noise allowance on loss (null: no error estimate)
        note (str | Unset): unranked: what the move is for
        seed (int | str | Unset): searched: the advice's seed (stats.seed)
        undersampled (bool | Unset): searched: the search ended with fewer worlds than its floor (see /v1/advice's
            stats.undersampled): the decision is not judged (loss, noise and label null) and its summary counts it as
            undersampled
        win_probability_loss (float | None | Unset): searched, with a match: the win probability lost
        win_probability_noise (float | None | Unset): searched, with a match: the noise allowance on it
        worlds (int | Unset): searched: the worlds the search sampled
    """

    index: int
    legal_plays: int
    played: ReviewedMove
    seat: int
    side: int
    status: ReviewedDecisionStatus
    accuracy: float | None | Unset = UNSET
    best: ReviewedMove | Unset = UNSET
    chosen: ChosenMove | Unset = UNSET
    chosen_by: ReviewedDecisionChosenBy | Unset = UNSET
    claim: ReviewedDecisionClaim | Unset = UNSET
    exact: bool | Unset = UNSET
    label: (
        None | ReviewedDecisionLabelType1 | ReviewedDecisionLabelType2Type1 | ReviewedDecisionLabelType3Type1 | Unset
    ) = UNSET
    loss: float | None | Unset = UNSET
    noise: float | None | Unset = UNSET
    note: str | Unset = UNSET
    seed: int | str | Unset = UNSET
    undersampled: bool | Unset = UNSET
    win_probability_loss: float | None | Unset = UNSET
    win_probability_noise: float | None | Unset = UNSET
    worlds: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        legal_plays = self.legal_plays

        played = self.played.to_dict()

        seat = self.seat

        side = self.side

        status: str = self.status

        accuracy: float | None | Unset
        if isinstance(self.accuracy, Unset):
            accuracy = UNSET
        else:
            accuracy = self.accuracy

        best: dict[str, Any] | Unset = UNSET
        if not isinstance(self.best, Unset):
            best = self.best.to_dict()

        chosen: dict[str, Any] | Unset = UNSET
        if not isinstance(self.chosen, Unset):
            chosen = self.chosen.to_dict()

        chosen_by: str | Unset = UNSET
        if not isinstance(self.chosen_by, Unset):
            chosen_by = self.chosen_by

        claim: str | Unset = UNSET
        if not isinstance(self.claim, Unset):
            claim = self.claim

        exact = self.exact

        label: None | str | Unset
        if isinstance(self.label, Unset):
            label = UNSET
        elif isinstance(self.label, str):
            label = self.label
        elif isinstance(self.label, str):
            label = self.label
        elif isinstance(self.label, str):
            label = self.label
        else:
            label = self.label

        loss: float | None | Unset
        if isinstance(self.loss, Unset):
            loss = UNSET
        else:
            loss = self.loss

        noise: float | None | Unset
        if isinstance(self.noise, Unset):
            noise = UNSET
        else:
            noise = self.noise

        note = self.note

        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        undersampled = self.undersampled

        win_probability_loss: float | None | Unset
        if isinstance(self.win_probability_loss, Unset):
            win_probability_loss = UNSET
        else:
            win_probability_loss = self.win_probability_loss

        win_probability_noise: float | None | Unset
        if isinstance(self.win_probability_noise, Unset):
            win_probability_noise = UNSET
        else:
            win_probability_noise = self.win_probability_noise

        worlds = self.worlds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "legal_plays": legal_plays,
                "played": played,
                "seat": seat,
                "side": side,
                "status": status,
            }
        )
        if accuracy is not UNSET:
            field_dict["accuracy"] = accuracy
        if best is not UNSET:
            field_dict["best"] = best
        if chosen is not UNSET:
            field_dict["chosen"] = chosen
        if chosen_by is not UNSET:
            field_dict["chosen_by"] = chosen_by
        if claim is not UNSET:
            field_dict["claim"] = claim
        if exact is not UNSET:
            field_dict["exact"] = exact
        if label is not UNSET:
            field_dict["label"] = label
        if loss is not UNSET:
            field_dict["loss"] = loss
        if noise is not UNSET:
            field_dict["noise"] = noise
        if note is not UNSET:
            field_dict["note"] = note
        if seed is not UNSET:
            field_dict["seed"] = seed
        if undersampled is not UNSET:
            field_dict["undersampled"] = undersampled
        if win_probability_loss is not UNSET:
            field_dict["win_probability_loss"] = win_probability_loss
        if win_probability_noise is not UNSET:
            field_dict["win_probability_noise"] = win_probability_noise
        if worlds is not UNSET:
            field_dict["worlds"] = worlds

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chosen_move import ChosenMove  # noqa: PLC0415
        from ..models.reviewed_move import ReviewedMove  # noqa: PLC0415

        d = dict(src_dict)
        index = d.pop("index")

        legal_plays = d.pop("legal_plays")

        played = ReviewedMove.from_dict(d.pop("played"))

        seat = d.pop("seat")

        side = d.pop("side")

        status = check_reviewed_decision_status(d.pop("status"))

        def _parse_accuracy(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        accuracy = _parse_accuracy(d.pop("accuracy", UNSET))

        _best = d.pop("best", UNSET)
        best: ReviewedMove | Unset
        if isinstance(_best, Unset):
            best = UNSET
        else:
            best = ReviewedMove.from_dict(_best)

        _chosen = d.pop("chosen", UNSET)
        chosen: ChosenMove | Unset
        if isinstance(_chosen, Unset):
            chosen = UNSET
        else:
            chosen = ChosenMove.from_dict(_chosen)

        _chosen_by = d.pop("chosen_by", UNSET)
        chosen_by: ReviewedDecisionChosenBy | Unset
        if isinstance(_chosen_by, Unset):
            chosen_by = UNSET
        else:
            chosen_by = check_reviewed_decision_chosen_by(_chosen_by)

        _claim = d.pop("claim", UNSET)
        claim: ReviewedDecisionClaim | Unset
        if isinstance(_claim, Unset):
            claim = UNSET
        else:
            claim = check_reviewed_decision_claim(_claim)

        exact = d.pop("exact", UNSET)

        def _parse_label(
            data: object,
        ) -> (
            None
            | ReviewedDecisionLabelType1
            | ReviewedDecisionLabelType2Type1
            | ReviewedDecisionLabelType3Type1
            | Unset
        ):
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                label_type_1 = check_reviewed_decision_label_type_1(data)

                return label_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                label_type_2_type_1 = check_reviewed_decision_label_type_2_type_1(data)

                return label_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                label_type_3_type_1 = check_reviewed_decision_label_type_3_type_1(data)

                return label_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                None
                | ReviewedDecisionLabelType1
                | ReviewedDecisionLabelType2Type1
                | ReviewedDecisionLabelType3Type1
                | Unset,
                data,
            )

        label = _parse_label(d.pop("label", UNSET))

        def _parse_loss(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        loss = _parse_loss(d.pop("loss", UNSET))

        def _parse_noise(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        noise = _parse_noise(d.pop("noise", UNSET))

        note = d.pop("note", UNSET)

        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        undersampled = d.pop("undersampled", UNSET)

        def _parse_win_probability_loss(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        win_probability_loss = _parse_win_probability_loss(d.pop("win_probability_loss", UNSET))

        def _parse_win_probability_noise(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        win_probability_noise = _parse_win_probability_noise(d.pop("win_probability_noise", UNSET))

        worlds = d.pop("worlds", UNSET)

        reviewed_decision = cls(
            index=index,
            legal_plays=legal_plays,
            played=played,
            seat=seat,
            side=side,
            status=status,
            accuracy=accuracy,
            best=best,
            chosen=chosen,
            chosen_by=chosen_by,
            claim=claim,
            exact=exact,
            label=label,
            loss=loss,
            noise=noise,
            note=note,
            seed=seed,
            undersampled=undersampled,
            win_probability_loss=win_probability_loss,
            win_probability_noise=win_probability_noise,
            worlds=worlds,
        )

        return reviewed_decision
