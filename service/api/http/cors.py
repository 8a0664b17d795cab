"""CORS: browsers may call the API only from the origins listed in ``CORS_ORIGINS``."""

from __future__ import annotations

from flask import Flask
from flask_cors import CORS

from service.api.http.contract import HEADERS
from service.api.http.request_log import REQUEST_ID_HEADER

# Every response header the contract documents (service/api/contract.py).
EXPOSED_HEADERS = tuple(name for name in HEADERS if name != "Cache-Control")
ALLOWED_HEADERS = ("Content-Type", REQUEST_ID_HEADER, "If-None-Match", "Authorization", "X-API-Key")
PREFLIGHT_MAX_AGE_S = 600


def allowed_origins(setting: str) -> list[str]:
    """The origins of a comma-separated setting, without blanks."""
    return [origin.strip() for origin in setting.split(",") if origin.strip()]


def install_cors(app: Flask) -> None:
    """Answer CORS requests from the allow-listed origins; without any, add no CORS headers."""
    origins = allowed_origins(app.config["CORS_ORIGINS"])
    if not origins:
        return
    CORS(
        app,
        origins=origins,
        methods=["GET", "POST", "OPTIONS"],
        allow_headers=list(ALLOWED_HEADERS),
        expose_headers=list(EXPOSED_HEADERS),
        max_age=PREFLIGHT_MAX_AGE_S,
        supports_credentials=False,
        vary_header=True,
    )
