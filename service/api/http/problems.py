"""RFC 9457 problem responses: one body shape for every error the API returns."""

from __future__ import annotations

import http
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import Response, current_app, g, has_request_context, request
from marshmallow.exceptions import SCHEMA
from werkzeug.exceptions import HTTPException

from service.api.http.contract import STATIC_CACHE_CONTROL
from service.api.http.language import answer_language, translate
from service.api.http.library_messages import as_message
from service.engine.errors import Problem
from service.engine.message import N_, Joined, Message
from service.i18n.languages import MESSAGES

PROBLEM_CONTENT_TYPE = "application/problem+json"
# Where the request's body limit is kept (``http.body``, which reads bodies at the door).
BODY_LIMIT = "scopa.body_limit"

# Problem types of this API; anything else is "about:blank" with the HTTP status phrase as title.
VALIDATION = "urn:scopa:problem:validation"
INVALID_RULES = "urn:scopa:problem:invalid-rules"
INVALID_STATE = "urn:scopa:problem:invalid-state"
INVALID_SCORE = "urn:scopa:problem:invalid-score"
ILLEGAL_MOVE = "urn:scopa:problem:illegal-move"
RATE_LIMITED = "urn:scopa:problem:rate-limited"
BUDGET_TOO_LARGE = "urn:scopa:problem:budget-too-large"
UNAUTHORIZED = "urn:scopa:problem:unauthorized"
QUOTA_EXCEEDED = "urn:scopa:problem:quota-exceeded"
# The titles of the problem types (translated like every text of a problem).
VALIDATION_TITLE = N_("Validation")
INVALID_RULES_TITLE = N_("Invalid rules")
INVALID_STATE_TITLE = N_("Invalid state")
INVALID_SCORE_TITLE = N_("Invalid score")
ILLEGAL_MOVE_TITLE = N_("Illegal move")
RATE_LIMITED_TITLE = N_("Too many requests")
BUDGET_TOO_LARGE_TITLE = N_("Budget too large")
UNAUTHORIZED_TITLE = N_("API key needed")
QUOTA_EXCEEDED_TITLE = N_("Quota exceeded")
# Where the problem types are listed, each under an anchor of its own (``ProblemType.url``).
PROBLEMS_PAGE = "/problems"


@dataclass(frozen=True, slots=True)
class ProblemType:
    """One kind of problem the API answers: its type URI, statuses and what it means."""

    uri: str
    title: str
    statuses: tuple[int, ...]
    description: str

    @property
    def slug(self) -> str:
        """The anchor of the type on the problems page: the last part of its URI, so that a
        client finds it from any problem's ``type`` (``urn:scopa:problem:validation`` at
        ``#validation``, ``about:blank`` at ``#blank``)."""
        return self.uri.rsplit(":", 1)[-1]

    @property
    def url(self) -> str:
        """Where the type is documented."""
        return f"{PROBLEMS_PAGE}#{self.slug}"


PROBLEM_TYPES: tuple[ProblemType, ...] = (
    ProblemType(
        VALIDATION,
        VALIDATION_TITLE,
        (400, 422),
        N_(
            "The request does not match the schema: a field missing, of the wrong type or out "
            "of range, or (400) a body that is not JSON the API reads. `errors` names each field."
        ),
    ),
    ProblemType(
        INVALID_RULES,
        INVALID_RULES_TITLE,
        (422,),
        N_(
            "An unknown preset or option, a bad value, or options that clash; `errors` names "
            "each option (`rules.players`)."
        ),
    ),
    ProblemType(
        INVALID_STATE,
        INVALID_STATE_TITLE,
        (422,),
        N_(
            "A state, view, record or set of cards that cannot happen under its rules, or a "
            "view with no move to make; every problem is listed at once by field."
        ),
    ),
    ProblemType(
        INVALID_SCORE,
        INVALID_SCORE_TITLE,
        (422,),
        N_(
            "A hand or match to score that cannot be (/v1/score, /v1/match): piles that do not "
            "hold the pack once, tallies that do not add up (a miscount), a scope count, "
            "declaration or claim the hand cannot have, scores that are not one per side, or a "
            "ledger's hand dealt out of turn, left undecided by its tallies or added after the "
            "match was over; every problem is listed at once by field."
        ),
    ),
    ProblemType(
        ILLEGAL_MOVE,
        ILLEGAL_MOVE_TITLE,
        (422,),
        N_("A move that is not legal in the state; `legal_moves` lists the legal ones."),
    ),
    ProblemType(
        BUDGET_TOO_LARGE,
        BUDGET_TOO_LARGE_TITLE,
        (422,),
        N_(
            "A search budget over this server's caps: a budget per decision over the advice "
            "caps, or a review whose decisions to search times its budget pass the review cap. "
            "`errors` names `budget.ms` or `budget.iterations`; a review's `largest_budget` gives "
            "the largest budget per decision its record allows."
        ),
    ),
    ProblemType(
        RATE_LIMITED,
        RATE_LIMITED_TITLE,
        (429,),
        N_("The client spent its request budget; `Retry-After` says when to try again."),
    ),
    ProblemType(
        UNAUTHORIZED,
        UNAUTHORIZED_TITLE,
        (401,),
        N_(
            "This server requires an API key on /v1 and the request sent none, or one it does "
            "not know: send it as `Authorization: Bearer KEY` or `X-API-Key: KEY`."
        ),
    ),
    ProblemType(
        QUOTA_EXCEEDED,
        QUOTA_EXCEEDED_TITLE,
        (429,),
        N_(
            "The API key spent one of its quotas (requests a minute, search milliseconds a "
            "day); `quota` names it and its limit, `Retry-After` says when it renews."
        ),
    ),
    ProblemType(
        "about:blank",
        N_("The HTTP status phrase"),
        (404, 405, 413, 415, 500, 503),
        N_(
            "Any other error: the title is the HTTP status phrase (413: the body is too large; "
            "415: the body was not sent as `Content-Type: application/json`; 503: the worker "
            "is busy searching, see `Retry-After`)."
        ),
    ),
)

