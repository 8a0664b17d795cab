"""Jobs: a batch review or a player's insights run on the job workers, and what they answer."""

from __future__ import annotations

from typing import Any

import marshmallow as ma
from flask import current_app

from service.api.fair_play.schemas import FairPlayRequestSchema
from service.api.insights.schemas import InsightsRequestSchema
from service.api.jobs.model import HookState, JobKind, JobState
from service.api.jobs.request import JobRequest
from service.api.review.schemas import BatchReviewRequestSchema
from service.api.shapes.fields import StrictInteger
from service.engine.message import Message
from service.webhooks.address import (
    MAX_URL_LENGTH,
    AddressPolicy,
    RefusedAddressError,
    checked_target,
    networks_of,
)


def callback_address(url: str) -> None:
    """A callback URL this server will call (its settings' policy), else a ValidationError."""
    config = current_app.config
    policy = AddressPolicy(
        config["WEBHOOK_ALLOW_HTTP"], networks_of(config["WEBHOOK_ALLOWED_NETWORKS"])
    )
    try:
        checked_target(url, policy)
    except RefusedAddressError as error:
        raise ma.ValidationError(error.reason) from None


def reference(name: str, description: str, **kwargs: Any) -> ma.fields.Raw:
    """A JSON value sent as kept, documented as the named schema."""
    return ma.fields.Raw(
        metadata={"allOf": [{"$ref": f"#/components/schemas/{name}"}], "description": description},
        **kwargs,
    )


class JobRequestSchema(ma.Schema):
    """A job: exactly one of a batch review, a player's insights or a fair-play report."""

    review = ma.fields.Nested(
        BatchReviewRequestSchema,
        metadata={"description": "a /v1/review/batch body: every record reviewed"},
    )
    insights = ma.fields.Nested(
        InsightsRequestSchema,
        metadata={
            "description": "a /v1/insights body: the player's hands reviewed, then the "
            "insights drawn from them"
        },
    )
    fair_play = ma.fields.Nested(
        FairPlayRequestSchema,
        metadata={
            "description": "a /v1/fair-play body: each hand's decisions searched (one "
            "`evidence` line a hand), then the report drawn from them"
        },
    )

    callback_url = ma.fields.String(
        validate=callback_address,
        metadata={
            "description": "an https:// URL POSTed the job's document, signed, once it ends "
            "(done, cancelled or failed), retried with back-off until it answers 2xx; its host "
            "must resolve to public addresses (see the webhooks page of the docs)",
            "format": "uri",
            "maxLength": MAX_URL_LENGTH,
        },
    )

    @ma.validates_schema
    def one_kind(self, data: dict[str, Any], **kwargs: Any) -> None:
        """Exactly one kind of job."""
        given = [kind for kind in JobKind if kind.value in data]
        if len(given) != 1:
            raise ma.ValidationError(
                Message("give exactly one of review, insights or fair_play"), "_schema"
            )

    @ma.post_load(pass_original=True)
    def job_request(self, data: dict[str, Any], original: Any, **kwargs: Any) -> JobRequest:
        """The kind of job asked for, its body as sent (the job keeps it) and loaded."""
        kind = next(kind for kind in JobKind if kind.value in data)
        return JobRequest(kind, original[kind.value], data[kind.value], data.get("callback_url"))


class JobLinksSchema(ma.Schema):
    """Where the job and its results are."""

    self = ma.fields.String(required=True, metadata={"description": "this job"})
    results = ma.fields.String(required=True, metadata={"description": "its results, by page"})
    download = ma.fields.String(
        required=True, metadata={"description": "its results as NDJSON, one line a record"}
    )


def moment(description: str, **kwargs: Any) -> ma.fields.String:
    """A time in ISO 8601, UTC."""
    return ma.fields.String(metadata={"description": description, "format": "date-time"}, **kwargs)


