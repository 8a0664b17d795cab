from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.score_request_rules_type_0 import ScoreRequestRulesType0, check_score_request_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.declaration import Declaration
    from ..models.match_input import MatchInput
    from ..models.pile import Pile
    from ..models.rules_options import RulesOptions
    from ..models.tally import Tally


T = TypeVar("T", bound="ScoreRequest")


@_attrs_define
class ScoreRequest:
    """
    Attributes:
        rules (RulesOptions | ScoreRequestRulesType0): a preset name, or {"preset": name, <option overrides>}
        claimed_by (int | Unset): claims: the seat whose claim ended the hand; needs match. The piles (or whole tallies,
            with the cards not yet taken in leftover) are then those of the hand as it stopped, and match is the claim's
            verdict
        declarations (list[Declaration] | Unset): declarations: every hand declared in the hand (seat, deal, the three
            cards shown), scored and compared as /v1/play does
        leftover (list[str] | Unset): table cards nobody took (only when no one captured); with tallies and claimed_by,
            every card not yet taken when the claim stopped the hand
        match (MatchInput | Unset):
        piles (list[Pile] | Unset): every side's pile and scope count, one per side (or tallies)
        tallies (list[None | Tally] | Unset): instead of piles: every side's tally, one per side, null for a side not
            counted; the tallies must add up (a 422 names each miscount), and a category they cannot decide is listed in the
            answer's undecided
    """

    rules: RulesOptions | ScoreRequestRulesType0
    claimed_by: int | Unset = UNSET
    declarations: list[Declaration] | Unset = UNSET
    leftover: list[str] | Unset = UNSET
    match: MatchInput | Unset = UNSET
    piles: list[Pile] | Unset = UNSET
    tallies: list[None | Tally] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.tally import Tally  # noqa: PLC0415

        rules: dict[str, Any] | str
        if isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        claimed_by = self.claimed_by

        declarations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.declarations, Unset):
            declarations = []
            for declarations_item_data in self.declarations:
                declarations_item = declarations_item_data.to_dict()
                declarations.append(declarations_item)

        leftover: list[str] | Unset = UNSET
        if not isinstance(self.leftover, Unset):
            leftover = self.leftover

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        piles: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.piles, Unset):
            piles = []
            for piles_item_data in self.piles:
                piles_item = piles_item_data.to_dict()
                piles.append(piles_item)

        tallies: list[dict[str, Any] | None] | Unset = UNSET
        if not isinstance(self.tallies, Unset):
            tallies = []
            for tallies_item_data in self.tallies:
                tallies_item: dict[str, Any] | None
                if isinstance(tallies_item_data, Tally):
                    tallies_item = tallies_item_data.to_dict()
                else:
                    tallies_item = tallies_item_data
                tallies.append(tallies_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rules": rules,
            }
        )
        if claimed_by is not UNSET:
            field_dict["claimed_by"] = claimed_by
        if declarations is not UNSET:
            field_dict["declarations"] = declarations
        if leftover is not UNSET:
            field_dict["leftover"] = leftover
        if match is not UNSET:
            field_dict["match"] = match
        if piles is not UNSET:
            field_dict["piles"] = piles
        if tallies is not UNSET:
            field_dict["tallies"] = tallies

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.declaration import Declaration  # noqa: PLC0415
        from ..models.match_input import MatchInput  # noqa: PLC0415
        from ..models.pile import Pile  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415
        from ..models.tally import Tally  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_rules(data: object) -> RulesOptions | ScoreRequestRulesType0:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_score_request_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules"))

        claimed_by = d.pop("claimed_by", UNSET)

        _declarations = d.pop("declarations", UNSET)
        declarations: list[Declaration] | Unset = UNSET
        if _declarations is not UNSET:
            declarations = []
            for declarations_item_data in _declarations:
                declarations_item = Declaration.from_dict(declarations_item_data)

                declarations.append(declarations_item)

        leftover = cast(list[str], d.pop("leftover", UNSET))

        _match = d.pop("match", UNSET)
        match: MatchInput | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = MatchInput.from_dict(_match)

        _piles = d.pop("piles", UNSET)
        piles: list[Pile] | Unset = UNSET
        if _piles is not UNSET:
            piles = []
            for piles_item_data in _piles:
                piles_item = Pile.from_dict(piles_item_data)

                piles.append(piles_item)

        _tallies = d.pop("tallies", UNSET)
        tallies: list[None | Tally] | Unset = UNSET
        if _tallies is not UNSET:
            tallies = []
            for tallies_item_data in _tallies:

                def _parse_tallies_item(data: object) -> None | Tally:
                    if data is None:
                        return data
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        tallies_item_type_0 = Tally.from_dict(data)

                        return tallies_item_type_0
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(None | Tally, data)

                tallies_item = _parse_tallies_item(tallies_item_data)

                tallies.append(tallies_item)

        score_request = cls(
            rules=rules,
            claimed_by=claimed_by,
            declarations=declarations,
            leftover=leftover,
            match=match,
            piles=piles,
            tallies=tallies,
        )

        return score_request