MAX_MESSAGES = 200

log = logging.getLogger(__name__)


class ProblemError(Exception):
    """An error a view raises to answer with a problem response."""

    def __init__(
        self,
        status: int,
        detail: str,
        errors: Mapping[str, Sequence[str]] | None = None,
        type_: str = "about:blank",
        title: str | None = None,
        *,
        headers: Mapping[str, str] | None = None,
        **extensions: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.errors = {k: list(v) for k, v in (errors or {}).items()}
        self.type = type_
        self.title = title or http.HTTPStatus(status).phrase
        self.headers = dict(headers or {})
        self.extensions = extensions


def problem_body(
    status: int,
    detail: str,
    errors: Mapping[str, Sequence[str]] | None = None,
    type_: str = "about:blank",
    title: str | None = None,
    **extensions: Any,
) -> dict[str, Any]:
    """A problem as JSON, its words in the request's language."""
    lang = answer_language(MESSAGES)
    body: dict[str, Any] = {
        "type": type_,
        "title": translate(title or http.HTTPStatus(status).phrase, lang),
        "status": status,
        "detail": translate(detail, lang),
        "errors": {k: [translate(text, lang) for text in v] for k, v in (errors or {}).items()},
        **extensions,
    }
    request_id = g.get("request_id") if has_request_context() else None
    if request_id is not None:
        # The occurrence: the request, as its X-Request-ID header names it.
        body["instance"] = f"urn:scopa:request:{request_id}"
    return body


def problem_of(error: ProblemError) -> dict[str, Any]:
    """A raised problem as JSON (``problem_body``)."""
    return problem_body(
        error.status, error.detail, error.errors, error.type, error.title, **error.extensions
    )


def problem_response(
    status: int,
    detail: str,
    errors: Mapping[str, Sequence[str]] | None = None,
    type_: str = "about:blank",
    title: str | None = None,
    *,
    headers: Iterable[tuple[str, str]] = (),
    **extensions: Any,
) -> Response:
    """A problem+json response with the given status, detail and errors by field path, its
    words in the request's language (Content-Language says which)."""
    body = problem_body(status, detail, errors, type_, title, **extensions)
    text = current_app.json.dumps(body, separators=(",", ":"))
    response = current_app.response_class(text, status=status, mimetype=PROBLEM_CONTENT_TYPE)
    for name, value in headers:
        response.headers[name] = value
    return response


def errors_by_field(problems: Iterable[Problem], prefix: str = "") -> dict[str, list[str]]:
    """Engine problems grouped by field path, each path under ``prefix`` when one is given."""
    grouped: dict[str, list[str]] = {}
    for problem in problems:
        grouped.setdefault(join_path(prefix, problem.field), []).append(problem.reason)
    return grouped


def field_message(field: str, reason: str) -> Message:
    """One field's message, ``field: reason``."""
    return Message("{field}: {reason}", field=field, reason=reason)


def listed(errors: Mapping[str, Sequence[str]]) -> Message:
    """Messages by field as one message: ``field: reason`` for each message (a field with two
    is named twice), joined by semicolons."""
    return Joined("; ", (field_message(f, text) for f, texts in errors.items() for text in texts))


def join_path(prefix: str, field: str) -> str:
    """A field path under a prefix: ``state`` + ``hands[2]`` is ``state.hands[2]``."""
    if not prefix:
        return field
    if not field:
        return prefix
    return f"{prefix}{field}" if field.startswith("[") else f"{prefix}.{field}"


def flatten_messages(messages: Any, path: str = "") -> dict[str, list[str]]:
    """Marshmallow's nested error messages as a flat mapping of field path to messages."""
    flat: dict[str, list[str]] = {}
    if isinstance(messages, Mapping):
        for key, value in messages.items():
            if key == SCHEMA:
                child = path
            elif isinstance(key, int):
                child = f"{path}[{key}]"
            else:
                child = join_path(path, str(key))
            for name, texts in flatten_messages(value, child).items():
                flat.setdefault(name, []).extend(texts)
    elif isinstance(messages, list | tuple):
        for item in messages:
            for name, texts in flatten_messages(item, path).items():
                flat.setdefault(name, []).extend(texts)
    else:
        text = messages if isinstance(messages, str) else str(messages)
        flat.setdefault(path or "body", []).append(as_message(text))
    return flat


def handle_problem_error(error: ProblemError) -> Response:
    """The response of a ProblemError raised by a view."""
    return problem_response(
        error.status,
        error.detail,
        error.errors,
        error.type,
        error.title,
        headers=error.headers.items(),
        **error.extensions,
    )


def schema_problem(messages: Any, status: int = 422) -> ProblemError:
    """The validation problem of a schema's error messages."""
    errors = flatten_messages(messages)
    detail = Message(
        "the request does not match the schema: {errors}",
        errors=listed(dict(list(errors.items())[:MAX_MESSAGES])),
    )
    return ProblemError(status, detail, errors, VALIDATION)


def handle_http_exception(error: HTTPException) -> Response:
    """Werkzeug and webargs HTTP errors as problems, keeping their headers (e.g. Allow)."""
    status = error.code or 500
    data = getattr(error, "data", None) or {}
    messages = data.get("messages")
    headers = [
        (k, sorted_methods(v) if k.lower() == "allow" else v)
        for k, v in error.get_headers()
        if k.lower() != "content-type"
    ]
    headers += list((data.get("headers") or {}).items())
    if status == 500:
        return handle_unexpected(getattr(error, "original_exception", None) or error)
    if status == 304:
        return not_modified()
    if messages is not None:
        # Webargs puts a body's errors under its location ("json"): drop that level.
        if isinstance(messages, Mapping) and set(messages) <= {"json", "query", "headers"}:
            messages = list(messages.values())
        problem = schema_problem(messages, status)
        return problem_response(status, problem.detail, problem.errors, VALIDATION, headers=headers)
    if status == http.HTTPStatus.REQUEST_ENTITY_TOO_LARGE:
        return body_too_large(headers)
    return problem_response(status, as_message(error.description or ""), headers=headers)


def sorted_methods(allow: str) -> str:
    """An Allow header's methods in alphabetical order (werkzeug lists a set's, which changes
    from process to process)."""
    return ", ".join(sorted(method.strip() for method in allow.split(",")))


def body_too_large(headers: Iterable[tuple[str, str]] = ()) -> Response:
    """The 413 problem of a body over its limit, naming the body."""
    limit = request.environ.get(BODY_LIMIT) or current_app.config.get("MAX_CONTENT_LENGTH")
    reason = (
        Message("larger than the limit of {limit} bytes", limit=limit)
        if limit
        else Message("too large")
    )
    return problem_response(
        413,
        Message("the request body is {reason}", reason=reason),
        {"body": [reason]},
        headers=headers,
    )


def not_modified() -> Response:
    """A 304 for a conditional GET whose If-None-Match matched: no body, the ETag again."""
    response = current_app.response_class(status=304)
    response.headers["ETag"] = request.headers.get("If-None-Match", "")
    response.headers["Cache-Control"] = STATIC_CACHE_CONTROL
    return response


def handle_unexpected(error: BaseException | None) -> Response:
    """A 500 problem for an exception no handler knew; the traceback goes to the log only."""
    log.error("unexpected error while serving a request", exc_info=error)
    return problem_response(500, Message("the server met an unexpected error; it has been logged"))