class JobSchema(ma.Schema):
    """A job's state, progress and, once done, its answer."""

    id = ma.fields.String(required=True)
    kind = ma.fields.String(required=True, validate=ma.validate.OneOf([k.value for k in JobKind]))
    state = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf([s.value for s in JobState]),
        metadata={
            "description": "queued (no record taken yet), running, done (every record has its "
            "line), cancelled (DELETE: records not yet run are skipped), failed (the final "
            "answer could not be drawn; the lines are kept)"
        },
    )
    records = StrictInteger(required=True, metadata={"description": "records in the job"})
    done = StrictInteger(required=True, metadata={"description": "records with their line"})
    problems = StrictInteger(required=True, metadata={"description": "lines that are problems"})
    progress = ma.fields.Float(required=True, metadata={"description": "done / records"})
    eta_s = ma.fields.Float(
        required=True,
        allow_none=True,
        metadata={
            "description": "seconds left at the pace so far; null before the first "
            "record is done and once ended"
        },
    )
    created = moment("when it was made", required=True)
    started = moment("when its first record was taken", required=True, allow_none=True)
    finished = moment("when it ended", required=True, allow_none=True)
    expires = moment(
        "when it and its results are dropped (JOB_RETENTION_S after it ends)", required=True
    )
    result = ma.fields.Raw(
        required=True,
        allow_none=True,
        metadata={
            "anyOf": [
                {"$ref": "#/components/schemas/InsightsResponse"},
                {"$ref": "#/components/schemas/FairPlayResponse"},
                {"type": "null"},
            ],
            "description": "an insights or fair-play job's answer once done, as /v1/insights "
            "or /v1/fair-play answers; null otherwise",
        },
    )
    webhook = ma.fields.Nested(
        "JobWebhookSchema",
        required=True,
        allow_none=True,
        metadata={"description": "where its end is posted and how that went; null: no webhook"},
    )
    links = ma.fields.Nested(JobLinksSchema, required=True)


class JobWebhookSchema(ma.Schema):
    """A job's webhook: where it goes and where it stands."""

    url = ma.fields.String(required=True, metadata={"description": "the job's callback_url"})
    state = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf([s.value for s in HookState]),
        metadata={
            "description": "waiting (the job has not ended), sending (due, or failed and to "
            "be tried again), delivered (the receiver answered 2xx), abandoned (its time for "
            "retries spent, or refused for good)"
        },
    )
    attempts = StrictInteger(required=True, metadata={"description": "deliveries tried"})
    last = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={
            "description": "the last attempt's outcome, such as `HTTP 200`, `HTTP 503` or "
            "`refused: ...`; null before the first"
        },
    )


def page_query(name: str, what: str, default: int, most: int) -> type[ma.Schema]:
    """The query of a page of ``what``: ``offset`` (from 0) and ``limit`` (1 to ``most``)."""
    return ma.Schema.from_dict(
        {
            "offset": ma.fields.Integer(
                load_default=0,
                validate=ma.validate.Range(min=0),
                metadata={"description": f"the first of the {what}, from 0"},
            ),
            "limit": ma.fields.Integer(
                load_default=default,
                validate=ma.validate.Range(min=1, max=most),
                metadata={"description": f"{what} in the page"},
            ),
        },
        name=name,
    )


ResultsQuerySchema = page_query("ResultsQuery", "records", 100, 1000)


JobsQuerySchema = page_query("JobsQuery", "jobs", 20, 100)


class JobListSchema(ma.Schema):
    """A page of the caller's jobs, newest first."""

    jobs = ma.fields.List(
        ma.fields.Nested(JobSchema), required=True, validate=ma.validate.Length(max=100)
    )
    offset = StrictInteger(required=True)
    limit = StrictInteger(required=True)
    next = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "the next page; null when this one is not full"},
    )


LINE_RULE = (
    "a record's line: `review` (the review as /v1/review answers it; an insights job's also "
    "gives the player's `seat`), `evidence` (a fair-play job's hand: each judged decision's "
    "values for the seat's own view and each leak hypothesis) or `problem` (the record's "
    "problem), with its `index`"
)


class JobResultsSchema(ma.Schema):
    """A page of a job's result lines."""

    id = ma.fields.String(required=True)
    state = ma.fields.String(required=True, validate=ma.validate.OneOf([s.value for s in JobState]))
    records = StrictInteger(required=True)
    offset = StrictInteger(required=True)
    limit = StrictInteger(required=True)
    items = ma.fields.List(
        reference("JobDownloadLine", LINE_RULE),
        required=True,
        validate=ma.validate.Length(max=1000),
        metadata={"description": "the lines of the page's records that have one, in order"},
    )
    next = ma.fields.String(
        required=True, allow_none=True, metadata={"description": "the next page; null: last"}
    )


class JobDownloadLineSchema(ma.Schema):
    """One line of a job's download: a record's line, or the summary last."""

    type = ma.fields.String(
        required=True,
        validate=ma.validate.OneOf(["review", "evidence", "problem", "summary"]),
        metadata={"description": LINE_RULE + "; the last line is the `summary`"},
    )
    index = StrictInteger()
    seat = StrictInteger()
    review = reference("ReviewResponse", "review lines")
    evidence = reference("FairPlayEvidence", "evidence lines")
    problem = reference("Problem", "problem lines")
    id = ma.fields.String(metadata={"description": "summary: the job"})
    state = ma.fields.String(metadata={"description": "summary: the job's state"})
    records = StrictInteger(metadata={"description": "summary: records in the job"})
    reviewed = StrictInteger(metadata={"description": "summary: review lines"})
    problems = StrictInteger(metadata={"description": "summary: problem lines"})
