"""Traces, with the SDK's in-memory exporter: a request's span and its spans for loading the
body, the cache, the wait for a search slot and the search; a caller's traceparent continued;
a job's records (on the worker, after the POST answered) and its end under the POST's span."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace import ReadableSpan, TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from opentelemetry.trace import SpanKind, StatusCode

from service.api.app import create_app
from service.api.examples import dealt_state, view_json
from service.api.http.tracing import (
    provider_of,
    span,
    start_tracing,
    stop_tracing,
    tracing_on,
)
from service.config import load_settings
from tests.api.test_jobs import made, make_app, review_body, wait_ended

# A caller's span: its trace and span ids, as a traceparent header (sampled).
CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736"
CALLER_SPAN = "00f067aa0ba902b7"
TRACEPARENT = f"00-{CALLER_TRACE}-{CALLER_SPAN}-01"


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    start_tracing(provider)
    try:
        yield exporter
    finally:
        stop_tracing()


def named(exporter: InMemorySpanExporter, name: str) -> list[ReadableSpan]:
    return [s for s in exporter.get_finished_spans() if s.name == name]


def one(exporter: InMemorySpanExporter, name: str) -> ReadableSpan:
    (found,) = named(exporter, name)
    return found


def parent_of(child: ReadableSpan) -> int | None:
    return None if child.parent is None else child.parent.span_id


def advice_body() -> dict[str, object]:
    return {
        "rules": "scopa",
        "view": view_json(dealt_state()),
        "budget": {"iterations": 40},
        "seed": 3,
    }


def test_tracing_is_off_and_makes_nothing_without_an_endpoint(tmp_path: Path) -> None:
    assert not tracing_on()
    with span("nothing") as made_span:
        assert made_span is None
    client = create_app({"TESTING": True}).test_client()
    assert client.post("/v1/advice", json=advice_body()).status_code == 200


def test_a_request_s_span_holds_its_loading_cache_admission_and_search(
    spans: InMemorySpanExporter,
) -> None:
    client: FlaskClient = create_app({"TESTING": True}).test_client()
    headers = {"traceparent": TRACEPARENT, "X-Request-ID": "traced-1"}
    assert client.post("/v1/advice", json=advice_body(), headers=headers).status_code == 200
    request = one(spans, "POST /v1/advice")
    assert request.kind is SpanKind.SERVER
    # The caller's trace goes on: same trace id, the caller's span the parent.
    assert format(request.context.trace_id, "032x") == CALLER_TRACE
    assert parent_of(request) == int(CALLER_SPAN, 16)
    attributes = request.attributes or {}
    assert attributes["scopa.request_id"] == "traced-1"
    assert attributes["http.response.status_code"] == 200
    assert attributes["http.route"] == "/v1/advice"
    loading, cache = one(spans, "load body"), one(spans, "advice cache")
    admission, search = one(spans, "admission"), one(spans, "search")
    assert parent_of(loading) == parent_of(cache) == request.context.span_id
    assert parent_of(admission) == parent_of(search) == cache.context.span_id
    assert (cache.attributes or {})["scopa.cache.status"] == "miss"
    assert (search.attributes or {})["scopa.search.worlds"] >= 40
    assert loading.end_time <= cache.start_time  # type: ignore[operator]
    assert admission.end_time <= search.start_time  # type: ignore[operator]
    assert {s.context.trace_id for s in spans.get_finished_spans()} == {request.context.trace_id}


def test_a_body_that_does_not_load_ends_its_span_as_an_error(spans: InMemorySpanExporter) -> None:
    client = create_app({"TESTING": True}).test_client()
    assert client.post("/v1/advice", json={"rules": "scopa"}).status_code == 422
    assert one(spans, "load body").status.status_code is StatusCode.ERROR
    assert (one(spans, "POST /v1/advice").attributes or {})["http.response.status_code"] == 422
    assert named(spans, "search") == []


def test_a_stream_s_searches_are_under_its_request(spans: InMemorySpanExporter) -> None:
    client = create_app({"TESTING": True}).test_client()
    body = review_body(2)
    answer = client.post("/v1/review/batch", json=body)
    assert answer.status_code == 200
    answer.get_data()
    request = one(spans, "POST /v1/review/batch")
    searches = named(spans, "advice cache")
    assert searches and {parent_of(s) for s in searches} == {request.context.span_id}


def test_a_job_is_one_trace_from_its_post_to_its_last_record(
    spans: InMemorySpanExporter, tmp_path: Path
) -> None:
    client = make_app(tmp_path).test_client()
    job = made(
        client.post(
            "/v1/jobs", json={"review": review_body(3)}, headers={"X-Request-ID": "job-post"}
        )
    )
    assert wait_ended(client, job["links"]["self"])["state"] == "done"
    post = one(spans, "POST /v1/jobs")
    assert (post.attributes or {})["scopa.request_id"] == "job-post"
    records = named(spans, "job record")
    assert sorted((r.attributes or {})["scopa.job.record"] for r in records) == [0, 1, 2]
    for record in records:
        assert record.context.trace_id == post.context.trace_id
        assert parent_of(record) == post.context.span_id
        assert (record.attributes or {})["scopa.job.id"] == job["id"]
        # Each record's searches are its own children.
        assert any(parent_of(s) == record.context.span_id for s in named(spans, "advice cache"))
    end = one(spans, "job end")
    assert parent_of(end) == post.context.span_id
    assert post.end_time < min(r.start_time for r in records)  # type: ignore[operator]


def test_a_collector_that_is_down_costs_spans_not_requests() -> None:
    dead = socket.socket()
    dead.bind(("127.0.0.1", 0))
    port = dead.getsockname()[1]
    dead.close()
    settings = load_settings(
        {"TESTING": True, "TRACES_ENDPOINT": f"http://127.0.0.1:{port}/v1/traces"}
    )
    start_tracing(
        provider_of(settings, OTLPSpanExporter(endpoint=settings.traces_endpoint, timeout=1))
    )
    try:
        client = create_app({"TESTING": True}).test_client()
        for _ in range(3):
            assert client.post("/v1/advice", json=advice_body()).status_code == 200
    finally:
        stop_tracing()


def test_a_request_s_log_line_names_its_trace(
    spans: InMemorySpanExporter, capsys: pytest.CaptureFixture[str]
) -> None:
    client = create_app({"TESTING": True}).test_client()
    capsys.readouterr()
    client.post("/v1/advice", json=advice_body(), headers={"X-Request-ID": "logged-1"})
    logged = [
        json.loads(line) for line in capsys.readouterr().err.splitlines() if line.startswith("{")
    ]
    (line,) = [entry for entry in logged if entry.get("logger") == "service.api.request"]
    request = one(spans, "POST /v1/advice")
    assert line["request_id"] == "logged-1"
    assert line["trace_id"] == format(request.context.trace_id, "032x")
    assert line["span_id"] == format(request.context.span_id, "016x")
