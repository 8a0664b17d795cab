"""The play page at /play and a landing page at / linking to it and to the API docs."""

from __future__ import annotations

from pathlib import Path

from flask import Blueprint, Response, send_from_directory

STATIC_DIR = Path(__file__).resolve().parent / "static"
STATIC_URL = "/play/static"

page = Blueprint("web", __name__, static_folder=str(STATIC_DIR), static_url_path=STATIC_URL)


@page.route("/", methods=["GET"])
def landing() -> Response:
    """A short page linking to the table and to the API docs."""
    return send_from_directory(STATIC_DIR, "index.html", max_age=0)


@page.route("/play", methods=["GET"])
def play() -> Response:
    """The table: plain HTML, CSS and JavaScript that talk only to the public API."""
    return send_from_directory(STATIC_DIR, "play.html", max_age=0)
