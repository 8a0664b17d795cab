"""``scopa-worker``: a process that runs the job queue's record tasks (Redis needed).

Run as many as there are cores to spare, on any machines that reach the jobs' Redis. Each
serves its metrics (the app's search and cache counters, the jobs' task durations and
failures, and the queue's depth) at ``/metrics`` on ``SCOPA_WORKER_METRICS_PORT``. SIGTERM
or SIGINT stops it: the task under way finishes first (within ``--grace`` seconds); a task a
worker could not finish goes to another after the heartbeat timeout.
"""

from __future__ import annotations

import argparse
import logging
import signal
import threading
from collections.abc import Sequence
from types import FrameType

from prometheus_client import REGISTRY, start_http_server

from service.api.app import create_app
from service.api.http.server_logging import capture_process_output, fatal
from service.api.jobs.metrics import QueueDepth
from service.api.jobs.queue import jobs_of, jobs_redis_url
from service.config import ConfigError, env_name, load_settings

log = logging.getLogger(__name__)


def arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="scopa-worker", description="Run the record tasks of the job queue."
    )
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="tasks run at once (default 1: a search keeps a core busy; run one process a core)",
    )
    parser.add_argument(
        "--grace", type=float, default=25.0, help="seconds the task under way has to finish"
    )
    parsed = parser.parse_args(argv)
    if parsed.threads < 1:
        parser.error("--threads must be at least 1")
    return parsed


def main(argv: Sequence[str] | None = None) -> None:
    """Run the worker until SIGTERM or SIGINT."""
    args = arguments(argv)
    capture_process_output()
    try:
        settings = load_settings()
    except ConfigError as error:
        fatal(error.problems)
    if jobs_redis_url(settings) is None:
        fatal(
            [
                f"scopa-worker needs the jobs' Redis: set {env_name('jobs_redis_url')} or "
                f"{env_name('redis_url')} (without Redis, the web processes run jobs themselves)"
            ]
        )
    app = create_app()
    jobs = jobs_of(app)
    if settings.worker_metrics_port:
        REGISTRY.register(QueueDepth(jobs.depth))
        start_http_server(settings.worker_metrics_port)
    stop = threading.Event()

    def stop_on(signum: int, frame: FrameType | None) -> None:
        log.info("signal %s: stopping after the task under way", signal.Signals(signum).name)
        stop.set()

    signal.signal(signal.SIGTERM, stop_on)
    signal.signal(signal.SIGINT, stop_on)
    jobs.start_worker(threads=args.threads)
    log.info(
        "scopa-worker taking record tasks with %s; metrics on port %s",
        "1 thread" if args.threads == 1 else f"{args.threads} threads",
        settings.worker_metrics_port or "off",
    )
    stop.wait()
    jobs.stop_worker(timeout_ms=int(args.grace * 1000))
    jobs.close()
    log.info("scopa-worker stopped")


if __name__ == "__main__":
    main()
