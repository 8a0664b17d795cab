from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.deal_request_rules_type_0 import DealRequestRulesType0, check_deal_request_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rules_options import RulesOptions


T = TypeVar("T", bound="DealRequest")


@_attrs_define
class DealRequest:
    """
    Attributes:
        rules (DealRequestRulesType0 | RulesOptions): a preset name, or {"preset": name, <option overrides>}
        dealer (int | Unset):  Default: 0.
        seed (int | str | Unset): omitted: a random seed, returned in the answer
    """

    rules: DealRequestRulesType0 | RulesOptions
    dealer: int | Unset = 0
    seed: int | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        rules: dict[str, Any] | str
        if isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        dealer = self.dealer

        seed: int | str | Unset
        if isinstance(self.seed, Unset):
            seed = UNSET
        else:
            seed = self.seed

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "rules": rules,
            }
        )
        if dealer is not UNSET:
            field_dict["dealer"] = dealer
        if seed is not UNSET:
            field_dict["seed"] = seed

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rules_options import RulesOptions  # noqa: PLC0415

        d = dict(src_dict)

        def _parse_rules(data: object) -> DealRequestRulesType0 | RulesOptions:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_deal_request_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules"))

        dealer = d.pop("dealer", UNSET)

        def _parse_seed(data: object) -> int | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(int | str | Unset, data)

        seed = _parse_seed(d.pop("seed", UNSET))

        deal_request = cls(
            rules=rules,
            dealer=dealer,
            seed=seed,
        )

        return deal_request
