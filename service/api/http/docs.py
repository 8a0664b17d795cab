"""Swagger UI's files served from the swagger-ui-bundle package, so /docs works offline."""

from __future__ import annotations

from flask import Blueprint, Response, send_from_directory
from swagger_ui_bundle import swagger_ui_path

ASSETS_URL = "/docs/assets/"

assets = Blueprint("swagger_ui_assets", __name__)


@assets.route(f"{ASSETS_URL}<path:filename>")
def swagger_ui_asset(filename: str) -> Response:
    """One file of the Swagger UI distribution."""
    return send_from_directory(str(swagger_ui_path), filename, max_age=86400)
