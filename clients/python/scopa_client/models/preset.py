from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rules_options import RulesOptions
    from ..models.tally_form import TallyForm


T = TypeVar("T", bound="Preset")


@_attrs_define
class Preset:
    """
    Attributes:
        description (str):
        name (str):
        options (RulesOptions):
        players (list[int]):
        tally (TallyForm):
    """

    description: str
    name: str
    options: RulesOptions
    players: list[int]
    tally: TallyForm

    def to_dict(self) -> dict[str, Any]:
        description = self.description

        name = self.name

        options = self.options.to_dict()

        players = self.players

        tally = self.tally.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "description": description,
                "name": name,
                "options": options,
                "players": players,
                "tally": tally,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_options import RulesOptions  # noqa: PLC0415
        from ..models.tally_form import TallyForm  # noqa: PLC0415

        d = dict(src_dict)
        description = d.pop("description")

        name = d.pop("name")

        options = RulesOptions.from_dict(d.pop("options"))

        players = cast(list[int], d.pop("players"))

        tally = TallyForm.from_dict(d.pop("tally"))

        preset = cls(
            description=description,
            name=name,
            options=options,
            players=players,
            tally=tally,
        )

        return preset
