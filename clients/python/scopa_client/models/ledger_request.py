from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.ledger_request_rules_type_0 import LedgerRequestRulesType0, check_ledger_request_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.ledger_hand import LedgerHand
    from ..models.rules_options import RulesOptions


T = TypeVar("T", bound="LedgerRequest")


@_attrs_define
class LedgerRequest:
    """
    Attributes:
        hands (list[LedgerHand]): the hands in order, each a finished hand as in /v1/score
        rules (LedgerRequestRulesType0 | RulesOptions): a preset name, or {"preset": name, <option overrides>}
        scores (list[int] | Unset): the sides' scores before the first hand (0 each)
        target (int | Unset): the match target (omitted: the rules')
    """

    hands: list[LedgerHand]
    rules: LedgerRequestRulesType0 | RulesOptions
    scores: list[int] | Unset = UNSET
    target: int | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        hands = []
        for hands_item_data in self.hands:
            hands_item = hands_item_data.to_dict()
            hands.append(hands_item)

        rules: dict[str, Any] | str
        if isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        scores: list[int] | Unset = UNSET
        if not isinstance(self.scores, Unset):
            scores = self.scores

        target = self.target

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "hands": hands,
                "rules": rules,
            }
        )
        if scores is not UNSET:
            field_dict["scores"] = scores
        if target is not UNSET:
            field_dict["target"] = target

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_hand import LedgerHand  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415

        d = dict(src_dict)
        hands = []
        _hands = d.pop("hands")
        for hands_item_data in _hands:
            hands_item = LedgerHand.from_dict(hands_item_data)

            hands.append(hands_item)

        def _parse_rules(data: object) -> LedgerRequestRulesType0 | RulesOptions:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_ledger_request_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules"))

        scores = cast(list[int], d.pop("scores", UNSET))

        target = d.pop("target", UNSET)

        ledger_request = cls(
            hands=hands,
            rules=rules,
            scores=scores,
            target=target,
        )

        return ledger_request
