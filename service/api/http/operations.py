"""How an endpoint is declared, once: what the OpenAPI contract, the rate limiter, the
admission control, the metrics and the docs need to know about it.

An API operation (``Operation``) has its operation id, method and path, the schema that loads
its request body, how a request counts against the client's budget (``Cost``; a searching
operation counts the searches its loaded request asks for, ``searches``, ``http.pricing``),
whether it runs a search (the worker's admission control, 503, cache headers), whether its
answer changes only with a release (ETag, Cache-Control) and whether its words come in the
language asked for. Each resource declares its operations beside its views
(``service/api/<resource>/views.py``) and routes each view with ``route``; the app's
declarations map every Flask endpoint to one: the endpoints that are not API operations (pages,
documentation, metrics) are declared in ``OTHER_ENDPOINTS``. A test fails for an endpoint
without a declaration, or a declaration without its endpoint.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

import marshmallow as ma
from flask import Flask

from service.api.http.contract import STATIC_CACHE_CONTROL
from service.api.http.tracing import loaded, loading

# A request as its schema loaded it (the view's argument), which an operation prices.
Loaded = Any


class Cost(Enum):
    """How a request counts against its client's budget."""

    EXEMPT = "exempt"
    ONE_UNIT = "one unit"
    BY_SEARCHES = "by searches"
    # One unit for each part of the body its ``units`` counts (a ledger's hands).
    BY_PARTS = "by parts"


EXEMPT, ONE_UNIT, BY_SEARCHES, BY_PARTS = (
    Cost.EXEMPT,
    Cost.ONE_UNIT,
    Cost.BY_SEARCHES,
    Cost.BY_PARTS,
)
# The settings that limit the size of a body of many hand records (``Operation.body_limit``).
BATCH_LIMIT, JOB_LIMIT = "BATCH_MAX_CONTENT_LENGTH", "JOB_MAX_CONTENT_LENGTH"


