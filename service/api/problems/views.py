"""GET /v1/problems (JSON) and the /problems page (HTML): every problem type the API answers,
each documented under its own anchor, the URL a problem's type refers to: the declaration,
blueprints and views."""

from __future__ import annotations

import html
from typing import Any

import flask
from flask import Response, current_app

from service.api.examples import Lazy
from service.api.http.contract import STATIC_CACHE_CONTROL
from service.api.http.json import Blueprint
from service.api.http.language import answer_language
from service.api.http.operations import EXEMPT, Operation, route
from service.api.http.problems import PROBLEM_TYPES, PROBLEMS_PAGE
from service.api.problems.schemas import ProblemKindsSchema
from service.i18n.catalogues import gettext_of
from service.i18n.languages import MESSAGES, SOURCE

LIST_PROBLEM_TYPES = Operation(
    "listProblemTypes", EXEMPT, "GET", "/v1/problems", static=True, localised=True
)

blp = Blueprint(
    "problems", __name__, url_prefix="/v1", description="The problem types of error answers."
)
# The HTML page, kept out of the spec (registered among the app's pages).
html_page = flask.Blueprint("problems_page", __name__)


def catalog(lang: str = SOURCE) -> dict[str, Any]:
    """The problem types as JSON, their words in a language."""
    say = gettext_of(lang, MESSAGES)
    return {
        "types": [
            {
                "type": t.uri,
                "url": t.url,
                "title": say(t.title),
                "statuses": list(t.statuses),
                "description": say(t.description),
            }
            for t in PROBLEM_TYPES
        ]
    }


def page() -> str:
    """The problem types as an HTML page, one anchored section each."""
    sections = "\n".join(
        f'<section id="{t.slug}"><h2>{html.escape(t.title)}</h2>'
        f"<p><code>{html.escape(t.uri)}</code> &middot; HTTP {', '.join(map(str, t.statuses))}"
        f"</p><p>{html.escape(t.description)}</p></section>"
        for t in PROBLEM_TYPES
    )
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        "<title>Scopa service: problem types</title></head><body>"
        "<h1>Problem types</h1><p>Every error is an RFC 9457 <code>application/problem+json"
        "</code> body whose <code>type</code> is one of these.</p>"
        f"{sections}</body></html>"
    )


@route(blp, LIST_PROBLEM_TYPES)
@blp.etag
@blp.response(200, ProblemKindsSchema, example=Lazy(catalog))
def get_problems() -> dict[str, Any]:
    """Every problem type the API answers, with its meaning.

    A problem's `type` names one of these; the page /problems documents each under the last
    part of its URI (`/problems#validation`; about:blank at `/problems#blank`), its `url` here.
    Not rate limited; the answer changes only with a release and the language of its words
    (`lang`, else `Accept-Language`; `Content-Language`, `Vary`, `ETag`, `Cache-Control`; a
    matching `If-None-Match` gets a 304).
    """
    return catalog(answer_language(MESSAGES))


@html_page.route(PROBLEMS_PAGE, methods=["GET"])
def problems_page() -> Response:
    """The problem types as an HTML page (the URL each problem type is documented at)."""
    response: Response = current_app.response_class(page(), mimetype="text/html")
    response.headers["Cache-Control"] = STATIC_CACHE_CONTROL
    return response
