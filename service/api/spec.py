"""The OpenAPI contract: flask-smorest's Api with RFC 9457 problems for every error, and an
apispec plugin that writes what operations share into the document from their declarations.

``ContractPlugin`` registers the shared headers and language parameters (``http.contract``),
documents every error answer as ``application/problem+json`` with the headers it carries, and
gives each operation, as ``http.operations`` declares it: the language parameters, the
error answers of its kind (400, 413, 415 and 422 for a body; 429 unless exempt from the rate
limit; 503 when it searches; 304 when it answers only with a release), and on each answer the
headers it sends (request ID, rate limit, cache status and timing, ETag and Cache-Control,
language). No view repeats any of it.
"""

from __future__ import annotations

import http
from collections.abc import Iterable
from typing import Any

from apispec import APISpec, BasePlugin
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from service.api.http.api_keys import API_PREFIX
from service.api.http.contract import (
    EVERY_RESPONSE,
    HEADERS,
    LANGUAGE_HEADERS,
    PARAMETERS,
    RATE_HEADERS,
)
from service.api.http.operations import Cost, Operation
from service.api.http.problems import PROBLEM_CONTENT_TYPE, handle_http_exception
from service.api.shapes.problem import ProblemSchema

JSON_TYPE = "application/json"
# The shared error answers an operation refers to, by status.
SHARED_RESPONSES = {
    400: "BAD_REQUEST",
    401: "UNAUTHORIZED",
    413: "REQUEST_ENTITY_TOO_LARGE",
    415: "UNSUPPORTED_MEDIA_TYPE",
    422: "UNPROCESSABLE_ENTITY",
    429: "TOO_MANY_REQUESTS",
    503: "SERVICE_UNAVAILABLE",
}
PROBLEM_REF = "#/components/schemas/Problem"
# How an API key is sent (only a server with SCOPA_API_KEYS_FILE needs one).
BEARER, API_KEY = "bearer", "apiKey"
NOT_MODIFIED = {"description": "Not Modified: If-None-Match holds the ETag; no body"}
STATUS_OF_PHRASE = {status.phrase: int(status) for status in http.HTTPStatus}


class ContractPlugin(BasePlugin):
    """Writes the shared contract into the spec (module docstring), from the operations'
    declarations."""

    def __init__(self, operations: Iterable[Operation]) -> None:
        self.by_route = {(op.method, op.path): op for op in operations}

    def init_spec(self, spec: APISpec) -> None:
        """Register the shared headers and parameters, and how an API key is sent."""
        spec.components.security_scheme(
            BEARER,
            {
                "type": "http",
                "scheme": "bearer",
                "description": "the API key, where the server requires one",
            },
        )
        spec.components.security_scheme(
            API_KEY,
            {
                "type": "apiKey",
                "in": "header",
                "name": "X-API-Key",
                "description": "the API key, the other way to send it",
            },
        )
        for name, header in HEADERS.items():
            spec.components.header(name, dict(header))
        for name, parameter in PARAMETERS.items():
            spec.components.parameter(name, parameter["in"], dict(parameter))

    def response_helper(self, response: dict[str, Any], **kwargs: Any) -> dict[str, Any] | None:
        """A shared answer whose body is a problem: documented as problem+json, with the
        headers every problem carries (and the rate limit's on a 429, Retry-After on a 503)."""
        content = response.get("content", {})
        body = content.get(JSON_TYPE, {})
        if not _is_problem(body.get("schema")):
            return None
        headers = {name: name for name in (*EVERY_RESPONSE, *LANGUAGE_HEADERS)}
        status = STATUS_OF_PHRASE.get(response.get("description", ""))
        if status == http.HTTPStatus.TOO_MANY_REQUESTS:
            headers.update({name: name for name in (*RATE_HEADERS, "Retry-After")})
        if status == http.HTTPStatus.SERVICE_UNAVAILABLE:
            headers["Retry-After"] = "Retry-After"
        if status == http.HTTPStatus.UNAUTHORIZED:
            headers["WWW-Authenticate"] = "WWW-Authenticate"
        others = {kind: media for kind, media in content.items() if kind != JSON_TYPE}
        return {
            "content": {PROBLEM_CONTENT_TYPE: body, **others},
            "headers": {**response.get("headers", {}), **headers},
        }

    def operation_helper(
        self, path: str | None = None, operations: dict[str, Any] | None = None, **kwargs: Any
    ) -> None:
        """Each operation's id, shared parameters, error answers and headers, as declared."""
        for method, operation in (operations or {}).items():
            declared = self.by_route.get((method.upper(), path or ""))
            if declared is not None:
                operation["operationId"] = declared.name
                _describe(method, operation, declared)


def _is_problem(schema: Any) -> bool:
    """Whether a documented body is the problem schema: its class or an instance, or the
    reference the marshmallow plugin made of it."""
    if schema is ProblemSchema or isinstance(schema, ProblemSchema):
        return True
    return isinstance(schema, dict) and schema.get("$ref") == PROBLEM_REF


def _describe(method: str, operation: dict[str, Any], declared: Operation) -> None:
    """Add one operation's shared parameters, error answers and headers."""
    parameters = operation.setdefault("parameters", [])
    parameters.extend(PARAMETERS)
    responses: dict[Any, Any] = operation["responses"]
    wanted = []
    if method == "post":
        wanted += [400, 413, 415, 422]
    keyed = declared.path.startswith(API_PREFIX)
    if keyed:
        # With API keys on (SCOPA_API_KEYS_FILE): a key is needed, and has quotas.
        wanted.append(401)
        operation["security"] = [{}, {BEARER: []}, {API_KEY: []}]
    if declared.cost is not Cost.EXEMPT or keyed:
        wanted.append(429)
    if declared.may_be_unavailable:
        wanted.append(503)
    for status in wanted:
        responses.setdefault(str(status), SHARED_RESPONSES[status])
    if declared.static:
        # Its own, not flask-smorest's shared NOT_MODIFIED: a 304 sends what its 200 would.
        responses.pop(304, None)
        responses["304"] = dict(NOT_MODIFIED)
    for status, response in responses.items():
        if isinstance(response, dict):
            _headers(str(status), response, declared)


def _headers(status: str, response: dict[str, Any], declared: Operation) -> None:
    """The headers one of an operation's own answers carries."""
    headers = response.setdefault("headers", {})
    headers.update({name: name for name in EVERY_RESPONSE})
    success = status.startswith(("2", "3"))
    if success and declared.cost is not Cost.EXEMPT:
        headers.update({name: name for name in RATE_HEADERS})
    if status == "202":
        headers["Location"] = "Location"
    if status == "200" and declared.cache_header is not None:
        headers.update({name: name for name in (declared.cache_header, "Server-Timing")})
    if status in ("200", "304") and declared.static:
        headers.update({name: name for name in ("ETag", "Cache-Control")})
    if (status in ("200", "304") and declared.localised) or not success:
        headers.update({name: name for name in LANGUAGE_HEADERS})


class ProblemApi(Api):  # type: ignore[misc]
    """flask-smorest's Api whose errors, raised or documented, are application/problem+json."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error: HTTPException) -> Any:
        """Werkzeug's and webargs' HTTP errors as problems (flask-smorest's documented hook)."""
        return handle_http_exception(error)


def contract_api(app: Any, settings: dict[str, Any], operations: Iterable[Operation]) -> ProblemApi:
    """The app's Api, the contract plugin (for these operations) among its spec's plugins."""
    app.config.update(settings)
    return ProblemApi(app, spec_kwargs={"extra_plugins": [ContractPlugin(operations)]})
