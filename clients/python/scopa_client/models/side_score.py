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
        cards (int | None): cards taken
        coins (int | None): cards of the bonus suit
        napola_run (int | None): the napola run held; null from a tally of rules without napola
        outright (None | str): an outright win, if any
        points (SideScorePoints): points won by category (from a tally: the decided ones)
        prime (None | Prime):
        scope (int | None):
        settebello (bool | None):
        side (int):
        total (int | None):
        declarations (list[ScoredDeclaration] | Unset): declarations: the side's declared hands and their points
        scalette (Scalette | Unset):
        undecided (list[str] | Unset): from a partial tally: the categories (and outright) the tallies cannot decide for
            this side
    """

    cards: int | None
    coins: int | None
    napola_run: int | None
    outright: None | str
    points: SideScorePoints
    prime: None | Prime
    scope: int | None
    settebello: bool | None
    side: int
    total: int | None
    declarations: list[ScoredDeclaration] | Unset = UNSET
    scalette: Scalette | Unset = UNSET
    undecided: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.prime import Prime  # noqa: PLC0415

        cards: int | None
        cards = self.cards

        coins: int | None
        coins = self.coins

        napola_run: int | None
        napola_run = self.napola_run

        outright: None | str
        outright = self.outright

        points = self.points.to_dict()

        prime: dict[str, Any] | None
        if isinstance(self.prime, Prime):
            prime = self.prime.to_dict()
        else:
            prime = self.prime

        scope: int | None
        scope = self.scope

        settebello: bool | None
        settebello = self.settebello

        side = self.side

        total: int | None
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

        undecided: list[str] | Unset = UNSET
        if not isinstance(self.undecided, Unset):
            undecided = self.undecided

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
        if undecided is not UNSET:
            field_dict["undecided"] = undecided

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.prime import Prime  # noqa: PLC0415
        from ..models.scalette import Scalette  # noqa: PLC0415
        from ..models.scored_declaration import ScoredDeclaration  # noqa: PLC0415
        from ..models.side_score_points import SideScorePoints  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_cards(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        cards = _parse_cards(d.pop("cards"))

        def _parse_coins(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        coins = _parse_coins(d.pop("coins"))

        def _parse_napola_run(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        napola_run = _parse_napola_run(d.pop("napola_run"))

        def _parse_outright(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        outright = _parse_outright(d.pop("outright"))

        points = SideScorePoints.from_dict(d.pop("points"))

        def _parse_prime(data: object) -> None | Prime:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                prime_type_0 = Prime.from_dict(data)

                return prime_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Prime, data)

        prime = _parse_prime(d.pop("prime"))

        def _parse_scope(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        scope = _parse_scope(d.pop("scope"))

        def _parse_settebello(data: object) -> bool | None:
            if data is None:
                return data
            return cast(bool | None, data)

        settebello = _parse_settebello(d.pop("settebello"))

        side = d.pop("side")

        def _parse_total(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        total = _parse_total(d.pop("total"))

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

        undecided = cast(list[str], d.pop("undecided", UNSET))

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
            undecided=undecided,
        )

        return side_score
