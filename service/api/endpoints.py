"""Every endpoint of the service declared once: what the OpenAPI contract, the rate limiter,
the admission control, the metrics and the docs need to know about it.

An API operation (``Operation``) has its operation id, method and path, how a request counts
against the client's budget (``Cost``; a searching operation counts the searches its body asks
for, ``searches``), whether it runs a search (the worker's admission control, 503, cache
headers), whether its answer changes only with a release (ETag, Cache-Control) and whether its
words come in the language asked for. Its view is routed by ``route`` from the declaration, and
the app's ``declarations`` map every Flask endpoint to one: the endpoints that are not API
operations (pages, documentation, metrics) are declared in ``OTHER_ENDPOINTS``. A test fails
for an endpoint without a declaration, or a declaration without its endpoint.

A new endpoint is one ``Operation`` here and one view routed with it in ``service/api/v1``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from types import MappingProxyType
from typing import Any

from flask import Flask

from service.api.http.contract import STATIC_CACHE_CONTROL
from service.engine.moves import MoveKind
from service.search.levels import level_named

# A request body as JSON (before the schema), for the searches it asks for.
Body = Any


class Cost(Enum):
    """How a request counts against its client's budget."""

    EXEMPT = "exempt"
    ONE_UNIT = "one unit"
    BY_SEARCHES = "by searches"
    # One unit for each part of the body its ``units`` counts (a ledger's hands).
    BY_PARTS = "by parts"


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
    # The advice searches a request asks for, from its body as sent (searching operations).
    searches: Callable[[Body], int] | None = None
    # The units a request spends, from its body as sent (operations that cost by parts).
    units: Callable[[Body], int] | None = None
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


def one_search(body: Body) -> int:
    """One search, whatever the body."""
    return 1


def bot_searches(body: Body) -> int:
    """One search for a bot at a level that searches (master), none for the others or for a
    body the view refuses."""
    level = body.get("level") if isinstance(body, dict) else None
    try:
        return int(isinstance(level, str) and level_named(level).advisor)
    except ValueError:  # an unknown level: the view answers 422
        return 0


# The move kinds that play a card (an absent kind is a play), the decisions a review searches.
CARD_PLAYS = frozenset({MoveKind.PLAY.value, MoveKind.PASS.value})


def review_searches(body: Body) -> int:
    """The card plays of a review's record made by the seats it reviews (every seat when
    ``seats`` is not a list), read from the body as sent; an entry without the schema's shape
    is not counted (the view answers 422 for it, searching nothing)."""
    record = body.get("record") if isinstance(body, dict) else None
    moves = record.get("moves") if isinstance(record, dict) else None
    if not isinstance(moves, list):
        return 0
    seats = body.get("seats")
    reviewed = [s for s in seats if isinstance(s, int)] if isinstance(seats, list) else None
    count = 0
    for move in moves:
        if not isinstance(move, dict):
            continue
        kind = move.get("kind", MoveKind.PLAY.value)
        seat = move.get("seat")
        if isinstance(kind, str) and kind in CARD_PLAYS and (reviewed is None or seat in reviewed):
            count += 1
    return count


def ledger_hands(body: Body) -> int:
    """One unit for each hand of the ledger (at least one), from the body as sent."""
    hands = body.get("hands") if isinstance(body, dict) else None
    return max(1, len(hands)) if isinstance(hands, list) else 1


EXEMPT, ONE_UNIT, BY_SEARCHES = Cost.EXEMPT, Cost.ONE_UNIT, Cost.BY_SEARCHES
BATCH_LIMIT, JOB_LIMIT = "BATCH_MAX_CONTENT_LENGTH", "JOB_MAX_CONTENT_LENGTH"

GET_HEALTH = Operation("getHealth", EXEMPT, "GET", "/healthz")
GET_READINESS = Operation(
    "getReadiness", EXEMPT, "GET", "/readyz", localised=True, unavailable=True
)
LIST_PROBLEM_TYPES = Operation(
    "listProblemTypes", EXEMPT, "GET", "/v1/problems", static=True, localised=True
)
GET_RULES = Operation("getRules", ONE_UNIT, "GET", "/v1/rules", static=True, localised=True)
GET_NAMES = Operation("getNames", ONE_UNIT, "GET", "/v1/names", static=True, localised=True)
LIST_BOT_LEVELS = Operation(
    "listBotLevels", ONE_UNIT, "GET", "/v1/bot", static=True, localised=True
)
DEAL_HAND = Operation("dealHand", ONE_UNIT, "POST", "/v1/deal")
LIST_MOVES = Operation("listMoves", ONE_UNIT, "POST", "/v1/moves")
PLAY_MOVE = Operation("playMove", ONE_UNIT, "POST", "/v1/play")
SCORE_HAND = Operation("scoreHand", ONE_UNIT, "POST", "/v1/score")
KEEP_LEDGER = Operation("keepLedger", Cost.BY_PARTS, "POST", "/v1/match", units=ledger_hands)
GET_TALLY_FIELDS = Operation(
    "getTallyFields", ONE_UNIT, "GET", "/v1/rules/tally", static=True, localised=True
)
ADVISE_MOVE = Operation(
    "adviseMove", BY_SEARCHES, "POST", "/v1/advice", searches=one_search, cache_header="X-Cache"
)
PLAY_BOT_MOVE = Operation(
    "playBotMove", BY_SEARCHES, "POST", "/v1/bot", searches=bot_searches, cache_header="X-Cache"
)
RECORD_HAND = Operation("recordHand", ONE_UNIT, "POST", "/v1/record")
REPLAY_RECORD = Operation("replayRecord", ONE_UNIT, "POST", "/v1/replay")
VIEW_OF_SEAT = Operation("viewOfSeat", ONE_UNIT, "POST", "/v1/view")
REVIEW_HAND = Operation(
    "reviewHand",
    BY_SEARCHES,
    "POST",
    "/v1/review",
    searches=review_searches,
    cache_header="X-Review-Cache",
)


