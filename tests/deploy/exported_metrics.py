"""The metric sample names the service exports (the web app's and the job workers'), for the
checks of the dashboard and the alert rules."""

from __future__ import annotations

import re

from prometheus_client import REGISTRY, CollectorRegistry
from prometheus_client.metrics_core import Metric

import service.api.http.metrics
import service.api.jobs.metrics
import service.api.jobs.webhooks  # noqa: F401  (registers the jobs' and webhooks' metrics)
from service.api.jobs.metrics import QueueDepth

# The names of the samples each kind of metric family exposes.
SUFFIXES = {
    "counter": ("_total", "_created"),
    "gauge": ("",),
    "histogram": ("_bucket", "_sum", "_count", "_created"),
    "info": ("_info",),
    "summary": ("", "_sum", "_count", "_created"),
}
# A name of the service's own in a query.
METRIC = re.compile(r"\bscopa_[a-z0-9_]+")


def families() -> list[Metric]:
    """Every metric family the service registers, and the workers' queue depth."""
    depth = CollectorRegistry()
    depth.register(QueueDepth(lambda: 0))
    return [*REGISTRY.collect(), *depth.collect()]


def exported_names() -> set[str]:
    """The sample names the service's exposition can hold."""
    return {f.name + suffix for f in families() for suffix in SUFFIXES[f.type]}
