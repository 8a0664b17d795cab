from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.event import Event
    from ..models.hand_score import HandScore
    from ..models.match_result import MatchResult
    from ..models.state import State


T = TypeVar("T", bound="ReplayResponse")


@_attrs_define
class ReplayResponse:
    """
    Attributes:
        events (list[list[Event]]): events[i]: what moves[i] did
        states (list[State]): states[0] as dealt, states[i + 1] after moves[i]
        match (MatchResult | Unset):
        score (HandScore | Unset):
    """

    events: list[list[Event]]
    states: list[State]
    match: MatchResult | Unset = UNSET
    score: HandScore | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        events = []
        for events_item_data in self.events:
            events_item = []
            for events_item_item_data in events_item_data:
                events_item_item = events_item_item_data.to_dict()
                events_item.append(events_item_item)

            events.append(events_item)

        states = []
        for states_item_data in self.states:
            states_item = states_item_data.to_dict()
            states.append(states_item)

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        score: dict[str, Any] | Unset = UNSET
        if not isinstance(self.score, Unset):
            score = self.score.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "events": events,
                "states": states,
            }
        )
        if match is not UNSET:
            field_dict["match"] = match
        if score is not UNSET:
            field_dict["score"] = score

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.event import Event  # noqa: PLC0415
        from ..models.hand_score import HandScore  # noqa: PLC0415
        from ..models.match_result import MatchResult  # noqa: PLC0415
        from ..models.state import State  # noqa: PLC0415

        d = dict(src_dict)
        events = []
        _events = d.pop("events")
        for events_item_data in _events:
            events_item = []
            _events_item = events_item_data
            for events_item_item_data in _events_item:
                events_item_item = Event.from_dict(events_item_item_data)

                events_item.append(events_item_item)

            events.append(events_item)

        states = []
        _states = d.pop("states")
        for states_item_data in _states:
            states_item = State.from_dict(states_item_data)

            states.append(states_item)

        _match = d.pop("match", UNSET)
        match: MatchResult | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = MatchResult.from_dict(_match)

        _score = d.pop("score", UNSET)
        score: HandScore | Unset
        if isinstance(_score, Unset):
            score = UNSET
        else:
            score = HandScore.from_dict(_score)

        replay_response = cls(
            events=events,
            states=states,
            match=match,
            score=score,
        )

        return replay_response
