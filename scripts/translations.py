"""Extract every text to translate, update each language's catalogues and compile them:
`python scripts/translations.py [--check]` (`make translations`).

Three gettext domains (service/i18n/languages.py): ``messages`` (the API's words: problem titles
and details, option, preset, problem-type and level descriptions, and the texts of the libraries
under the API; not the advice notes, which stay English so that the answers of POST endpoints
remain functions of their bodies, cached across languages), ``names`` (cards, suits, figures,
score categories) and ``page`` (the play page's own texts). Each is extracted with Babel from
its sources; every language that covers the domain gets
``service/translations/<lang>/LC_MESSAGES/<domain>.po`` updated (new texts added untranslated,
gone ones dropped) and compiled to ``<domain>.mo``. The ``.mo`` files are committed, so that a
plain install of the package (and the Docker image) serves them with no build step; ``--check``
(and tests/i18n/test_catalogues.py) fails when a catalogue lacks a text of the code, keeps one
the code no longer has, or when a ``.po`` or a ``.mo`` differs from what this script writes.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable, Collection, Iterator, Mapping
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from service.api.http.library_messages import library_templates
from service.i18n.catalogues import TRANSLATIONS_DIR, catalogue_path
from service.i18n.languages import LANGUAGES, MESSAGES, NAMES, PAGE, SOURCE

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"
STATIC = SERVICE / "web" / "static"
NAMES_MODULE = SERVICE / "api" / "names" / "card_names.py"
# The catalogues' header dates: fixed, so that the same texts always give the same files.
CATALOGUE_DATE = datetime(2026, 11, 25, tzinfo=UTC)
WIDTH = 100

# Babel keyword specs: the function, and which of its arguments is the text (``(1, "c")``: the
# context; ``(1, 2)``: singular and plural). Message(template, ...), Plural(singular, plural,
# count, ...) and N_(text) mark the API's words; option(description, ...) and
# _preset(name, description, ...) the rules' descriptions; named(context, name) the names;
# t(text, params) the page's texts in its JavaScript.
PYTHON_KEYWORDS: Mapping[str, Mapping[str, Any]] = {
    MESSAGES: {"Message": None, "Plural": (1, 2), "N_": None, "option": None, "_preset": (2,)},
    NAMES: {"named": ((1, "c"), 2)},
}
JS_KEYWORDS: Mapping[str, Any] = {"t": None}
LIBRARY_COMMENT = "from the libraries under the API (marshmallow, webargs, werkzeug, HTTP)"

# What a Babel extractor yields: the line, the marking function, the text, translator comments.
Extracted = Iterator[tuple[int, str, str, list[str]]]


class _MarkedTexts(HTMLParser):
    """The texts of elements marked ``data-i18n`` and the attributes ``data-i18n-attrs`` names."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int, list[str]] | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Note a marked element's attributes to translate, and collect its text."""
        values = dict(attrs)
        line = self.getpos()[0]
        for name in (values.get("data-i18n-attrs") or "").split():
            text = values.get(name)
            if text:
                self.found.append((line, text))
        if tag in ("br", "img", "input", "meta", "link"):
            return
        self._open.append((tag, line, []) if "data-i18n" in values else None)

    def handle_endtag(self, tag: str) -> None:
        """Close an element; a marked one gives its whole text."""
        if not self._open:
            return
        element = self._open.pop()
        if element is not None:
            text = " ".join("".join(element[2]).split())
            if text:
                self.found.append((element[1], text))

    def handle_data(self, data: str) -> None:
        """Text goes to every marked element it is in."""
        for element in self._open:
            if element is not None:
                element[2].append(data)


def extract_html(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Any
) -> Extracted:
    """A Babel extractor for the page's HTML: the texts marked ``data-i18n``."""
    parser = _MarkedTexts()
    parser.feed(fileobj.read().decode("utf-8"))
    parser.close()
    for line, text in parser.found:
        yield line, "t", text, []


def sources(domain: str) -> list[tuple[Path, str | Callable[..., Extracted], Mapping[str, Any]]]:
    """The files a domain's texts are extracted from, each with its extractor and keywords."""
    if domain == NAMES:
        return [(NAMES_MODULE, "python", PYTHON_KEYWORDS[NAMES])]
    if domain == PAGE:
        files: list[tuple[Path, str | Callable[..., Extracted], Mapping[str, Any]]] = [
            (path, "javascript", JS_KEYWORDS) for path in sorted(STATIC.glob("*.js"))
        ]
        files += [(path, extract_html, JS_KEYWORDS) for path in sorted(STATIC.glob("*.html"))]
        return files
    return [
        (path, "python", PYTHON_KEYWORDS[MESSAGES])
        for path in sorted(SERVICE.rglob("*.py"))
        if path != NAMES_MODULE and "web" not in path.relative_to(SERVICE).parts
    ]


