"""The security headers of every answer.

Every answer says ``X-Content-Type-Options: nosniff`` (a browser must not read it as another
type than its Content-Type) and ``Referrer-Policy: no-referrer``. The web page's documents
(the endpoints declared ``page``) also carry ``CONTENT_SECURITY_POLICY``: scripts, styles,
images and connections from the page's own origin only, no inline script or style, no plugin,
and no framing by any site (``frame-ancestors 'none'``). HSTS belongs to the TLS ingress
(docs/deployment.md), which knows whether the answer went out over HTTPS.
"""

from __future__ import annotations

from flask import Flask, Response, current_app, request

from service.api.http.contract import SECURITY_HEADERS
from service.api.http.operations import declared

CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)


def _secure(response: Response) -> Response:
    response.headers.update(SECURITY_HEADERS)
    found = declared(current_app, request.endpoint)
    if found is not None and found.page:
        response.headers["Content-Security-Policy"] = CONTENT_SECURITY_POLICY
    return response


def install_security_headers(app: Flask) -> None:
    """Send the security headers with every answer (module docstring)."""
    app.after_request(_secure)
