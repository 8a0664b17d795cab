"""X-Forwarded-* headers, trusted only from as many proxies as ``TRUSTED_PROXIES`` says."""

from __future__ import annotations

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix


def install_proxy_fix(app: Flask, count: int) -> None:
    """Take the client address, scheme, host and port from the last ``count`` proxies; 0: none."""
    if count == 0:
        return
    app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
        app.wsgi_app, x_for=count, x_proto=count, x_host=count, x_port=count
    )