def _flags(text: str | tuple[str, ...]) -> tuple[str, ...]:
    forms = (text,) if isinstance(text, str) else text
    return ("python-brace-format",) if any("{" in form for form in forms) else ()


def _is_plural(text: object) -> bool:
    """Whether an extracted text is a plural's two literal forms."""
    return isinstance(text, tuple) and len(text) == 2 and all(isinstance(t, str) for t in text)


def template(domain: str) -> Catalog:
    """Every text of a domain as the code (and, for messages, the libraries) has it."""
    catalog = Catalog(
        domain=domain,
        project="scopa-service",
        charset="utf-8",
        creation_date=CATALOGUE_DATE,
        revision_date=CATALOGUE_DATE,
        fuzzy=False,
    )
    for path, method, keywords in sources(domain):
        where = path.relative_to(ROOT).as_posix()
        with path.open("rb") as stream:
            found = extract(method, stream, keywords=keywords, comment_tags=("TRANSLATORS:",))
            for _line, text, comments, context in found:
                # A text, or a plural's (singular, plural); anything else is not a literal.
                if not (isinstance(text, str) or _is_plural(text)) or not text:
                    continue
                existing = catalog.get(text, context)
                if existing is not None:
                    existing.locations.append((where, None))
                    continue
                catalog.add(
                    text,
                    locations=[(where, None)],
                    auto_comments=comments,
                    context=context,
                    flags=_flags(text),
                )
    if domain == MESSAGES:
        for text in library_templates():
            if catalog.get(text) is None:
                catalog.add(text, auto_comments=[LIBRARY_COMMENT], flags=_flags(text))
    return catalog


def updated(lang: str, domain: str, source: Catalog) -> Catalog:
    """A language's catalogue with the template's texts: its translations kept, new texts
    untranslated, texts gone from the code dropped."""
    path = catalogue_path(lang, domain, ".po")
    if path.exists():
        with path.open("rb") as stream:
            catalog = read_po(stream, locale=lang, domain=domain)
    else:
        catalog = Catalog(locale=lang, domain=domain, project="scopa-service")
    catalog.update(source, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    catalog.creation_date = CATALOGUE_DATE
    catalog.revision_date = CATALOGUE_DATE
    catalog.fuzzy = False
    catalog.header_comment = (
        f"# {domain} of the Scopa service in {lang}; written by `make translations`, which "
        "keeps the translations\n# and adds or drops texts as the code has them."
    )
    return catalog


def po_bytes(catalog: Catalog) -> bytes:
    """A catalogue as the .po text this script writes."""
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, include_lineno=False, sort_output=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    """A catalogue compiled, translations marked fuzzy left out."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def files() -> dict[Path, bytes]:
    """Every catalogue file as the current code and translations make it."""
    written: dict[Path, bytes] = {}
    for domain in (MESSAGES, NAMES, PAGE):
        source = template(domain)
        for language in LANGUAGES:
            if language.code == SOURCE or domain not in language.domains:
                continue
            catalog = updated(language.code, domain, source)
            written[catalogue_path(language.code, domain, ".po")] = po_bytes(catalog)
            written[catalogue_path(language.code, domain, ".mo")] = mo_bytes(catalog)
    return written


def stale() -> list[str]:
    """What differs between the committed catalogues and what the code needs."""
    found = []
    wanted = files()
    for path, content in wanted.items():
        if not path.exists() or path.read_bytes() != content:
            found.append(f"{path.relative_to(ROOT)} is out of date")
    for path in TRANSLATIONS_DIR.rglob("*.[mp]o"):
        if path not in wanted:
            found.append(f"{path.relative_to(ROOT)} belongs to no language and domain")
    return found


def main() -> int:
    """Write the catalogues, or with --check exit 1 when any is stale."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args()
    if args.check:
        problems = stale()
        for line in problems:
            print(f"{line}: run `make translations`", file=sys.stderr)
        return 1 if problems else 0
    for path, content in files().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_bytes() != content:
            path.write_bytes(content)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
