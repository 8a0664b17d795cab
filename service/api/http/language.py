"""The language of an answer: the ``lang`` query parameter, else ``Accept-Language``, among the
languages whose catalogues cover what the answer says; English by default and as fallback.

An answer that says something in words (problems, GET /v1/rules, /v1/names, /v1/bot,
/v1/problems) negotiates its language here; the language is remembered for the request and
``install_language_headers`` writes it as ``Content-Language``, with ``Vary: Accept-Language``,
on a 304 too (``LanguageResponse``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from flask import Flask, Response, g, has_request_context, request
from werkzeug.datastructures import Headers

from service.engine.message import Message
from service.i18n.catalogues import translations
from service.i18n.languages import MESSAGES, SOURCE, languages_for

if TYPE_CHECKING:
    from _typeshed.wsgi import WSGIEnvironment

log = logging.getLogger(__name__)

LANG_PARAM = "lang"
MAX_TAG = 35


def requested() -> str | None:
    """The ``lang`` query parameter, lower-cased (and cut to a tag's length), when given."""
    value = request.args.get(LANG_PARAM, "").strip().lower()
    return value[:MAX_TAG] if value else None


def negotiate(
    offered: tuple[str, ...], asked: str | None, accept: Callable[..., str | None]
) -> str:
    """The best of ``offered`` for a ``lang`` value (``it`` or ``it-IT``) or, without one, the
    ``Accept-Language`` match (``accept(offered, default)``); English when nothing matches."""
    if asked is not None:
        primary = asked.replace("_", "-").split("-", 1)[0]
        return asked if asked in offered else primary if primary in offered else SOURCE
    return accept(offered, SOURCE) or SOURCE


def answer_language(*domains: str) -> str:
    """The language of this request's answer, given what it says (gettext domains); remembered
    for the Content-Language header. English outside a request."""
    if not has_request_context():
        return SOURCE
    offered = languages_for(*domains)
    chosen = negotiate(offered, requested(), request.accept_languages.best_match)
    g.answer_language = chosen
    return chosen


def translate(text: str, lang: str, domain: str = MESSAGES) -> str:
    """A text in a language: a Message through its template, any other text as a whole; the
    English text when the translation does not format (a catalogue's mistake)."""
    catalogue = translations(lang, domain)
    try:
        if isinstance(text, Message):
            return text.translated(catalogue)
        return catalogue.gettext(text) if text else text
    except (KeyError, IndexError, ValueError):
        log.exception("the %s translation of %r does not format", lang, text)
        return str(text)


class LanguageResponse(Response):
    """Flask's response, whose 304 keeps the Content-Language its 200 would send (werkzeug drops
    it with the other representation headers; RFC 9110 allows it, and the contract lists it)."""

    def get_wsgi_headers(self, environ: WSGIEnvironment) -> Headers:
        """The headers werkzeug sends, with Content-Language back on a 304."""
        headers = super().get_wsgi_headers(environ)
        language = self.headers.get("Content-Language")
        if self.status_code == 304 and language is not None:
            headers["Content-Language"] = language
        return headers


def install_language_headers(app: Flask) -> None:
    """Answers in a negotiated language say which (Content-Language) and vary with it."""
    app.response_class = LanguageResponse

    @app.after_request
    def language_headers(response: Response) -> Response:
        chosen = g.get("answer_language")
        if chosen is not None:
            response.headers["Content-Language"] = chosen
            response.vary.add("Accept-Language")
        return response
