"""The compiled gettext catalogues of service/translations, loaded once per language and domain.

Catalogues live at ``service/translations/<lang>/LC_MESSAGES/<domain>.po`` with the compiled
``.mo`` beside each (``make translations`` writes both; a test fails when either is stale).
"""

from __future__ import annotations

import gettext
import logging
from collections.abc import Callable
from functools import cache
from pathlib import Path

from babel.messages.mofile import read_mo

from service.i18n.languages import BY_CODE, SOURCE

log = logging.getLogger(__name__)

TRANSLATIONS_DIR = Path(__file__).resolve().parent.parent / "translations"


def catalogue_path(lang: str, domain: str, suffix: str = ".mo") -> Path:
    """Where the catalogue of a language and domain lives."""
    return TRANSLATIONS_DIR / lang / "LC_MESSAGES" / f"{domain}{suffix}"


def covers(lang: str, domain: str) -> bool:
    """Whether a language other than English has a catalogue for the domain."""
    language = BY_CODE.get(lang)
    return language is not None and lang != SOURCE and domain in language.domains


@cache
def translations(lang: str, domain: str) -> gettext.NullTranslations:
    """The compiled catalogue of a language and domain; English (the source) translates
    nothing, and neither does a language without a catalogue for the domain."""
    if not covers(lang, domain):
        return gettext.NullTranslations()
    try:
        with catalogue_path(lang, domain).open("rb") as stream:
            return gettext.GNUTranslations(stream)
    except OSError:
        # A package without its compiled catalogues still answers, in English.
        log.exception("the %s catalogue of %s cannot be read; answering in English", domain, lang)
        return gettext.NullTranslations()


def gettext_of(lang: str, domain: str) -> Callable[[str], str]:
    """The look-up of a text in a language's catalogue (the text itself when it lacks it)."""
    return translations(lang, domain).gettext


def pgettext_of(lang: str, domain: str) -> Callable[[str, str], str]:
    """The look-up of a text in a context (``pgettext``) in a language's catalogue."""
    return translations(lang, domain).pgettext


@cache
def texts(lang: str, domain: str) -> dict[str, str]:
    """Every text of a domain's catalogue with its translation, for a client that translates
    on its own (the play page); empty for English."""
    if not covers(lang, domain):
        return {}
    try:
        with catalogue_path(lang, domain).open("rb") as stream:
            catalog = read_mo(stream)
    except OSError:
        log.exception("the %s catalogue of %s cannot be read; answering in English", domain, lang)
        return {}
    return {
        str(message.id): str(message.string)
        for message in catalog
        if message.id and isinstance(message.id, str) and message.string
    }
