from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.bot_response_level import BotResponseLevel, check_bot_response_level

if TYPE_CHECKING:
    from ..models.chosen_move import ChosenMove


T = TypeVar("T", bound="BotResponse")


@_attrs_define
class BotResponse:
    """
    Attributes:
        level (BotResponseLevel): the level the bot plays at, weakest first: beginner, casual, club, expert, master
            Example: club.
        move (ChosenMove):
        seed (int | str): the seed used: the request's, or the one derived from it
    """

    level: BotResponseLevel
    move: ChosenMove
    seed: int | str

    def to_dict(self) -> dict[str, Any]:
        level: str = self.level

        move = self.move.to_dict()

        seed: int | str
        seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "level": level,
                "move": move,
                "seed": seed,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.chosen_move import ChosenMove  # noqa: PLC0415

        d = dict(src_dict)
        level = check_bot_response_level(d.pop("level"))

        move = ChosenMove.from_dict(d.pop("move"))

        def _parse_seed(data: object) -> int | str:
            return cast(int | str, data)

        seed = _parse_seed(d.pop("seed"))

        bot_response = cls(
            level=level,
            move=move,
            seed=seed,
        )

        return bot_response
