"""Messages that the API can translate: English text that remembers its template and parameters.

The engine stays on the standard library and speaks English. A ``Message`` is a ``str`` (its
English text, so every caller and test that reads it as text keeps working) that also carries
the template it was formatted from and the parameters, so that the API can look the template
up in a gettext catalogue and format the translation with the same parameters. Templates use
``str.format`` fields by name (``"{card} is listed twice"``); a parameter may itself be a
``Message``, translated in turn. Constant texts that the API translates as they are (option and
preset descriptions, level words) are marked with ``N_`` for the catalogue's extraction.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import Any

Translate = Callable[[str], str]


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

    def translated(self, translate: Translate) -> str:
        """The text in another language: the translated template with translated parameters."""
        params = {name: translated(value, translate) for name, value in self.params.items()}
        return translate(self.template).format(**params)

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

    def translated(self, translate: Translate) -> str:
        """Each part translated, joined by the same separator."""
        return self.separator.join(translated(part, translate) for part in self.parts)


def translated(value: Any, translate: Translate) -> Any:
    """A Message translated; any other value as it is."""
    return value.translated(translate) if isinstance(value, Message) else value


def N_(text: str) -> str:  # noqa: N802 (the gettext name for a text marked, not translated)
    """A constant text marked for the catalogues; the API translates it where it is shown."""
    return text
