from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.prime import Prime
    from ..models.scalette import Scalette
    from ..models.scored_declaration import ScoredDeclaration
    from ..models.side_score_points import SideScorePoints


T = TypeVar("T", bound="SideScore")


@_attrs_define
class SideScore:
    """
    Attributes:
        cards (int): cards taken
        coins (int): cards of the bonus suit
        napola_run (int):
        outright (None | str): an outright win, if any
        points (SideScorePoints): points won by category
        prime (Prime):
        scope (int):
        settebello (bool):
        side (int):
        total (int):
        declarations (list[ScoredDeclaration] | Unset): declarations: the side's declared hands and their points
        scalette (Scalette | Unset):
    """

    cards: int
    coins: int
    napola_run: int
    outright: None | str
    points: SideScorePoints
    prime: Prime
    scope: int
    settebello: bool
    side: int
    total: int
    declarations: list[ScoredDeclaration] | Unset = UNSET
    scalette: Scalette | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards

        coins = self.coins

        napola_run = self.napola_run

        outright: None | str
        outright = self.outright

        points = self.points.to_dict()

        prime = self.prime.to_dict()

        scope = self.scope

        settebello = self.settebello

        side = self.side

        total = self.total

        declarations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.declarations, Unset):
            declarations = []
            for declarations_item_data in self.declarations:
                declarations_item = declarations_item_data.to_dict()
                declarations.append(declarations_item)

        scalette: dict[str, Any] | Unset = UNSET
        if not isinstance(self.scalette, Unset):
            scalette = self.scalette.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "coins": coins,
                "napola_run": napola_run,
                "outright": outright,
                "points": points,
                "prime": prime,
                "scope": scope,
                "settebello": settebello,
                "side": side,
                "total": total,
            }
        )
        if declarations is not UNSET:
            field_dict["declarations"] = declarations
        if scalette is not UNSET:
            field_dict["scalette"] = scalette

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.prime import Prime  # noqa: PLC0415
        from ..models.scalette import Scalette  # noqa: PLC0415
        from ..models.scored_declaration import ScoredDeclaration  # noqa: PLC0415
        from ..models.side_score_points import SideScorePoints  # noqa: PLC0415

        d = dict(src_dict)
        cards = d.pop("cards")

        coins = d.pop("coins")

        napola_run = d.pop("napola_run")

        def _parse_outright(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        outright = _parse_outright(d.pop("outright"))

        points = SideScorePoints.from_dict(d.pop("points"))

        prime = Prime.from_dict(d.pop("prime"))

        scope = d.pop("scope")

        settebello = d.pop("settebello")

        side = d.pop("side")

        total = d.pop("total")

        _declarations = d.pop("declarations", UNSET)
        declarations: list[ScoredDeclaration] | Unset = UNSET
        if _declarations is not UNSET:
            declarations = []
            for declarations_item_data in _declarations:
                declarations_item = ScoredDeclaration.from_dict(declarations_item_data)

                declarations.append(declarations_item)

        _scalette = d.pop("scalette", UNSET)
        scalette: Scalette | Unset
        if isinstance(_scalette, Unset):
            scalette = UNSET
        else:
            scalette = Scalette.from_dict(_scalette)

        side_score = cls(
            cards=cards,
            coins=coins,
            napola_run=napola_run,
            outright=outright,
            points=points,
            prime=prime,
            scope=scope,
            settebello=settebello,
            side=side,
            total=total,
            declarations=declarations,
            scalette=scalette,
        )

        return side_score
