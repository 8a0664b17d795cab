"""Traces (OpenTelemetry): a span for each request, with spans inside it for loading its body,
the advice cache, the wait for a search slot and the search; a job's records and its webhook
joined to the trace of the request that made the job.

Off unless ``SCOPA_TRACES_ENDPOINT`` names an OTLP/HTTP traces endpoint: then each process
exports its spans there in batches (the OpenTelemetry SDK's ``OTEL_EXPORTER_OTLP_*`` and
``OTEL_BSP_*`` variables tune the exporter, ``OTEL_SERVICE_NAME`` and
``OTEL_RESOURCE_ATTRIBUTES`` the resource), sampled at ``SCOPA_TRACES_SAMPLE_RATIO`` unless the
caller's ``traceparent`` header already decided. Off, every span is a ``nullcontext``: nothing is
made, timed or sent.

A job keeps the W3C ``traceparent`` of the request that made it; each of its records, on any
worker and however late, is a span under that request's span, so one trace shows a job from its
POST to its last record.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, g, has_request_context, request
from opentelemetry import context, trace
from opentelemetry.trace import Span, SpanKind, Status, StatusCode, Tracer
from opentelemetry.trace.propagation.tracecontext import TraceContextTextMapPropagator

from service.config import Settings

if TYPE_CHECKING:  # the SDK is imported only where tracing is on
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter

TRACER_NAME = "scopa"
DEFAULT_SERVICE_NAME = "scopa"
TRACEPARENT = "traceparent"
SERVER_ERROR = 500
PROPAGATOR = TraceContextTextMapPropagator()

_tracer: Tracer | None = None
_provider: TracerProvider | None = None


def start_tracing(provider: TracerProvider) -> None:
    """Make spans with this provider from now on, in this process."""
    global _tracer, _provider  # noqa: PLW0603 (one tracer a process, as OpenTelemetry's own)
    _provider = provider
    _tracer = provider.get_tracer(TRACER_NAME)


def stop_tracing() -> None:
    """Export what is left and make no more spans."""
    global _tracer, _provider  # noqa: PLW0603
    if _provider is not None:
        _provider.shutdown()
    _tracer = _provider = None


def tracing_on() -> bool:
    """Whether this process makes spans."""
    return _tracer is not None


def provider_of(settings: Settings, exporter: SpanExporter) -> TracerProvider:
    """A provider exporting to ``exporter`` in batches, sampled as the settings say."""
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor
    from opentelemetry.sdk.trace.sampling import ParentBased, TraceIdRatioBased

    resource = Resource.create()
    if str(resource.attributes.get("service.name", "")).startswith("unknown_service"):
        resource = resource.merge(Resource({"service.name": DEFAULT_SERVICE_NAME}))
    provider = TracerProvider(
        sampler=ParentBased(TraceIdRatioBased(settings.traces_sample_ratio)), resource=resource
    )
    provider.add_span_processor(BatchSpanProcessor(exporter))
    return provider


@contextlib.contextmanager
def span(name: str, **attributes: Any) -> Iterator[Span | None]:
    """A span of this name under the current one (None and nothing made when tracing is off);
    an exception leaving it marks it an error."""
    if _tracer is None:
        yield None
        return
    with _tracer.start_as_current_span(name, _parent(), attributes=attributes) as made:
        yield made


def _parent() -> context.Context | None:
    """The current span's context; in a request whose span is not current (the body of a
    stream, written after its view returned), the request's span."""
    if trace.get_current_span().get_span_context().is_valid or not has_request_context():
        return None
    request_span: Span | None = g.get("trace_span")
    return None if request_span is None else trace.set_span_in_context(request_span)


def loading(view: Callable[..., Any]) -> Callable[..., Any]:
    """The outermost wrapper of a view whose body a schema loads: a span from here to
    ``loaded`` (or to the problem the body was)."""

    @functools.wraps(view)
    def load(*args: Any, **kwargs: Any) -> Any:
        if _tracer is None:
            return view(*args, **kwargs)
        g.trace_load = _tracer.start_span("load body", _parent())
        try:
            return view(*args, **kwargs)
        except BaseException as error:
            _end_load(error)
            raise
        finally:
            _end_load(None)

    return load


