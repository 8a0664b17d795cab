"""Traces exported by OTLP/HTTP from the real processes: gunicorn and a scopa-worker on Redis,
each with SCOPA_TRACES_ENDPOINT, to a receiver that decodes the exports with the
OpenTelemetry protocol's own messages. A job is one trace: the API's POST span, and under it
the worker's spans of each record and its searches."""

from __future__ import annotations

from pathlib import Path

import pytest

from scripts.local_gunicorn import running_gunicorn
from scripts.otlp_receiver import OtlpReceiver, ReceivedSpan
from tests.api.test_jobs import review_body
from tests.integration.job_workers import call, running_workers, wait_for, worker_env
from tests.integration.redis_server import RedisServer
from tests.integration.test_jobs_durability import made

pytestmark = pytest.mark.integration


def traced(receiver: OtlpReceiver, redis: RedisServer, service: str) -> dict[str, str]:
    return worker_env(
        redis.url,
        SCOPA_TRACES_ENDPOINT=receiver.endpoint,
        OTEL_SERVICE_NAME=service,
        OTEL_BSP_SCHEDULE_DELAY="100",
    )


def test_a_job_is_one_trace_across_the_api_and_the_worker(
    tmp_path: Path, redis_server: RedisServer
) -> None:
    with OtlpReceiver() as receiver:
        api_env = traced(receiver, redis_server, "scopa-api")
        with (
            running_gunicorn(workers=1, threads=4, env=api_env) as port,
            running_workers(1, traced(receiver, redis_server, "scopa-worker"), tmp_path),
        ):
            status, _ = call(port, "GET", "/v1/rules")
            assert status == 200
            job = made(port, {"review": review_body(2)})
            assert wait_for(port, job["links"]["self"])["state"] == "done"
            (post,) = receiver.wait_for("POST /v1/jobs", 1)
            records = receiver.wait_for("job record", 2)
            receiver.wait_for("job end", 1)
    by_id = {s.span_id: s for s in receiver.spans}
    assert post.service == "scopa-api"
    assert post.attributes["http.response.status_code"] == 202
    for record in records:
        assert (record.service, record.trace_id, record.parent_id) == (
            "scopa-worker",
            post.trace_id,
            post.span_id,
        )
    searches = [s for s in receiver.spans if s.name == "search" and s.trace_id == post.trace_id]
    assert len(searches) >= 2
    for search in searches:
        # search < advice cache < job record < POST /v1/jobs
        chain = chain_of(search, by_id)
        assert [s.name for s in chain] == ["search", "advice cache", "job record", "POST /v1/jobs"]
    print("[traces] " + " | ".join(f"{s.service}: {s.name}" for s in tree(post, receiver.spans)))


def chain_of(span: ReceivedSpan, by_id: dict[str, ReceivedSpan]) -> list[ReceivedSpan]:
    """The span and its ancestors received, nearest first."""
    chain = [span]
    while chain[-1].parent_id in by_id:
        chain.append(by_id[chain[-1].parent_id])
    return chain


def tree(root: ReceivedSpan, spans: list[ReceivedSpan]) -> list[ReceivedSpan]:
    """The root and its descendants, depth first."""
    children = [s for s in spans if s.parent_id == root.span_id]
    return [root, *(x for child in children for x in tree(child, spans))]
