from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.state_rules_type_0 import StateRulesType0, check_state_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.declaration import Declaration
    from ..models.history_play import HistoryPlay
    from ..models.rules_options import RulesOptions


T = TypeVar("T", bound="State")


@_attrs_define
class State:
    """
    Attributes:
        dealer (int):
        hands (list[list[str]]):
        piles (list[list[str]]): one per side
        scope (list[int]): scope made by each side
        table (list[str]):
        to_move (int):
        claimed_by (int | Unset): claims: the seat whose claim ended the hand
        cut_card (str | Unset): Chkobba: the card the cutter drew, before keeping or tabling it (a view shows it to the
            cutter only) Example: 7D.
        deals_made (int | Unset):  Default: 1.
        declaration_round (bool | Unset): declarations: the round right after a three-card deal is open; to_move is the
            seat to declare or decline (each seat in turn from the one after the dealer) before any card of the deal is
            played
        declarations (list[Declaration] | Unset): the hands declared so far; a view without piles rebuilds them from its
            history
        finished (bool | Unset): whether the hand is over: every card played, or a claim made
        history (list[HistoryPlay] | Unset):
        last_capturer (int | None | Unset):
        match_scores (list[int] | Unset): the sides' match scores before this hand (0 each): claims are judged against
            them, and advice uses them when match is omitted
        match_target (int | Unset): the match target with match_scores (omitted: the rules')
        rules (RulesOptions | StateRulesType0 | Unset): the rules of the hand; states returned by the API always carry
            them
        stock (list[str] | Unset): cards still to deal, in order
    """

    dealer: int
    hands: list[list[str]]
    piles: list[list[str]]
    scope: list[int]
    table: list[str]
    to_move: int
    claimed_by: int | Unset = UNSET
    cut_card: str | Unset = UNSET
    deals_made: int | Unset = 1
    declaration_round: bool | Unset = UNSET
    declarations: list[Declaration] | Unset = UNSET
    finished: bool | Unset = UNSET
    history: list[HistoryPlay] | Unset = UNSET
    last_capturer: int | None | Unset = UNSET
    match_scores: list[int] | Unset = UNSET
    match_target: int | Unset = UNSET
    rules: RulesOptions | StateRulesType0 | Unset = UNSET
    stock: list[str] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        dealer = self.dealer

        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data

            hands.append(hands_item)

        piles = []
        for piles_item_data in self.piles:
            piles_item = piles_item_data

            piles.append(piles_item)

        scope = self.scope

        table = self.table

        to_move = self.to_move

        claimed_by = self.claimed_by

        cut_card = self.cut_card

        deals_made = self.deals_made

        declaration_round = self.declaration_round

        declarations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.declarations, Unset):
            declarations = []
            for declarations_item_data in self.declarations:
                declarations_item = declarations_item_data.to_dict()
                declarations.append(declarations_item)

        finished = self.finished

        history: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.history, Unset):
            history = []
            for history_item_data in self.history:
                history_item = history_item_data.to_dict()
                history.append(history_item)

        last_capturer: int | None | Unset
        if isinstance(self.last_capturer, Unset):
            last_capturer = UNSET
        else:
            last_capturer = self.last_capturer

        match_scores: list[int] | Unset = UNSET
        if not isinstance(self.match_scores, Unset):
            match_scores = self.match_scores

        match_target = self.match_target

        rules: dict[str, Any] | str | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        stock: list[str] | Unset = UNSET
        if not isinstance(self.stock, Unset):
            stock = self.stock

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "dealer": dealer,
                "hands": hands,
                "piles": piles,
                "scope": scope,
                "table": table,
                "to_move": to_move,
            }
        )
        if claimed_by is not UNSET:
            field_dict["claimed_by"] = claimed_by
        if cut_card is not UNSET:
            field_dict["cut_card"] = cut_card
        if deals_made is not UNSET:
            field_dict["deals_made"] = deals_made
        if declaration_round is not UNSET:
            field_dict["declaration_round"] = declaration_round
        if declarations is not UNSET:
            field_dict["declarations"] = declarations
        if finished is not UNSET:
            field_dict["finished"] = finished
        if history is not UNSET:
            field_dict["history"] = history
        if last_capturer is not UNSET:
            field_dict["last_capturer"] = last_capturer
        if match_scores is not UNSET:
            field_dict["match_scores"] = match_scores
        if match_target is not UNSET:
            field_dict["match_target"] = match_target
        if rules is not UNSET:
            field_dict["rules"] = rules
        if stock is not UNSET:
            field_dict["stock"] = stock

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.declaration import Declaration  # noqa: PLC0415
        from ..models.history_play import HistoryPlay  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415

        d = dict(src_dict)
        dealer = d.pop("dealer")

        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = cast(list[str], hands_item_data)

            hands.append(hands_item)

        piles = []
        _piles = d.pop("piles")
        for piles_item_data in _piles:
            piles_item = cast(list[str], piles_item_data)

            piles.append(piles_item)

        scope = cast(list[int], d.pop("scope"))

        table = cast(list[str], d.pop("table"))

        to_move = d.pop("to_move")

        claimed_by = d.pop("claimed_by", UNSET)

        cut_card = d.pop("cut_card", UNSET)

        deals_made = d.pop("deals_made", UNSET)

        declaration_round = d.pop("declaration_round", UNSET)

        _declarations = d.pop("declarations", UNSET)
        declarations: list[Declaration] | Unset = UNSET
        if _declarations is not UNSET:
            declarations = []
            for declarations_item_data in _declarations:
                declarations_item = Declaration.from_dict(declarations_item_data)

                declarations.append(declarations_item)

        finished = d.pop("finished", UNSET)

        _history = d.pop("history", UNSET)
        history: list[HistoryPlay] | Unset = UNSET
        if _history is not UNSET:
            history = []
            for history_item_data in _history:
                history_item = HistoryPlay.from_dict(history_item_data)

                history.append(history_item)

        def _parse_last_capturer(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        last_capturer = _parse_last_capturer(d.pop("last_capturer", UNSET))

        match_scores = cast(list[int], d.pop("match_scores", UNSET))

        match_target = d.pop("match_target", UNSET)

        def _parse_rules(data: object) -> RulesOptions | StateRulesType0 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_state_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules", UNSET))

        stock = cast(list[str], d.pop("stock", UNSET))

        state = cls(
            dealer=dealer,
            hands=hands,
            piles=piles,
            scope=scope,
            table=table,
            to_move=to_move,
            claimed_by=claimed_by,
            cut_card=cut_card,
            deals_made=deals_made,
            declaration_round=declaration_round,
            declarations=declarations,
            finished=finished,
            history=history,
            last_capturer=last_capturer,
            match_scores=match_scores,
            match_target=match_target,
            rules=rules,
            stock=stock,
        )

        return state
