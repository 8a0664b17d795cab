"""The play page at /play and a landing page at / linking to it and to the API docs."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, jsonify, send_from_directory

from service.i18n.catalogues import texts
from service.i18n.languages import BY_CODE, PAGE, SOURCE

STATIC_DIR = Path(__file__).resolve().parent / "static"
STATIC_URL = "/play/static"
# The page's own texts change only with a release.
TEXTS_MAX_AGE_S = 3600

page = Blueprint("web", __name__, static_folder=str(STATIC_DIR), static_url_path=STATIC_URL)


@page.route("/", methods=["GET"])
def landing() -> Response:
    """A short page linking to the table and to the API docs."""
    return send_from_directory(STATIC_DIR, "index.html", max_age=0)


@page.route("/play", methods=["GET"])
def play() -> Response:
    """The table: plain HTML, CSS and JavaScript that talk only to the public API."""
    return send_from_directory(STATIC_DIR, "play.html", max_age=0)


@page.route("/play/i18n/<lang>.json", methods=["GET"])
def page_texts(lang: str) -> Response:
    """The page's own texts in a language, English text to translation (the ``page`` gettext
    catalogue); a language without that catalogue gives none, and the page stays English."""
    language = BY_CODE.get(lang)
    known = language is not None and (lang == SOURCE or PAGE in language.domains)
    chosen = lang if known else SOURCE
    response = jsonify({"language": chosen, "texts": texts(chosen, PAGE)})
    response.headers["Cache-Control"] = f"public, max-age={TEXTS_MAX_AGE_S}"
    response.headers["Content-Language"] = chosen
    return response
