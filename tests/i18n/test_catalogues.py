"""The gettext catalogues: up to date with the code, complete for the domains each language
claims, placeholders kept, compiled catalogues equal to their sources."""

from __future__ import annotations

import string

import pytest
from babel.messages.catalog import Catalog
from babel.messages.catalog import Message as Entry
from babel.messages.pofile import read_po

from scripts.translations import mo_bytes, stale, template
from service.api.http.library_messages import as_message, library_templates
from service.engine.message import Message
from service.i18n.catalogues import catalogue_path, texts, translations
from service.i18n.languages import DOMAINS, LANGUAGES, MESSAGES, NAMES, PAGE, SOURCE
from service.search.special import UNRANKED_NOTES

CLAIMED = [
    (language.code, domain)
    for language in LANGUAGES
    if language.code != SOURCE
    for domain in language.domains
]


def read(lang: str, domain: str) -> Catalog:
    """A committed .po catalogue."""
    with catalogue_path(lang, domain, ".po").open("rb") as stream:
        return read_po(stream, locale=lang, domain=domain)


def forms(message: Entry) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """An entry's texts and translations: one each, or a plural's two texts and its forms."""
    if message.pluralizable:
        return tuple(message.id), tuple(message.string)
    return (message.id,), (message.string,)


def fields(text: str) -> set[tuple[str, str | None]]:
    """The named fields of a str.format template, with their conversions."""
    return {(name, conv) for _t, name, _s, conv in string.Formatter().parse(text) if name}


def test_catalogues_are_up_to_date_with_the_code() -> None:
    # A text in the code without an entry, an entry the code dropped, a .po not written the way
    # `make translations` writes it, or a .mo that is not its .po compiled.
    assert stale() == [], "run `make translations`"


@pytest.mark.parametrize(("lang", "domain"), CLAIMED)
def test_every_claimed_catalogue_translates_every_text(lang: str, domain: str) -> None:
    catalog = read(lang, domain)
    wanted = {(m.context, m.id) for m in template(domain) if m.id}
    found = {(m.context, m.id) for m in catalog if m.id}
    assert found == wanted
    for message in catalog:
        if not message.id:
            continue
        ids, strings = forms(message)
        assert all(isinstance(text, str) for text in ids)
        # A plural has the language's number of forms (its Plural-Forms header), each filled.
        assert len(strings) == (catalog.num_plurals if message.pluralizable else 1), message.id
        assert fields(ids[0]) == fields(ids[-1]), message.id
        for translation in strings:
            assert isinstance(translation, str) and translation.strip(), message.id
            assert fields(translation) == fields(ids[-1]), (message.id, translation)
        assert not message.fuzzy, message.id


@pytest.mark.parametrize(("lang", "domain"), CLAIMED)
def test_compiled_catalogue_is_its_source(lang: str, domain: str) -> None:
    compiled = catalogue_path(lang, domain).read_bytes()
    assert compiled == mo_bytes(read(lang, domain))
    loaded = translations(lang, domain)
    for message in read(lang, domain):
        if message.pluralizable:
            # Every form is the one of some count, and no count gets another text.
            (singular, plural), strings = forms(message)
            found = {loaded.ngettext(singular, plural, n) for n in range(30)}
            assert found == set(strings), message.id
        elif message.id and message.context is None:
            assert loaded.gettext(str(message.id)) == message.string
        elif message.id:
            assert loaded.pgettext(message.context, str(message.id)) == message.string


def test_languages_claim_only_known_domains_and_english_is_the_source() -> None:
    codes = [language.code for language in LANGUAGES]
    assert codes[0] == SOURCE and len(set(codes)) == len(codes)
    for language in LANGUAGES:
        assert set(language.domains) <= set(DOMAINS)
        assert NAMES in language.domains
    assert texts(SOURCE, PAGE) == {}
    assert translations(SOURCE, MESSAGES).gettext("Invalid state") == "Invalid state"
    # A language without a domain's catalogue translates nothing of it.
    assert translations("es", MESSAGES).gettext("Invalid state") == "Invalid state"


def test_every_library_template_is_recognised_in_its_formatted_form() -> None:
    samples = {"min": "1", "max": "8", "equal": "3", "other": "x", "choices": "a, b"}
    samples |= {"values": "a", "obj_type": "datetime", "awareness": "naive", "input": "7"}
    recognised = 0
    for text in library_templates():
        names = {name for name, _conv in fields(text)}
        if any(conv for _name, conv in fields(text)):
            continue
        formatted = text.format(**{name: samples[name] for name in names})
        message = as_message(formatted)
        assert message == formatted
        assert isinstance(message, Message), text
        assert message.template == text or not names
        recognised += 1
    assert recognised > 50
    assert not isinstance(as_message("something else entirely"), Message)


def test_advice_notes_stay_english_as_the_script_says() -> None:
    """The notes of unranked moves are not translated: an advice answer is a function of its
    body, cached across languages. scripts/translations.py says so."""
    import scripts.translations

    english = set(UNRANKED_NOTES.values())
    for language in LANGUAGES:
        if language.code != SOURCE and MESSAGES in language.domains:
            assert not english & {m.id for m in read(language.code, MESSAGES)}, language.code
    doc = " ".join((scripts.translations.__doc__ or "").split())
    assert "not the advice notes, which stay English" in doc
