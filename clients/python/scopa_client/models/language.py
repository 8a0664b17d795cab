from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Language")


@_attrs_define
class Language:
    """
    Attributes:
        code (str): its code, e.g. it
        name (str): its name in itself
        presets (list[str] | None): the games whose pack it names (es: the Spanish pack of escoba; fr: the French-suited
            pack of chkobba); null: every game
    """

    code: str
    name: str
    presets: list[str] | None

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        name = self.name

        presets: list[str] | None
        if isinstance(self.presets, list):
            presets = self.presets

        else:
            presets = self.presets

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "name": name,
                "presets": presets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        code = d.pop("code")

        name = d.pop("name")

        def _parse_presets(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                presets_type_0 = cast(list[str], data)

                return presets_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        presets = _parse_presets(d.pop("presets"))

        language = cls(
            code=code,
            name=name,
            presets=presets,
        )

        return language
