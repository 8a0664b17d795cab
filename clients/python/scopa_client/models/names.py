from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.language import Language
    from ..models.names_cards import NamesCards
    from ..models.names_categories import NamesCategories
    from ..models.names_figures import NamesFigures
    from ..models.names_outright import NamesOutright
    from ..models.names_ranks import NamesRanks
    from ..models.names_suits import NamesSuits


T = TypeVar("T", bound="Names")


@_attrs_define
class Names:
    """
    Attributes:
        cards (NamesCards): card code to name, for all 40 cards Example: {'7D': '7 di denari'}.
        categories (NamesCategories): score category (as in points) to name Example: {'cards': 'carte'}.
        figures (NamesFigures): figure rank 8, 9, 10 to name Example: {'8': 'fante', '9': 'cavallo'}.
        language (str): the language of the names (Content-Language)
        languages (list[Language]): every language the names are given in
        outright (NamesOutright): outright win (a side's outright) to name Example: {'napoleone': 'napoleone'}.
        ranks (NamesRanks): rank 1-10 to name (the ace and the figures in words) Example: {'1': 'asso'}.
        suits (NamesSuits): suit code to name Example: {'C': 'coppe', 'D': 'denari'}.
    """

    cards: NamesCards
    categories: NamesCategories
    figures: NamesFigures
    language: str
    languages: list[Language]
    outright: NamesOutright
    ranks: NamesRanks
    suits: NamesSuits

    def to_dict(self) -> dict[str, Any]:
        cards = self.cards.to_dict()

        categories = self.categories.to_dict()

        figures = self.figures.to_dict()

        language = self.language

        languages = []
        for languages_item_data in self.languages:
            languages_item = languages_item_data.to_dict()
            languages.append(languages_item)

        outright = self.outright.to_dict()

        ranks = self.ranks.to_dict()

        suits = self.suits.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "cards": cards,
                "categories": categories,
                "figures": figures,
                "language": language,
                "languages": languages,
                "outright": outright,
                "ranks": ranks,
                "suits": suits,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.language import Language  # noqa: PLC0415
        from ..models.names_cards import NamesCards  # noqa: PLC0415
        from ..models.names_categories import NamesCategories  # noqa: PLC0415
        from ..models.names_figures import NamesFigures  # noqa: PLC0415
        from ..models.names_outright import NamesOutright  # noqa: PLC0415
        from ..models.names_ranks import NamesRanks  # noqa: PLC0415
        from ..models.names_suits import NamesSuits  # noqa: PLC0415

        d = dict(src_dict)
        cards = NamesCards.from_dict(d.pop("cards"))

        categories = NamesCategories.from_dict(d.pop("categories"))

        figures = NamesFigures.from_dict(d.pop("figures"))

        language = d.pop("language")

        languages = []
        _languages = d.pop("languages")
        for languages_item_data in _languages:
            languages_item = Language.from_dict(languages_item_data)

            languages.append(languages_item)

        outright = NamesOutright.from_dict(d.pop("outright"))

        ranks = NamesRanks.from_dict(d.pop("ranks"))

        suits = NamesSuits.from_dict(d.pop("suits"))

        names = cls(
            cards=cards,
            categories=categories,
            figures=figures,
            language=language,
            languages=languages,
            outright=outright,
            ranks=ranks,
            suits=suits,
        )

        return names
