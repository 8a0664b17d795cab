"""The display names of cards, suits, figures, score categories and outright wins, by language.

Every name is declared here once, in English with its context (``named("suit", "coins")``),
and looked up in the ``names`` catalogue of the language asked for (``pgettext``). The codes
(``7D``, ``D``, ``primiera``) stay the same in every language. Italian names are those of the
Italian pack, Spanish ones those of the Spanish pack (Escoba), French ones those of the
French-suited pack that Chkobba is played with (its queen is the 8 and its jack the 9).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from service.engine.cards import FULL_PACK, RANKS_PER_SUIT, SUITS, code, iter_cards, rank_of
from service.i18n.catalogues import pgettext_of
from service.i18n.languages import LANGUAGES, NAMES


def named(context: str, text: str) -> tuple[str, str]:
    """A name in its context, as the ``names`` catalogue holds it."""
    return context, text


SUIT_NAMES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "D": named("suit", "coins"),
        "C": named("suit", "cups"),
        "S": named("suit", "swords"),
        "B": named("suit", "clubs"),
    }
)
FIGURES = (8, 9, 10)
# Ranks 2 to 7 are named by their number; the ace and the figures by a word.
RANK_NAMES: Mapping[int, tuple[str, str]] = MappingProxyType(
    {
        1: named("rank", "ace"),
        # TRANSLATORS: the figure of capture value 8 in the language's pack (the Italian fante,
        # the Spanish sota; Chkobba's French pack has its queen there, and its jack at 9).
        8: named("rank", "jack"),
        9: named("rank", "horse"),
        10: named("rank", "king"),
    }
)
CARD_NAME = named("card", "{rank} of {suit}")
CATEGORY_NAMES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "scope": named("category", "scope"),
        "cards": named("category", "cards"),
        "coins": named("category", "coins"),
        "settebello": named("category", "settebello"),
        "primiera": named("category", "primiera"),
        "re_bello": named("category", "re bello"),
        "sette_di_coppe": named("category", "sette di coppe"),
        "napola": named("category", "napola"),
        "scalette": named("category", "scalette"),
        "piva": named("category", "piva"),
        "grande": named("category", "grande"),
        "declarations": named("category", "declarations"),
    }
)
OUTRIGHT_NAMES: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "scala": named("outright", "scala"),
        "napoleone": named("outright", "napoleone"),
        "cappotto": named("outright", "cappotto"),
    }
)


@cache
def names_of(lang: str) -> dict[str, Any]:
    """Every display name in one language: suits, ranks, figures, the 40 cards, score
    categories and outright wins, keyed by their codes; and the languages that name them."""
    lookup = pgettext_of(lang, NAMES)

    def say(name: tuple[str, str]) -> str:
        return lookup(*name)

    suits = {suit: say(name) for suit, name in SUIT_NAMES.items()}
    ranks = {
        str(rank): say(RANK_NAMES[rank]) if rank in RANK_NAMES else str(rank)
        for rank in range(1, RANKS_PER_SUIT + 1)
    }
    template = say(CARD_NAME)
    cards = {
        code(c): template.format(rank=ranks[str(rank_of(c))], suit=suits[code(c)[-1]])
        for c in iter_cards(FULL_PACK)
    }
    return {
        "language": lang,
        "languages": [
            {
                "code": language.code,
                "name": language.name,
                "presets": None if language.presets is None else list(language.presets),
            }
            for language in LANGUAGES
            if NAMES in language.domains
        ],
        "suits": {s.name: suits[s.name] for s in SUITS},
        "ranks": ranks,
        "figures": {str(rank): ranks[str(rank)] for rank in FIGURES},
        "cards": cards,
        "categories": {key: say(name) for key, name in CATEGORY_NAMES.items()},
        "outright": {key: say(name) for key, name in OUTRIGHT_NAMES.items()},
    }
