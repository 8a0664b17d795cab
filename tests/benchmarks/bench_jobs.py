"""Job throughput with one and with two scopa-worker processes: records a second, and the ratio.

Usage (see `make bench-jobs`):
    python -m tests.benchmarks.bench_jobs --records 40 --runs 3

On loopback: a redis-server of its own with its append-only file (as the queue's Redis is
deployed), one gunicorn instance serving the API, and scopa-worker processes (advice cache off,
so every decision is searched). ``--records`` hands of ``--preset`` played by the expert bot
are reviewed for every seat at the default budget as one review job, timed from its POST to
its end (GET polled every 20 ms). The runs alternate one worker and two workers; printed: each
run's records a second, the medians, and the ratio two / one. Run it on a machine with at
least two free cores and nothing else running.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from scripts.local_gunicorn import running_gunicorn
from service.engine.record import record_of
from service.engine.record_codec import record_to_dict
from tests.benchmarks.bench_review import play_hand
from tests.integration.job_workers import call, running_workers, wait_for, worker_env
from tests.integration.redis_server import RedisServer

PLAYER = "expert"


def job_body(preset: str, records: int, budget: dict[str, int] | None) -> dict[str, Any]:
    """A review job of ``records`` hands, each reviewed for every seat."""
    reviews = []
    for seed in range(records):
        review: dict[str, Any] = {
            "record": record_to_dict(record_of(play_hand(preset, seed, PLAYER)))
        }
        if budget is not None:
            review["budget"] = budget
        reviews.append(review)
    return {"review": {"reviews": reviews}}


def timed_job(port: int, body: dict[str, Any]) -> float:
    """Seconds from the job's POST to its end."""
    start = time.perf_counter()
    status, answer = call(port, "POST", "/v1/jobs", body)
    assert status == 202, answer
    job = json.loads(answer)
    ended = wait_for(port, job["links"]["self"], limit_s=3600)
    elapsed = time.perf_counter() - start
    assert ended["state"] == "done" and ended["problems"] == 0, ended
    return elapsed


def main() -> None:
    """Alternate one and two workers over the same job; print records a second and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--preset", default="scopa")
    parser.add_argument("--records", type=int, default=40)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--iterations", type=int, help="an iteration budget a decision (default: the rules' own)"
    )
    args = parser.parse_args()
    budget = None if args.iterations is None else {"iterations": args.iterations}
    body = job_body(args.preset, args.records, budget)
    rates: dict[int, list[float]] = {1: [], 2: []}
    with tempfile.TemporaryDirectory() as folder:
        workdir = Path(folder)
        redis = RedisServer(workdir, durable=True)
        redis.start()
        served = {"SCOPA_JOBS_REDIS_URL": redis.url, "SCOPA_JOB_MAX_RECORDS": "1000"}
        try:
            with running_gunicorn(workers=1, threads=4, env=served) as port:
                for run in range(args.runs):
                    for count in (1, 2) if run % 2 == 0 else (2, 1):
                        with running_workers(count, worker_env(redis.url), workdir):
                            seconds = timed_job(port, body)
                        rate = args.records / seconds
                        rates[count].append(rate)
                        print(
                            f"run {run + 1}: {count} worker(s): {args.records} records in "
                            f"{seconds:.2f} s, {rate:.3f} records/s",
                            flush=True,
                        )
        finally:
            redis.stop()
    one, two = statistics.median(rates[1]), statistics.median(rates[2])
    print(f"{args.preset}, {args.records} records, budget {budget or 'default'}")
    print(f"one worker:  {one:.3f} records/s (median of {len(rates[1])})")
    print(f"two workers: {two:.3f} records/s (median of {len(rates[2])})")
    print(f"ratio two / one: {two / one:.3f}")


if __name__ == "__main__":
    main()
