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


T = TypeVar("T", bound="ScoreRequest")


@_attrs_define
class ScoreRequest:
    """
    Attributes:
        piles (list[Pile]):
        rules (RulesOptions | ScoreRequestRulesType0): a preset name, or {"preset": name, <option overrides>}
        claimed_by (int | Unset): claims: the seat whose claim ended the hand; needs match. The piles are then those of
            the hand as it stopped (the other cards uncaptured), and match is the claim's verdict
        declarations (list[Declaration] | Unset): declarations: every hand declared in the hand (seat, deal, the three
            cards shown), scored and compared as /v1/play does
        leftover (list[str] | Unset): table cards nobody took (only when no one captured)
        match (MatchInput | Unset):
    """

    piles: list[Pile]
    rules: RulesOptions | ScoreRequestRulesType0
    claimed_by: int | Unset = UNSET
    declarations: list[Declaration] | Unset = UNSET
    leftover: list[str] | Unset = UNSET
    match: MatchInput | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        piles = []
        for piles_item_data in self.piles:
            piles_item = piles_item_data.to_dict()
            piles.append(piles_item)

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "piles": piles,
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

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.declaration import Declaration  # noqa: PLC0415
        from ..models.match_input import MatchInput  # noqa: PLC0415
        from ..models.pile import Pile  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415

        d = dict(src_dict)
        piles = []
        _piles = d.pop("piles")
        for piles_item_data in _piles:
            piles_item = Pile.from_dict(piles_item_data)

            piles.append(piles_item)

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

        score_request = cls(
            piles=piles,
            rules=rules,
            claimed_by=claimed_by,
            declarations=declarations,
            leftover=leftover,
            match=match,
        )

        return score_request
