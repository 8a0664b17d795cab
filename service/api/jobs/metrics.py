"""Prometheus metrics of the jobs: records run and how long each took, failures, jobs made
and ended, and (in a worker) the queue's depth read at each scrape."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

from prometheus_client import Counter, Histogram
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

TASK_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)

TASK_SECONDS = Histogram(
    "scopa_job_task_duration_seconds",
    "Time to run one record of a job, by job kind and outcome (review, problem).",
    ["kind", "outcome"],
    buckets=TASK_BUCKETS,
)
TASK_FAILURES = Counter(
    "scopa_job_task_failures", "Records whose task failed every retry (kept as a 500 problem)."
)
TASK_DEFERRED = Counter(
    "scopa_job_task_deferred", "Record tasks put back because their worker was busy."
)
TASKS_RESENT = Counter(
    "scopa_job_tasks_resent",
    "Record tasks sent again because their job made no progress with no task waiting.",
)
JOBS_MADE = Counter("scopa_jobs_made", "Jobs made, by kind.", ["kind"])
JOBS_ENDED = Counter("scopa_jobs_ended", "Jobs ended, by kind and state.", ["kind", "state"])


def record_task(kind: str, outcome: str, seconds: float) -> None:
    """Count one record run to its line."""
    TASK_SECONDS.labels(kind=kind, outcome=outcome).observe(seconds)


def record_failure() -> None:
    """Count one record given up after every retry."""
    TASK_FAILURES.inc()


def record_deferred() -> None:
    """Count one record put back for later."""
    TASK_DEFERRED.inc()


def record_resent(tasks: int) -> None:
    """Count the tasks of a stalled job sent again."""
    TASKS_RESENT.inc(tasks)


def record_job_made(kind: str) -> None:
    """Count one job made."""
    JOBS_MADE.labels(kind=kind).inc()


def record_job_end(kind: str, state: str) -> None:
    """Count one job ended."""
    JOBS_ENDED.labels(kind=kind, state=state).inc()


class QueueDepth(Collector):
    """``scopa_job_queue_depth``: the record tasks waiting in the queue, read when scraped."""

    def __init__(self, depth: Callable[[], int | None]) -> None:
        self.depth = depth

    def collect(self) -> Iterator[GaugeMetricFamily]:
        """The depth now (no sample when the queue cannot be read)."""
        family = GaugeMetricFamily(
            "scopa_job_queue_depth", "Record tasks waiting in the job queue (not yet taken)."
        )
        # An unreachable queue has no depth to report.
        with contextlib.suppress(Exception):
            depth = self.depth()
            if depth is not None:
                family.add_metric([], float(depth))
        yield family
