from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.graph_point_label_type_1 import GraphPointLabelType1, check_graph_point_label_type_1
from ..models.graph_point_label_type_2_type_1 import GraphPointLabelType2Type1, check_graph_point_label_type_2_type_1
from ..models.graph_point_label_type_3_type_1 import GraphPointLabelType3Type1, check_graph_point_label_type_3_type_1
from ..types import UNSET, Unset

T = TypeVar("T", bound="GraphPoint")


@_attrs_define
class GraphPoint:
    """
    Attributes:
        after (float | None): the same after the move: the played move's value
        before (float | None): the side to move's expected hand points before the move: the best ranked move's value;
            null for a decision not searched or not ranked
        index (int): the move's index in moves
        seat (int):
        side (int):
        label (GraphPointLabelType1 | GraphPointLabelType2Type1 | GraphPointLabelType3Type1 | None | Unset):
        win_after (float | None | Unset): with a match: the played move's win probability
        win_before (float | None | Unset): with a match: the best move's win probability
    """

    after: float | None
    before: float | None
    index: int
    seat: int
    side: int
    label: GraphPointLabelType1 | GraphPointLabelType2Type1 | GraphPointLabelType3Type1 | None | Unset = UNSET
    win_after: float | None | Unset = UNSET
    win_before: float | None | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        after: float | None
        after = self.after

        before: float | None
        before = self.before

        index = self.index

        seat = self.seat

        side = self.side

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

        win_after: float | None | Unset
        if isinstance(self.win_after, Unset):
            win_after = UNSET
        else:
            win_after = self.win_after

        win_before: float | None | Unset
        if isinstance(self.win_before, Unset):
            win_before = UNSET
        else:
            win_before = self.win_before

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "after": after,
                "before": before,
                "index": index,
                "seat": seat,
                "side": side,
            }
        )
        if label is not UNSET:
            field_dict["label"] = label
        if win_after is not UNSET:
            field_dict["win_after"] = win_after
        if win_before is not UNSET:
            field_dict["win_before"] = win_before

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_after(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        after = _parse_after(d.pop("after"))

        def _parse_before(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        before = _parse_before(d.pop("before"))

        index = d.pop("index")

        seat = d.pop("seat")

        side = d.pop("side")

        def _parse_label(
            data: object,
        ) -> GraphPointLabelType1 | GraphPointLabelType2Type1 | GraphPointLabelType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                label_type_1 = check_graph_point_label_type_1(data)

                return label_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                label_type_2_type_1 = check_graph_point_label_type_2_type_1(data)

                return label_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                label_type_3_type_1 = check_graph_point_label_type_3_type_1(data)

                return label_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(
                GraphPointLabelType1 | GraphPointLabelType2Type1 | GraphPointLabelType3Type1 | None | Unset, data
            )

        label = _parse_label(d.pop("label", UNSET))

        def _parse_win_after(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        win_after = _parse_win_after(d.pop("win_after", UNSET))

        def _parse_win_before(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        win_before = _parse_win_before(d.pop("win_before", UNSET))

        graph_point = cls(
            after=after,
            before=before,
            index=index,
            seat=seat,
            side=side,
            label=label,
            win_after=win_after,
            win_before=win_before,
        )

        return graph_point
