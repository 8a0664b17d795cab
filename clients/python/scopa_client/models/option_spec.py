from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, cast

from attrs import define as _attrs_define

from ..models.option_spec_type import OptionSpecType, check_option_spec_type

T = TypeVar("T", bound="OptionSpec")


@_attrs_define
class OptionSpec:
    """
    Attributes:
        choices (list[Any] | None): null: any
        description (str):
        name (str):
        type_ (OptionSpecType):
    """

    choices: list[Any] | None
    description: str
    name: str
    type_: OptionSpecType

    def to_dict(self) -> dict[str, Any]:
        choices: list[Any] | None
        if isinstance(self.choices, list):
            choices = self.choices

        else:
            choices = self.choices

        description = self.description

        name = self.name

        type_: str = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "choices": choices,
                "description": description,
                "name": name,
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)

        def _parse_choices(data: object) -> list[Any] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                choices_type_0 = cast(list[Any], data)

                return choices_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Any] | None, data)

        choices = _parse_choices(d.pop("choices"))

        description = d.pop("description")

        name = d.pop("name")

        type_ = check_option_spec_type(d.pop("type"))

        option_spec = cls(
            choices=choices,
            description=description,
            name=name,
            type_=type_,
        )

        return option_spec