@dataclass(frozen=True, slots=True)
class Endpoint:
    """A route of the service and how its requests count; ``page``: a document of the web page
    (it carries the Content-Security-Policy)."""

    name: str
    cost: Cost
    page: bool = field(default=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Operation(Endpoint):
    """An API operation: its contract (``name`` is its operation id)."""

    method: str
    path: str
    # The schema that loads its JSON body into the view's argument (``route`` applies it).
    request: type[ma.Schema] | None = None
    # The advice searches a request asks for, from its loaded request (searching operations).
    searches: Callable[[Loaded], int] | None = None
    # The units a request spends, from its loaded request (operations that cost by parts).
    units: Callable[[Loaded], int] | None = None
    # The header saying how its searches met the cache (searching operations).
    cache_header: str | None = None
    # The answer changes only with a release: ETag, Cache-Control, 304 to If-None-Match.
    static: bool = False
    # The answer's words come in the language asked for (every problem's do).
    localised: bool = False
    # Answers 503 when it cannot serve (a searching operation does too, when busy).
    unavailable: bool = False
    # Its body carries many hand records: the setting named (BATCH_MAX_CONTENT_LENGTH, or a
    # job's JOB_MAX_CONTENT_LENGTH) limits its size instead of MAX_CONTENT_LENGTH.
    body_limit: str | None = None
    # Its searches run later, on the job workers (an API key's day of search must have room).
    queued: bool = False

    @property
    def rule(self) -> str:
        """The path as a Flask URL rule (``{job_id}`` becomes ``<job_id>``)."""
        return self.path.replace("{", "<").replace("}", ">")

    @property
    def searching(self) -> bool:
        """Whether the operation runs advice searches (admission control, 503)."""
        return self.searches is not None

    @property
    def may_be_unavailable(self) -> bool:
        """Whether the operation may answer 503 (with Retry-After when it searches)."""
        return self.unavailable or self.searching


# The routes that are not API operations, by Flask endpoint: the documentation (exempt), the
# process's own metrics (exempt), the problems page (exempt) and the web table's pages.
OTHER_ENDPOINTS: Mapping[str, Endpoint] = MappingProxyType(
    {
        name: Endpoint(name, cost, page=page)
        for name, cost, page in (
            ("api-docs.openapi_json", EXEMPT, False),
            # flask-smorest's Swagger UI starts with an inline script: no page policy.
            ("api-docs.openapi_swagger_ui", EXEMPT, False),
            ("swagger_ui_assets.swagger_ui_asset", EXEMPT, False),
            ("metrics", EXEMPT, False),
            ("problems_page.problems_page", EXEMPT, True),
            ("static", ONE_UNIT, False),
            ("web.static", ONE_UNIT, False),
            ("web.landing", ONE_UNIT, True),
            ("web.play", ONE_UNIT, True),
            ("web.page_texts", ONE_UNIT, False),
        )
    }
)

# The attributes carrying a routed view's operation, and the schema its body is loaded with.
OPERATION_ATTRIBUTE = "operation"
REQUEST_ATTRIBUTE = "request_schema"


def route(
    blueprint: Any, operation: Operation, **arguments: Any
) -> Callable[[Callable[..., Any]], Any]:
    """Route a view of a flask-smorest blueprint as its operation declares: the path (less
    the blueprint's prefix) and the method; a body loaded by the operation's request schema
    (``arguments``: flask-smorest's, such as the examples), the view's argument; the view
    carries its operation and that schema, and the spec its operation id
    (``service.api.spec``)."""
    prefix = blueprint.url_prefix or ""
    if not operation.path.startswith(prefix):
        raise ValueError(f"{operation.path} is not under {blueprint.name}'s {prefix!r}")
    routed = blueprint.route(operation.rule[len(prefix) :], methods=[operation.method])
    schema = None if operation.request is None else operation.request()

    def decorate(view: Callable[..., Any]) -> Any:
        if schema is not None:
            # Loading the body is a span of the request's trace (``http.tracing``).
            view = loading(blueprint.arguments(schema, **arguments)(loaded(view)))
        if operation.static:
            view = cached_for_a_release(view)
        setattr(view, OPERATION_ATTRIBUTE, operation)
        setattr(view, REQUEST_ATTRIBUTE, schema)
        return routed(view)

    return decorate


def request_schema(app: Flask, endpoint: str | None) -> ma.Schema | None:
    """The schema that loads the body of one of the app's endpoints (None: it takes none)."""
    view = app.view_functions.get(endpoint or "")
    found: ma.Schema | None = getattr(view, REQUEST_ATTRIBUTE, None)
    return found


def cached_for_a_release(view: Callable[..., Any]) -> Callable[..., Any]:
    """A view whose answers clients may cache until the next release (Cache-Control; its 304
    carries it too, ``http.problems.not_modified``)."""

    @functools.wraps(view)
    def cached(*args: Any, **kwargs: Any) -> Any:
        response = view(*args, **kwargs)
        response.headers["Cache-Control"] = STATIC_CACHE_CONTROL
        return response

    return cached


def larger_bodies(operations: Iterable[Operation]) -> dict[str, str]:
    """The paths whose bodies have a limit of their own, and the setting that gives it."""
    return {op.rule: op.body_limit for op in operations if op.body_limit is not None}


ENDPOINTS_EXTENSION = "scopa.endpoints"


def declare_endpoints(app: Flask) -> dict[str, Endpoint]:
    """Every Flask endpoint of the app with its declaration, kept for ``declared``; KeyError
    for an endpoint without one."""
    found: dict[str, Endpoint] = {}
    for endpoint, view in app.view_functions.items():
        operation = getattr(view, OPERATION_ATTRIBUTE, None)
        found[endpoint] = operation if operation is not None else OTHER_ENDPOINTS[endpoint]
    app.extensions[ENDPOINTS_EXTENSION] = found
    return found


def declared(app: Flask, endpoint: str | None) -> Endpoint | None:
    """The declaration of one of the app's endpoints (None: no route matched). A route added
    after the app was made has none and counts one unit (the test of the declarations keeps
    the service's own routes declared)."""
    if endpoint is None:
        return None
    found: dict[str, Endpoint] = app.extensions[ENDPOINTS_EXTENSION]
    return found.get(endpoint) or Endpoint(endpoint, Cost.ONE_UNIT)
