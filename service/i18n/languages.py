"""The languages the service speaks, and which catalogues (gettext domains) each one covers."""

from __future__ import annotations

from dataclasses import dataclass

SOURCE = "en"
# The gettext domains: texts of the API (descriptions, problems, level words), the display
# names of cards, suits, figures and score categories, and the play page's own texts.
MESSAGES = "messages"
NAMES = "names"
PAGE = "page"
DOMAINS = (MESSAGES, NAMES, PAGE)


@dataclass(frozen=True, slots=True)
class Language:
    """A language: its code, its name in itself, the domains it covers, the games it suits.

    ``presets`` is None for a language that suits every game; Spanish names are those of the
    Spanish pack (Escoba), French ones those of the French-suited pack of Chkobba.
    """

    code: str
    name: str
    domains: tuple[str, ...]
    presets: tuple[str, ...] | None = None


LANGUAGES: tuple[Language, ...] = (
    Language(SOURCE, "English", DOMAINS),
    Language("it", "italiano", DOMAINS),
    Language("es", "español", (NAMES, PAGE), ("escoba",)),
    Language("fr", "français", (NAMES, PAGE), ("chkobba",)),
)
BY_CODE = {language.code: language for language in LANGUAGES}


def languages_for(*domains: str) -> tuple[str, ...]:
    """The codes of the languages that cover every one of the domains, English first."""
    return tuple(
        language.code
        for language in LANGUAGES
        if all(domain in language.domains for domain in domains)
    )
