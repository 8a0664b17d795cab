from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.option_spec import OptionSpec
    from ..models.preset import Preset


T = TypeVar("T", bound="RulesCatalog")


@_attrs_define
class RulesCatalog:
    """
    Attributes:
        options (list[OptionSpec]):
        presets (list[Preset]):
    """

    options: list[OptionSpec]
    presets: list[Preset]

    def to_dict(self) -> dict[str, Any]:
        options = []
        for options_item_data in self.options:
            options_item = options_item_data.to_dict()
            options.append(options_item)

        presets = []
        for presets_item_data in self.presets:
            presets_item = presets_item_data.to_dict()
            presets.append(presets_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "options": options,
                "presets": presets,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.option_spec import OptionSpec  # noqa: PLC0415
        from ..models.preset import Preset  # noqa: PLC0415

        d = dict(src_dict)
        options = []
        _options = d.pop("options")
        for options_item_data in _options:
            options_item = OptionSpec.from_dict(options_item_data)

            options.append(options_item)

        presets = []
        _presets = d.pop("presets")
        for presets_item_data in _presets:
            presets_item = Preset.from_dict(presets_item_data)

            presets.append(presets_item)

        rules_catalog = cls(
            options=options,
            presets=presets,
        )

        return rules_catalog