def loaded(view: Callable[..., Any]) -> Callable[..., Any]:
    """The innermost wrapper of such a view: its body is loaded, the span ends."""

    @functools.wraps(view)
    def run(*args: Any, **kwargs: Any) -> Any:
        _end_load(None)
        return view(*args, **kwargs)

    return run


def _end_load(error: BaseException | None) -> None:
    made: Span | None = g.pop("trace_load", None) if has_request_context() else None
    if made is None:
        return
    if error is not None:
        made.set_status(Status(StatusCode.ERROR, type(error).__name__))
    made.end()


@contextlib.contextmanager
def span_under(traceparent: str | None, name: str, **attributes: Any) -> Iterator[Span | None]:
    """A span of this name under the span a ``traceparent`` names (a root span without one)."""
    if _tracer is None:
        yield None
        return
    parent = PROPAGATOR.extract({TRACEPARENT: traceparent} if traceparent else {})
    with _tracer.start_as_current_span(name, context=parent, attributes=attributes) as made:
        yield made


def current_trace_ids() -> tuple[str, str] | None:
    """The trace and span ids (hex) of the current span, or of the request's (None when
    tracing is off or there is none): what a log line names to be found in its trace."""
    if _tracer is None:
        return None
    current = trace.get_current_span()
    if not current.get_span_context().is_valid and has_request_context():
        current = g.get("trace_span") or current
    found = current.get_span_context()
    if not found.is_valid:
        return None
    return format(found.trace_id, "032x"), format(found.span_id, "016x")


def current_traceparent() -> str | None:
    """The W3C ``traceparent`` of the current span (None when tracing is off or none is)."""
    if _tracer is None:
        return None
    carrier: dict[str, str] = {}
    PROPAGATOR.inject(carrier)
    return carrier.get(TRACEPARENT)


def begin_request_span() -> None:
    """Start the request's span, under the caller's ``traceparent`` when it sends one."""
    if _tracer is None:
        return
    parent = PROPAGATOR.extract({name.lower(): value for name, value in request.headers.items()})
    route = request.url_rule.rule if request.url_rule is not None else request.path
    made = _tracer.start_span(
        f"{request.method} {route}",
        context=parent,
        kind=SpanKind.SERVER,
        attributes={
            "http.request.method": request.method,
            "http.route": route,
            "url.path": request.path,
        },
    )
    g.trace_span = made
    g.trace_token = context.attach(trace.set_span_in_context(made, parent))


def end_request_span(response: Response) -> Response:
    """Note the answer's status on the request's span (ended at teardown, once a stream has
    been written) and make it no longer current here, in the context that made it current."""
    made: Span | None = g.get("trace_span")
    if made is not None:
        made.set_attribute("http.response.status_code", response.status_code)
        if response.status_code >= SERVER_ERROR:
            made.set_status(Status(StatusCode.ERROR))
    token = g.pop("trace_token", None)
    if token is not None:
        context.detach(token)
    return response


def stream_follows() -> None:
    """Note that the answer is a stream written in the request's context after the view
    returns: its span ends at the stream's end, not at the first teardown."""
    if _tracer is not None and has_request_context():
        g.trace_stream_follows = True


def close_request_span(error: BaseException | None = None) -> None:
    """End the request's span once the answer is sent (a stream's once it ends)."""
    if g.pop("trace_stream_follows", False):
        return  # torn down again, in the stream's context, once it ends
    made: Span | None = g.pop("trace_span", None)
    if made is None:
        return
    request_id: str | None = g.get("request_id")
    if request_id is not None:
        made.set_attribute("scopa.request_id", request_id)
    if error is not None:
        made.record_exception(error)
        made.set_status(Status(StatusCode.ERROR))
    made.end()


def install_tracing(app: Flask, settings: Settings) -> None:
    """Export this process's spans when an endpoint is set; the app's request hooks (which do
    nothing while tracing is off)."""
    if settings.traces_endpoint is not None and _tracer is None:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import (
            OTLPSpanExporter,
        )

        start_tracing(provider_of(settings, OTLPSpanExporter(endpoint=settings.traces_endpoint)))
    app.before_request(begin_request_span)
    app.after_request(end_request_span)
    app.teardown_request(close_request_span)
