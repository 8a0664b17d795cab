from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

from ..models.record_request_rules_type_0 import RecordRequestRulesType0, check_record_request_rules_type_0
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.record_request_meta import RecordRequestMeta
    from ..models.rules_options import RulesOptions
    from ..models.state import State


T = TypeVar("T", bound="RecordRequest")


@_attrs_define
class RecordRequest:
    """
    Attributes:
        state (State):
        meta (RecordRequestMeta | Unset): free-form: any keys, each a text, a number, true or false, or a list of texts;
            for example "players" (names by seat), "date" (ISO 8601), "place", "event", "comment"
        rules (RecordRequestRulesType0 | RulesOptions | Unset): optional: must equal state.rules when both given
    """

    state: State
    meta: RecordRequestMeta | Unset = UNSET
    rules: RecordRequestRulesType0 | RulesOptions | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        state = self.state.to_dict()

        meta: dict[str, Any] | Unset = UNSET
        if not isinstance(self.meta, Unset):
            meta = self.meta.to_dict()

        rules: dict[str, Any] | str | Unset
        if isinstance(self.rules, Unset):
            rules = UNSET
        elif isinstance(self.rules, str):
            rules = self.rules
        else:
            rules = self.rules.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "state": state,
            }
        )
        if meta is not UNSET:
            field_dict["meta"] = meta
        if rules is not UNSET:
            field_dict["rules"] = rules

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.record_request_meta import RecordRequestMeta  # noqa: PLC0415
        from ..models.rules_options import RulesOptions  # noqa: PLC0415
        from ..models.state import State  # noqa: PLC0415

        d = dict(src_dict)
        state = State.from_dict(d.pop("state"))

        _meta = d.pop("meta", UNSET)
        meta: RecordRequestMeta | Unset
        if isinstance(_meta, Unset):
            meta = UNSET
        else:
            meta = RecordRequestMeta.from_dict(_meta)

        def _parse_rules(data: object) -> RecordRequestRulesType0 | RulesOptions | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                rules_type_0 = check_record_request_rules_type_0(data)

                return rules_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            rules_type_1 = RulesOptions.from_dict(data)

            return rules_type_1

        rules = _parse_rules(d.pop("rules", UNSET))

        record_request = cls(
            state=state,
            meta=meta,
            rules=rules,
        )

        return record_request
