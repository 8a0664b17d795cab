from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.declaration import Declaration
    from ..models.pile import Pile
    from ..models.tally import Tally


T = TypeVar("T", bound="LedgerHand")


@_attrs_define
class LedgerHand:
    """
    Attributes:
        claimed_by (int | Unset): claims: the seat whose claim ended the hand; needs match. The piles (or whole tallies,
            with the cards not yet taken in leftover) are then those of the hand as it stopped, and match is the claim's
            verdict
        dealer (int | Unset): the seat that dealt (omitted: the seat after the previous hand's dealer, seat 0 for the
            first hand); the deal passes to the next seat each hand
        declarations (list[Declaration] | Unset): declarations: every hand declared in the hand (seat, deal, the three
            cards shown), scored and compared as /v1/play does
        leftover (list[str] | Unset): table cards nobody took (only when no one captured); with tallies and claimed_by,
            every card not yet taken when the claim stopped the hand
        piles (list[Pile] | Unset): every side's pile and scope count, one per side (or tallies)
        tallies (list[None | Tally] | Unset): instead of piles: every side's tally, one per side, null for a side not
            counted; the tallies must add up (a 422 names each miscount), and a category they cannot decide is listed in the
            answer's undecided
    """

    claimed_by: int | Unset = UNSET
    dealer: int | Unset = UNSET
    declarations: list[Declaration] | Unset = UNSET
    leftover: list[str] | Unset = UNSET
    piles: list[Pile] | Unset = UNSET
    tallies: list[None | Tally] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.tally import Tally  # noqa: PLC0415

        claimed_by = self.claimed_by

        dealer = self.dealer

        declarations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.declarations, Unset):
            declarations = []
            for declarations_item_data in self.declarations:
                declarations_item = declarations_item_data.to_dict()
                declarations.append(declarations_item)

        leftover: list[str] | Unset = UNSET
        if not isinstance(self.leftover, Unset):
            leftover = self.leftover

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

        field_dict.update({})
        if claimed_by is not UNSET:
            field_dict["claimed_by"] = claimed_by
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if declarations is not UNSET:
            field_dict["declarations"] = declarations
        if leftover is not UNSET:
            field_dict["leftover"] = leftover
        if piles is not UNSET:
            field_dict["piles"] = piles
        if tallies is not UNSET:
            field_dict["tallies"] = tallies

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.declaration import Declaration  # noqa: PLC0415
        from ..models.pile import Pile  # noqa: PLC0415
        from ..models.tally import Tally  # noqa: PLC0415

        d = dict(src_dict)
        claimed_by = d.pop("claimed_by", UNSET)

        dealer = d.pop("dealer", UNSET)

        _declarations = d.pop("declarations", UNSET)
        declarations: list[Declaration] | Unset = UNSET
        if _declarations is not UNSET:
            declarations = []
            for declarations_item_data in _declarations:
                declarations_item = Declaration.from_dict(declarations_item_data)

                declarations.append(declarations_item)

        leftover = cast(list[str], d.pop("leftover", UNSET))

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

        ledger_hand = cls(
            claimed_by=claimed_by,
            dealer=dealer,
            declarations=declarations,
            leftover=leftover,
            piles=piles,
            tallies=tallies,
        )

        return ledger_hand
