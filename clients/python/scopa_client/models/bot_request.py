from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_request_level import BotRequestLevel, check_bot_request_level
from ..models.bot_request_rules_type_0 import BotRequestRulesType0, check_bot_request_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.match_input import MatchInput
    from ..models.rules_options import RulesOptions
    from ..models.state import State
    from ..models.view import View


T = TypeVar("T", bound="BotRequest")


@_attrs_define
class BotRequest:
    """
    Attributes:
        level (BotRequestLevel): the level the bot plays at, weakest first: beginner, casual, club, expert, master
            Example: club.
        match (MatchInput | Unset):
        rules (BotRequestRulesType0 | RulesOptions | Unset): optional with view.rules or state.rules; equal if both
            given
        seat (int | Unset): with state (required there): the bot's seat
        seed (int | str | Unset): omitted: derived from the request, so equal requests agree
        state (State | Unset):
        view (View | Unset):
    """

    level: BotRequestLevel
    match: MatchInput | Unset = UNSET
    rules: BotRequestRulesType0 | RulesOptions | Unset = UNSET
    seat: int | Unset = UNSET
    seed: int | str | Unset = UNSET
    state: State | Unset = UNSET
    view: View | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        level: str = self.level

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        rules: dict[str, Any] | str | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        seat = self.seat

        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        state: dict[str, Any] | Unset = UNSET
        if not isinstance(self.state, Unset):
            state = self.state.to_dict()

        view: dict[str, Any] | Unset = UNSET
        if not isinstance(self.view, Unset):
            view = self.view.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
            }
        )
        if match is not UNSET:
            field_dict["match"] = match
        if rules is not UNSET:
            field_dict["rules"] = rules
        if seat is not UNSET:
            field_dict["seat"] = seat
        if seed is not UNSET:
            field_dict["seed"] = seed
        if state is not UNSET:
            field_dict["state"] = state
        if view is not UNSET:
            field_dict["view"] = view

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.match_input import MatchInput  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415
        from ..models.state import State  # noqa: PLC0415
        from ..models.view import View  # noqa: PLC0415

        d = dict(src_dict)
        level = check_bot_request_level(d.pop("level"))

        _match = d.pop("match", UNSET)
        match: MatchInput | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = MatchInput.from_dict(_match)

        def _parse_rules(data: object) -> BotRequestRulesType0 | RulesOptions | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_bot_request_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules", UNSET))

        seat = d.pop("seat", UNSET)

        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        _state = d.pop("state", UNSET)
        state: State | Unset
        if isinstance(_state, Unset):
            state = UNSET
        else:
            state = State.from_dict(_state)

        _view = d.pop("view", UNSET)
        view: View | Unset
        if isinstance(_view, Unset):
            view = UNSET
        else:
            view = View.from_dict(_view)

        bot_request = cls(
            level=level,
            match=match,
            rules=rules,
            seat=seat,
            seed=seed,
            state=state,
            view=view,
        )

        return bot_request
