"""X-Forwarded-* headers, trusted only from as many proxies as ``TRUSTED_PROXIES`` says."""

from __future__ import annotations

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix


def install_proxy_fix(app: Flask) -> None:
    """Take the client address, scheme, host and port from the last N proxies; 0 trusts none."""
    count: int = app.config["TRUSTED_PROXIES"]
    if count < 0:
        raise ValueError(f"TRUSTED_PROXIES must not be negative, got {count}")
    if count == 0:
        return
    app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
        app.wsgi_app, x_for=count, x_proto=count, x_host=count, x_port=count
    )
