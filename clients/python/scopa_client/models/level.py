from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.level_name import LevelName, check_level_name

if TYPE_CHECKING:
    from ..models.level_parameters import LevelParameters


T = TypeVar("T", bound="Level")


@_attrs_define
class Level:
    """
    Attributes:
        description (str): how it plays
        name (LevelName): the level the bot plays at, weakest first: beginner, casual, club, expert, master Example:
            club.
        parameters (LevelParameters): the human model's parameters (none for master): chances of forgetting a card
            played (forget) or that the settebello or a rank's last copy is out (forget_key), of missing a capture's each
            extra card (miss_capture) or the next player's sweep (miss_threat), of forgetting to declare (forget_declare)
            and of claiming a won match (claim); weights of the next player's reply (caution) and of the own next capture
            (plan); the points a capture is worth above its cards (grab); the choice's temperature in hand points (noise)
        rank (int): 1 for the weakest level, up to master
        searches (bool): true for master: the advisor's search at its default budget, with the advice's cache, search
            slot (503 when busy) and rate-limit cost
        suits (str): who it suits
    """

    description: str
    name: LevelName
    parameters: LevelParameters
    rank: int
    searches: bool
    suits: str

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        name: str = self.name

        parameters = self.parameters.to_dict()

        rank = self.rank

        searches = self.searches

        suits = self.suits

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "name": name,
                "parameters": parameters,
                "rank": rank,
                "searches": searches,
                "suits": suits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.level_parameters import LevelParameters  # noqa: PLC0415

        d = dict(src_dict)
        description = d.pop("description")

        name = check_level_name(d.pop("name"))

        parameters = LevelParameters.from_dict(d.pop("parameters"))

        rank = d.pop("rank")

        searches = d.pop("searches")

        suits = d.pop("suits")

        level = cls(
            description=description,
            name=name,
            parameters=parameters,
            rank=rank,
            searches=searches,
            suits=suits,
        )

        return level
