"""The words of what every operation shares in the contract: the response headers clients rely
on and the language parameters. ``service.api.spec`` writes them into the spec for each
operation as its declaration (``http.operations``) says.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

# Answers that change only with a release: clients may cache them this long and revalidate
# with If-None-Match (the ETag is a hash of the answer).
STATIC_MAX_AGE_S = 3600
STATIC_CACHE_CONTROL = f"public, max-age={STATIC_MAX_AGE_S}"

HEADERS: Mapping[str, dict[str, Any]] = MappingProxyType(
    {
        "X-Request-ID": {
            "description": "the request's ID (the client's own when it sent a short safe one); "
            "also the problem's `instance` and every log line's `request_id`",
            "schema": {"type": "string"},
        },
        "X-Content-Type-Options": {
            "description": "nosniff: the answer is of its Content-Type and no other",
            "schema": {"type": "string", "enum": ["nosniff"]},
        },
        "WWW-Authenticate": {
            "description": 'Bearer realm="scopa": the API key this server needs (a 401)',
            "schema": {"type": "string"},
        },
        "Location": {
            "description": "the new job's URL (a 202): GET it for the job's state",
            "schema": {"type": "string"},
        },
        "X-RateLimit-Limit": {
            "description": "the client's request budget in its window (an advice search, or a "
            "master bot, costs RATE_LIMIT_ADVICE_COST units, a review that much per card play "
            "of the seats it reviews, any other request one)",
            "schema": {"type": "integer"},
        },
        "X-RateLimit-Remaining": {
            "description": "units of the budget left in the window",
            "schema": {"type": "integer"},
        },
        "X-RateLimit-Reset": {
            "description": "when the window resets, in seconds since the Unix epoch",
            "schema": {"type": "integer"},
        },
        "Retry-After": {
            "description": "seconds to wait before retrying (429: the window's reset; 503: the "
            "worker's search slot)",
            "schema": {"type": "integer"},
        },
        "X-Cache": {
            "description": "whether the search's answer came from the shared cache (bypass: "
            "no cache, or a bot level below master, which searches nothing)",
            "schema": {"type": "string", "enum": ["hit", "miss", "bypass"]},
        },
        "X-Review-Cache": {
            "description": "how a review's searches met the shared cache: the count of each "
            "status, e.g. hit=3, miss=12, bypass=0",
            "schema": {"type": "string", "pattern": r"^hit=\d+, miss=\d+, bypass=\d+$"},
        },
        "Server-Timing": {
            "description": "time spent answering, e.g. search;dur=12.3 (milliseconds)",
            "schema": {"type": "string"},
        },
        "ETag": {
            "description": "a hash of the answer; send it as If-None-Match to get a 304",
            "schema": {"type": "string"},
        },
        "Cache-Control": {
            "description": f"{STATIC_CACHE_CONTROL}: the answer changes only with a release",
            "schema": {"type": "string"},
        },
        "Content-Language": {
            "description": "the language of the answer's words (en, it; for /v1/names also es "
            "and fr): the best of `lang`, else of Accept-Language, that the service speaks for "
            "that answer; en by default",
            "schema": {"type": "string", "example": "it"},
        },
        "Vary": {
            "description": "Accept-Language (and Origin where CORS applies): the answer's words "
            "depend on the language asked for",
            "schema": {"type": "string"},
        },
    }
)
# The security headers of every answer, the monitoring port's too (``http.security``).
SECURITY_HEADERS: Mapping[str, str] = MappingProxyType(
    {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}
)
# The headers every answer carries, success or problem.
EVERY_RESPONSE = ("X-Request-ID", "X-Content-Type-Options")
# The language of an answer's words, asked for by a query parameter or by Accept-Language; every
# operation takes both, as any can answer a problem in words.
PARAMETERS: Mapping[str, dict[str, Any]] = MappingProxyType(
    {
        "lang": {
            "name": "lang",
            "in": "query",
            "required": False,
            "description": "the language of the answer's words (problems, descriptions, names): "
            "en or it, for GET /v1/names also es (escoba) and fr (chkobba), a region allowed "
            "(it-CH); over Accept-Language when given; any other value falls back to English",
            "schema": {"type": "string", "example": "it"},
        },
        "Accept-Language": {
            "name": "Accept-Language",
            "in": "header",
            "required": False,
            "description": "the languages the client reads, by preference (RFC 9110), e.g. "
            "it-IT, it;q=0.9, en;q=0.5; used when lang is not given",
            "schema": {"type": "string"},
        },
    }
)
LANGUAGE_HEADERS = ("Content-Language", "Vary")
RATE_HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset")
