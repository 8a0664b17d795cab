"""Messages that the API can translate: English text that remembers its template and parameters.

The engine stays on the standard library and speaks English. A ``Message`` is a ``str`` (its
English text, so every caller and test that reads it as text keeps working) that also carries
the template it was formatted from and the parameters, so that the API can look the template
up in a gettext catalogue and format the translation with the same parameters. Templates use
``str.format`` fields by name (``"{card} is listed twice"``); a parameter may itself be a
``Message``, translated in turn. A ``Plural`` is a message whose words follow a count
(``"{count} problem"``, ``"{count} problems"``): each language picks its form by its own plural
rule (gettext's ``ngettext``), so no text hedges with "problem(s)". Constant texts that the API
translates as they are (option and preset descriptions, level words) are marked with ``N_`` for
the catalogue's extraction.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Protocol


class Catalogue(Protocol):
    """What translating a message needs of a gettext catalogue: its texts and its plural forms
    (``gettext.NullTranslations`` and ``GNUTranslations`` are catalogues)."""

    def gettext(self, message: str, /) -> str:
        """The translation of a text, or the text itself."""
        ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str:
        """The form of a counted text for ``n`` in the catalogue's language."""
        ...


class Message(str):
    """English text formatted from a template and named parameters, translatable as a whole."""

    template: str
    params: Mapping[str, Any]

    def __new__(cls, template: str, /, **params: Any) -> Message:
        """The English text of ``template`` formatted with ``params``."""
        made = super().__new__(cls, template.format(**params))
        made.template = template
        made.params = MappingProxyType(params)
        return made

    def translated(self, catalogue: Catalogue) -> str:
        """The text in another language: the translated template with translated parameters."""
        return catalogue.gettext(self.template).format(**self._translated_params(catalogue))

    def _translated_params(self, catalogue: Catalogue) -> dict[str, Any]:
        return {name: translated(value, catalogue) for name, value in self.params.items()}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the plain English text (a Message's parameters need not pickle)."""
        return (str, (str(self),))


class Joined(Message):
    """Messages joined by a separator, each translated on its own."""

    parts: tuple[str, ...]
    separator: str

    def __new__(cls, separator: str, parts: Iterable[str]) -> Joined:
        """The parts joined by ``separator`` (which is not translated)."""
        listed = tuple(parts)
        made = str.__new__(cls, separator.join(listed))
        made.template = "{}"
        made.params = MappingProxyType({})
        made.parts = listed
        made.separator = separator
        return made

    def translated(self, catalogue: Catalogue) -> str:
        """Each part translated, joined by the same separator."""
        return self.separator.join(translated(part, catalogue) for part in self.parts)


class Plural(Message):
    """A message whose words follow a count, ``{count}`` in its templates: the singular form
    for one in English, and in another language the form its plural rule picks."""

    plural: str
    number: int

    def __new__(cls, singular: str, plural: str, count: int, /, **params: Any) -> Plural:
        """The English text of the form for ``count``, formatted with ``count`` and ``params``."""
        chosen = singular if count == 1 else plural
        made = str.__new__(cls, chosen.format(count=count, **params))
        made.template = singular
        made.plural = plural
        made.number = count
        made.params = MappingProxyType({"count": count, **params})
        return made

    def translated(self, catalogue: Catalogue) -> str:
        """The language's form for the count, formatted with translated parameters."""
        form = catalogue.ngettext(self.template, self.plural, self.number)
        return form.format(**self._translated_params(catalogue))


def translated(value: Any, catalogue: Catalogue) -> Any:
    """A Message translated; any other value as it is."""
    return value.translated(catalogue) if isinstance(value, Message) else value


def N_(text: str) -> str:  # noqa: N802 (the gettext name for a text marked, not translated)
    """A constant text marked for the catalogues; the API translates it where it is shown."""
    return text
