"""What every operation shares in the contract, written into the spec in one place: the
response headers clients rely on, the error answers each kind of operation can give, and
the cache headers of the answers that change only with a release.

``document(spec)`` adds them to the generated OpenAPI document, so no view repeats them.
"""

from __future__ import annotations

import http
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
# Operations without a rate limit (probes and the problems page).
UNLIMITED = frozenset({"getHealth", "getReadiness", "listProblemTypes"})
# Operations that run an advice search: cache headers, and 503 when the worker is searching.
SEARCHING = frozenset({"adviseMove", "playBotMove", "reviewHand"})
# The cache header of each searching operation: one search's status, or a review's counts.
CACHE_HEADER: Mapping[str, str] = MappingProxyType(
    {"adviseMove": "X-Cache", "playBotMove": "X-Cache", "reviewHand": "X-Review-Cache"}
)
# Operations whose answer changes only with a release.
STATIC = frozenset({"getRules", "getNames", "listBotLevels", "listProblemTypes"})
# Operations whose answer is in words of the language asked for (and every problem answer).
LOCALISED = frozenset({"getRules", "getNames", "listBotLevels", "listProblemTypes"})


def document(spec: dict[str, Any]) -> dict[str, Any]:
    """The OpenAPI document with the shared headers and error answers of every operation."""
    components = spec.setdefault("components", {})
    components.setdefault("headers", {}).update({name: dict(h) for name, h in HEADERS.items()})
    components.setdefault("parameters", {}).update(
        {name: dict(p) for name, p in PARAMETERS.items()}
    )
    responses = components.setdefault("responses", {})
    for name, status in SHARED_RESPONSES.items():
        responses.setdefault(name, _problem_answer(status))
    document_shared_responses(responses)
    for operations in spec.get("paths", {}).values():
        for method, operation in operations.items():
            _describe(method, operation)
    # flask-smorest's own ETag header is replaced by ours on every answer that has one, and its
    # shared 304 by each static operation's own.
    components["headers"].pop("ETAG", None)
    if _response("NOT_MODIFIED") not in (
        response
        for ops in spec.get("paths", {}).values()
        for op in ops.values()
        for response in op["responses"].values()
    ):
        responses.pop("NOT_MODIFIED", None)
    return spec


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/headers/{name}"}


SHARED_RESPONSES = {
    "BAD_REQUEST": 400,
    "REQUEST_ENTITY_TOO_LARGE": 413,
    "UNPROCESSABLE_ENTITY": 422,
    "TOO_MANY_REQUESTS": 429,
    "SERVICE_UNAVAILABLE": 503,
}


def _response(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/responses/{name}"}


def _problem_answer(status: int) -> dict[str, Any]:
    return {
        "description": http.HTTPStatus(status).phrase,
        "content": {
            "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
        },
    }


def _describe(method: str, operation: dict[str, Any]) -> None:
    """Add one operation's shared headers and error answers."""
    operation_id = operation.get("operationId", "")
    responses: dict[str, Any] = operation["responses"]
    parameters = operation.setdefault("parameters", [])
    parameters.extend({"$ref": f"#/components/parameters/{name}"} for name in PARAMETERS)
    if method == "post":
        responses.setdefault("400", _response("BAD_REQUEST"))
        responses.setdefault("413", _response("REQUEST_ENTITY_TOO_LARGE"))
        responses.setdefault("422", _response("UNPROCESSABLE_ENTITY"))
    if operation_id not in UNLIMITED:
        responses.setdefault("429", _response("TOO_MANY_REQUESTS"))
    if operation_id in SEARCHING:
        responses.setdefault("503", _response("SERVICE_UNAVAILABLE"))
    if operation_id in STATIC:
        # Its own, not flask-smorest's shared NOT_MODIFIED: a 304 sends what its 200 would.
        responses["304"] = {"description": "Not Modified: If-None-Match holds the ETag; no body"}
    for status, response in responses.items():
        if "$ref" in response:
            continue
        headers = response.setdefault("headers", {})
        headers["X-Request-ID"] = _ref("X-Request-ID")
        if status.startswith(("2", "3")) and operation_id not in UNLIMITED:
            headers.update({name: _ref(name) for name in RATE_HEADERS})
        if status == "200" and operation_id in SEARCHING:
            headers.update(
                {name: _ref(name) for name in (CACHE_HEADER[operation_id], "Server-Timing")}
            )
        if status in ("200", "304") and operation_id in STATIC:
            headers.update({name: _ref(name) for name in ("ETag", "Cache-Control")})
        if (status in ("200", "304") and operation_id in LOCALISED) or not status.startswith(
            ("2", "3")
        ):
            headers.update({name: _ref(name) for name in LANGUAGE_HEADERS})


def document_shared_responses(responses: dict[str, Any]) -> None:
    """Add the headers of the shared error answers (a components.responses mapping)."""
    for name, response in responses.items():
        headers = response.setdefault("headers", {})
        headers["X-Request-ID"] = _ref("X-Request-ID")
        headers.update({h: _ref(h) for h in LANGUAGE_HEADERS})
        if name == "TOO_MANY_REQUESTS":
            headers.update({h: _ref(h) for h in (*RATE_HEADERS, "Retry-After")})
        if name == "SERVICE_UNAVAILABLE":
            headers["Retry-After"] = _ref("Retry-After")