def batch_review_searches(body: Body) -> int:
    """The searches of every review of a batch (``review_searches``), from the body as sent."""
    reviews = body.get("reviews") if isinstance(body, dict) else None
    if not isinstance(reviews, list):
        return 0
    return sum(review_searches(each) for each in reviews)


REVIEW_BATCH = Operation(
    "reviewHands",
    BY_SEARCHES,
    "POST",
    "/v1/review/batch",
    searches=batch_review_searches,
    body_limit=BATCH_LIMIT,
)


def insights_searches(body: Body) -> int:
    """The searches of every hand of an insights request: its player's card plays (every
    seat's when the seat is not given), from the body as sent."""
    hands = body.get("hands") if isinstance(body, dict) else None
    if not isinstance(hands, list):
        return 0
    count = 0
    for hand in hands:
        if isinstance(hand, dict):
            seat = hand.get("seat")
            seats = [seat] if isinstance(seat, int) else None
            count += review_searches({"record": hand.get("record"), "seats": seats})
    return count


PLAYER_INSIGHTS = Operation(
    "playerInsights",
    BY_SEARCHES,
    "POST",
    "/v1/insights",
    searches=insights_searches,
    body_limit=BATCH_LIMIT,
)

MAKE_DRILLS = Operation(
    "makeDrills",
    BY_SEARCHES,
    "POST",
    "/v1/drills",
    searches=insights_searches,
    localised=True,
    body_limit=BATCH_LIMIT,
)


def job_records(body: Body) -> int:
    """One unit for each record of a new job (at least one), from the body as sent."""
    if not isinstance(body, dict):
        return 1
    for kind, entries in (("review", "reviews"), ("insights", "hands")):
        part = body.get(kind)
        if isinstance(part, dict) and isinstance(part.get(entries), list):
            return max(1, len(part[entries]))
    return 1


CREATE_JOB = Operation(
    "createJob",
    Cost.BY_PARTS,
    "POST",
    "/v1/jobs",
    units=job_records,
    body_limit=JOB_LIMIT,
    queued=True,
    unavailable=True,
)
LIST_JOBS = Operation("listJobs", ONE_UNIT, "GET", "/v1/jobs", unavailable=True)
GET_JOB = Operation("getJob", ONE_UNIT, "GET", "/v1/jobs/{job_id}", unavailable=True)
JOB_RESULTS = Operation(
    "getJobResults", ONE_UNIT, "GET", "/v1/jobs/{job_id}/results", unavailable=True
)
DOWNLOAD_JOB = Operation(
    "downloadJobResults", ONE_UNIT, "GET", "/v1/jobs/{job_id}/download", unavailable=True
)
CANCEL_JOB = Operation("cancelJob", ONE_UNIT, "DELETE", "/v1/jobs/{job_id}", unavailable=True)

OPERATIONS: tuple[Operation, ...] = (
    GET_HEALTH,
    GET_READINESS,
    LIST_PROBLEM_TYPES,
    GET_RULES,
    GET_NAMES,
    DEAL_HAND,
    LIST_MOVES,
    PLAY_MOVE,
    SCORE_HAND,
    KEEP_LEDGER,
    GET_TALLY_FIELDS,
    ADVISE_MOVE,
    LIST_BOT_LEVELS,
    PLAY_BOT_MOVE,
    RECORD_HAND,
    REPLAY_RECORD,
    VIEW_OF_SEAT,
    REVIEW_HAND,
    REVIEW_BATCH,
    PLAYER_INSIGHTS,
    MAKE_DRILLS,
    CREATE_JOB,
    LIST_JOBS,
    GET_JOB,
    JOB_RESULTS,
    DOWNLOAD_JOB,
    CANCEL_JOB,
)
BY_ID: Mapping[str, Operation] = MappingProxyType({op.name: op for op in OPERATIONS})
BY_ROUTE: Mapping[tuple[str, str], Operation] = MappingProxyType(
    {(op.method, op.path): op for op in OPERATIONS}
)

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

# The attribute carrying a routed view's operation.
OPERATION_ATTRIBUTE = "operation"


def route(blueprint: Any, operation: Operation) -> Callable[[Callable[..., Any]], Any]:
    """Route a view of a flask-smorest blueprint as its operation declares: the path (less
    the blueprint's prefix) and the method; the view carries its operation, and the spec its
    operation id (``service.api.spec``)."""
    prefix = blueprint.url_prefix or ""
    if not operation.path.startswith(prefix):
        raise ValueError(f"{operation.path} is not under {blueprint.name}'s {prefix!r}")
    routed = blueprint.route(operation.rule[len(prefix) :], methods=[operation.method])

    def decorate(view: Callable[..., Any]) -> Any:
        if operation.static:
            view = cached_for_a_release(view)
        setattr(view, OPERATION_ATTRIBUTE, operation)
        return routed(view)

    return decorate


def cached_for_a_release(view: Callable[..., Any]) -> Callable[..., Any]:
    """A view whose answers clients may cache until the next release (Cache-Control; its 304
    carries it too, ``http.problems.not_modified``)."""

    @functools.wraps(view)
    def cached(*args: Any, **kwargs: Any) -> Any:
        response = view(*args, **kwargs)
        response.headers["Cache-Control"] = STATIC_CACHE_CONTROL
        return response

    return cached


def larger_bodies() -> dict[str, str]:
    """The paths whose bodies have a limit of their own, and the setting that gives it."""
    return {op.rule: op.body_limit for op in OPERATIONS if op.body_limit is not None}


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
