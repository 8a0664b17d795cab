from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.advice_response_chosen_by import AdviceResponseChosenBy, check_advice_response_chosen_by

if TYPE_CHECKING:
    from ..models.advised_move import AdvisedMove
    from ..models.chosen_move import ChosenMove
    from ..models.search_stats import SearchStats


T = TypeVar("T", bound="AdviceResponse")


@_attrs_define
class AdviceResponse:
    """
    Attributes:
        chosen (ChosenMove):
        chosen_by (AdviceResponseChosenBy): search: the best ranked play; declaration / no_declaration: in the
            declaration round after a deal, a hand that declares something is declared, else the seat declines (ask again
            for the next seat); cutter_keeps: at the Chkobba cutter's choice, which the search cannot rank, keep is chosen
            by rule
        moves (list[AdvisedMove]):
        stats (SearchStats):
    """

    chosen: ChosenMove
    chosen_by: AdviceResponseChosenBy
    moves: list[AdvisedMove]
    stats: SearchStats

    def to_dict(self) -> dict[str, Any]:
        chosen = self.chosen.to_dict()

        chosen_by: str = self.chosen_by

        moves = []
        for moves_item_data in self.moves:
            moves_item = moves_item_data.to_dict()
            moves.append(moves_item)

        stats = self.stats.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chosen": chosen,
                "chosen_by": chosen_by,
                "moves": moves,
                "stats": stats,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.advised_move import AdvisedMove  # noqa: PLC0415
        from ..models.chosen_move import ChosenMove  # noqa: PLC0415
        from ..models.search_stats import SearchStats  # noqa: PLC0415

        d = dict(src_dict)
        chosen = ChosenMove.from_dict(d.pop("chosen"))

        chosen_by = check_advice_response_chosen_by(d.pop("chosen_by"))

        moves = []
        _moves = d.pop("moves")
        for moves_item_data in _moves:
            moves_item = AdvisedMove.from_dict(moves_item_data)

            moves.append(moves_item)

        stats = SearchStats.from_dict(d.pop("stats"))

        advice_response = cls(
            chosen=chosen,
            chosen_by=chosen_by,
            moves=moves,
            stats=stats,
        )

        return advice_response
