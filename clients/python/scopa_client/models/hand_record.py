from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.hand_record_format import HandRecordFormat, check_hand_record_format
from ..models.hand_record_rules_type_0 import HandRecordRulesType0, check_hand_record_rules_type_0
from ..models.hand_record_version import HandRecordVersion, check_hand_record_version
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.hand_deal import HandDeal
    from ..models.hand_record_meta import HandRecordMeta
    from ..models.history_play import HistoryPlay
    from ..models.record_match import RecordMatch
    from ..models.rules_options import RulesOptions


T = TypeVar("T", bound="HandRecord")


@_attrs_define
class HandRecord:
    """
    Attributes:
        deal (HandDeal):
        dealer (int):
        format_ (HandRecordFormat):
        rules (HandRecordRulesType0 | RulesOptions): a preset name, or {"preset": name, <option overrides>}
        version (HandRecordVersion): the record format's version
        match (RecordMatch | Unset):
        meta (HandRecordMeta | Unset): free-form: any keys, each a text, a number, true or false, or a list of texts;
            for example "players" (names by seat), "date" (ISO 8601), "place", "event", "comment"
        moves (list[HistoryPlay] | Unset): every move of the hand in order, any kind, as a state's history lists them
    """

    deal: HandDeal
    dealer: int
    format_: HandRecordFormat
    rules: HandRecordRulesType0 | RulesOptions
    version: HandRecordVersion
    match: RecordMatch | Unset = UNSET
    meta: HandRecordMeta | Unset = UNSET
    moves: list[HistoryPlay] | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        deal = self.deal.to_dict()

        dealer = self.dealer

        format_: str = self.format_

        rules: dict[str, Any] | str
        if isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        version: int = self.version

        match: dict[str, Any] | Unset = UNSET
        if not isinstance(self.match, Unset):
            match = self.match.to_dict()

        meta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.meta, Unset):
            meta = self.meta.to_dict()

        moves: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.moves, Unset):
            moves = []
            for moves_item_data in self.moves:
                moves_item = moves_item_data.to_dict()
                moves.append(moves_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deal": deal,
                "dealer": dealer,
                "format": format_,
                "rules": rules,
                "version": version,
            }
        )
        if match is not UNSET:
            field_dict["match"] = match
        if meta is not UNSET:
            field_dict["meta"] = meta
        if moves is not UNSET:
            field_dict["moves"] = moves

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.hand_deal import HandDeal  # noqa: PLC0415
        from ..models.hand_record_meta import HandRecordMeta  # noqa: PLC0415
        from ..models.history_play import HistoryPlay  # noqa: PLC0415
        from ..models.record_match import RecordMatch  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415

        d = dict(src_dict)
        deal = HandDeal.from_dict(d.pop("deal"))

        dealer = d.pop("dealer")

        format_ = check_hand_record_format(d.pop("format"))

        def _parse_rules(data: object) -> HandRecordRulesType0 | RulesOptions:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_hand_record_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules"))

        version = check_hand_record_version(d.pop("version"))

        _match = d.pop("match", UNSET)
        match: RecordMatch | Unset
        if isinstance(_match, Unset):
            match = UNSET
        else:
            match = RecordMatch.from_dict(_match)

        _meta = d.pop("meta", UNSET)
        meta: HandRecordMeta | Unset
        if isinstance(_meta, Unset):
            meta = UNSET
        else:
            meta = HandRecordMeta.from_dict(_meta)

        _moves = d.pop("moves", UNSET)
        moves: list[HistoryPlay] | Unset = UNSET
        if _moves is not UNSET:
            moves = []
            for moves_item_data in _moves:
                moves_item = HistoryPlay.from_dict(moves_item_data)

                moves.append(moves_item)

        hand_record = cls(
            deal=deal,
            dealer=dealer,
            format_=format_,
            rules=rules,
            version=version,
            match=match,
            meta=meta,
            moves=moves,
        )

        return hand_record
