"""Throughput and latency of /v1/moves and /v1/score beside /healthz, under real gunicorn.

Run: `make bench-api` (or `python -m tests.benchmarks.bench_api --runs 3 --seconds 3`).
The load generator is Python: processes of threads, each thread one keep-alive http.client
connection sending requests back to back. In a run the endpoints take turns, 0.5 s each
(``--slice``), until each has had its ``--seconds``, so that the machine's drift within a run
falls on all of them alike. Figures are medians over the runs; the ratio is an endpoint's
requests/s over /healthz's in the same run (median over runs). Beside the full state,
/v1/moves is also sent in its light form with one card and an empty table: a floor, what a
rate-limited POST costs with almost no work.

``--with-key`` serves this checkout twice, the second with API keys on (a keys file with one
key whose requests a minute are counted, every request sending the key), in alternate slices
of the same runs: the cost of keys.

``--baseline DIR`` serves another checkout too (a worktree of an older commit, with this
checkout's virtual environment) and loads the two in alternate slices of the same runs, so that
both ratios come from the same machine at the same time.

``--in-process`` instead times each request through the app's WSGI callable in this process
(no server, no network; request logs written to /dev/null), with rate limits on and off, and
with rate limits on and API keys on (a keys file with one key whose requests a minute are
counted, the key sent as a Bearer token): the best of 5 batches, microseconds a request.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import io
import json
import os
import statistics
import sys
import tempfile
import threading
import time
import timeit
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Any

from scripts.local_gunicorn import HOST, running_gunicorn
from service.api.examples import dealt_state, finished_state
from service.engine import codec
from service.engine.cards import codes


@dataclass(frozen=True)
class Target:
    """One endpoint under load: its method, path and JSON body."""

    name: str
    method: str
    path: str
    body: bytes | None
    headers: tuple[tuple[str, str], ...] = ()


def targets() -> list[Target]:
    """/healthz, then /v1/moves on a dealt state and /v1/score on a finished hand."""
    final = finished_state()
    piles = [{"cards": codes(p), "scope": s} for p, s in zip(final.piles, final.scope, strict=True)]
    return [
        Target("healthz", "GET", "/healthz", None),
        Target(
            "moves",
            "POST",
            "/v1/moves",
            json.dumps({"state": codec.state_to_dict(dealt_state())}).encode(),
        ),
        Target(
            "light",
            "POST",
            "/v1/moves",
            json.dumps({"rules": "scopa", "hand": ["7D"], "table": []}).encode(),
        ),
        Target(
            "score",
            "POST",
            "/v1/score",
            json.dumps({"rules": "scopa", "piles": piles, "match": {"scores": [3, 4]}}).encode(),
        ),
    ]


def one_connection(port: int, target: Target, until: float, latencies: list[float]) -> int:
    """Send requests on one keep-alive connection until the deadline; return the failures."""
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    headers = {"Content-Type": "application/json"} if target.body else {}
    headers.update(target.headers)
    failures = 0
    while time.perf_counter() < until:
        start = time.perf_counter()
        connection.request(target.method, target.path, body=target.body, headers=headers)
        response = connection.getresponse()
        response.read()
        latencies.append(time.perf_counter() - start)
        if response.status != 200:
            failures += 1
    connection.close()
    return failures


def drive(port: int, target: Target, connections: int, seconds: float) -> tuple[list[float], int]:
    """One load process: ``connections`` threads for ``seconds``; latencies and failures."""
    until = time.perf_counter() + seconds
    per_thread: list[list[float]] = [[] for _ in range(connections)]
    failures = [0] * connections

    def run(i: int) -> None:
        failures[i] = one_connection(port, target, until, per_thread[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [x for lat in per_thread for x in lat], sum(failures)


@dataclass(frozen=True)
class Figures:
    """Requests per second and latency percentiles of one endpoint in one run."""

    rps: float
    p50_ms: float
    p99_ms: float
    failures: int


@dataclass(frozen=True)
class Slice:
    """One endpoint's load for a while: its requests' latencies, the wall time, the failures."""

    latencies: list[float]
    elapsed: float
    failures: int


def load_slice(
    pool: ProcessPoolExecutor,
    port: int,
    target: Target,
    processes: int,
    connections: int,
    seconds: float,
) -> Slice:
    """Load one endpoint from every process at once for ``seconds``."""
    start = time.perf_counter()
    futures = [pool.submit(drive, port, target, connections, seconds) for _ in range(processes)]
    results = [f.result() for f in futures]
    elapsed = time.perf_counter() - start
    return Slice(
        [x for lat, _ in results for x in lat], elapsed, sum(failures for _, failures in results)
    )


def summary(slices: list[Slice]) -> Figures:
    """One endpoint's figures over its slices of a run: requests over their summed wall time."""
    latencies = sorted(x for part in slices for x in part.latencies)
    quantiles = statistics.quantiles(latencies, n=100, method="inclusive")
    return Figures(
        rps=len(latencies) / sum(part.elapsed for part in slices),
        p50_ms=quantiles[49] * 1000,
        p99_ms=quantiles[98] * 1000,
        failures=sum(part.failures for part in slices),
    )


def measure_run(
    pool: ProcessPoolExecutor,
    ports: dict[str, int],
    endpoints: dict[str, list[Target]],
    args: argparse.Namespace,
) -> dict[str, dict[str, Figures]]:
    """One run: every endpoint of every server loaded for ``args.seconds`` in all, in slices
    taken in turn (healthz, moves, light, score, healthz, ...; a server's turn, then the
    other's), so that a drift of the machine's speed during the run falls on every endpoint
    and server alike rather than on the one measured then."""
    slices = max(1, round(args.seconds / args.slice))
    parts = {server: {t.name: list[Slice]() for t in endpoints[server]} for server in ports}
    for _ in range(slices):
        for server, port in ports.items():
            for target in endpoints[server]:
                parts[server][target.name].append(
                    load_slice(
                        pool, port, target, args.processes, args.connections, args.seconds / slices
                    )
                )
    return {
        server: {name: summary(runs) for name, runs in found.items()}
        for server, found in parts.items()
    }


def wsgi_call(app: Any, target: Target, key: str | None = None) -> None:
    """One request through the app's WSGI callable (with an API key); its status must be 200."""
    body = target.body or b""
    environ = {
        "REQUEST_METHOD": target.method,
        "PATH_INFO": target.path,
        "QUERY_STRING": "",
        "SERVER_NAME": HOST,
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(body),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "REMOTE_ADDR": HOST,
        "HTTP_HOST": f"{HOST}:8000",
        "CONTENT_LENGTH": str(len(body)),
    }
    if body:
        environ["CONTENT_TYPE"] = "application/json"
    if key is not None:
        environ["HTTP_AUTHORIZATION"] = f"Bearer {key}"
    statuses = []
    b"".join(app(environ, lambda status, headers, exc_info=None: statuses.append(status)))
    if not statuses[0].startswith("200"):
        raise RuntimeError(f"{target.name}: {statuses[0]}")


@contextlib.contextmanager
def bench_key() -> Iterator[tuple[str, str]]:
    """A keys file with one key whose requests a minute are counted (never spent), and the key."""
    from service.api.http.api_keys import digest_of, new_key

    key = new_key()
    entry = {"name": "bench", "sha256": digest_of(key), "requests_per_minute": 10**9}
    with tempfile.TemporaryDirectory() as scratch:
        keys = Path(scratch) / "keys.json"
        keys.write_text(json.dumps({"keys": [entry]}), encoding="utf-8")
        yield str(keys), key


def in_process(requests: int) -> None:
    """Microseconds a request through the WSGI callable: rate limits on, off, and on with an
    API key."""
    print(f"in process, microseconds a request (best of 5 batches of {requests})")
    print(f"{'endpoint':10} {'limits on':>10} {'limits off':>11} {'on + key':>9} {'key cost':>9}")
    rows: dict[str, list[float]] = {t.name: [] for t in targets()}
    with (
        bench_key() as (keys, key),
        open(os.devnull, "w") as null,
        contextlib.redirect_stderr(null),
    ):
        for enabled in ("true", "false"):
            time_requests(enabled, requests, rows)
        os.environ["SCOPA_API_KEYS_FILE"] = keys
        try:
            time_requests("true", requests, rows, key)
        finally:
            del os.environ["SCOPA_API_KEYS_FILE"]
    for name, (on, off, keyed) in rows.items():
        print(f"{name:10} {on:10.0f} {off:11.0f} {keyed:9.0f} {keyed / on - 1:+9.1%}")


def time_requests(
    enabled: str, requests: int, rows: dict[str, list[float]], key: str | None = None
) -> None:
    """Add each target's microseconds a request, rate limits ``enabled`` (true or false), the
    API key sent when given."""
    from service.api.app import create_app

    os.environ.update({**LIMITS_ON, "SCOPA_RATE_LIMIT_ENABLED": enabled})
    app = create_app()
    for target in targets():
        call = partial(wsgi_call, app, target, key)
        for _ in range(200):
            call()
        best = min(timeit.repeat(call, number=requests, repeat=5))
        rows[target.name].append(best / requests * 1e6)


def median_of(runs: list[Figures], pick: Callable[[Figures], float]) -> float:
    """The median of one figure over the runs."""
    return statistics.median(pick(r) for r in runs)


# Rate limits stay on (their cost is part of every request) with a budget no run can spend:
# the default 6000 a minute per client would answer a fast run's later requests with 429s.
LIMITS_ON = {"SCOPA_RATE_LIMIT_ENABLED": "true", "SCOPA_RATE_LIMIT": "10000000/minute"}


def main() -> int:
    """Run the benchmark and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=3.0, help="load per endpoint per run")
    parser.add_argument(
        "--slice", type=float, default=0.5, help="seconds an endpoint is loaded before the next"
    )
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=1, help="gunicorn threads per worker")
    parser.add_argument("--processes", type=int, default=2, help="load generator processes")
    parser.add_argument("--connections", type=int, default=4, help="connections per process")
    parser.add_argument("--in-process", type=int, metavar="N", help="time N requests in process")
    parser.add_argument("--limits", choices=("on", "off"), default="on", help="rate limits")
    parser.add_argument("--baseline", type=Path, help="another checkout served beside this one")
    parser.add_argument("--with-key", action="store_true", help="also serve with API keys on")
    args = parser.parse_args()
    if args.in_process:
        in_process(args.in_process)
        return 0
    endpoints = targets()
    servers = (
        ["this"] + (["baseline"] if args.baseline else []) + (["keys"] if args.with_key else [])
    )
    results: dict[str, dict[str, list[Figures]]] = {
        server: {t.name: [] for t in endpoints} for server in servers
    }
    by_server = dict.fromkeys(servers, endpoints)
    print(
        f"gunicorn {args.workers} worker(s) x {args.threads} thread(s); load: "
        f"{args.processes} process(es) x {args.connections} keep-alive connection(s); "
        f"{args.seconds:g} s per endpoint in turns of {args.slice:g} s; {args.runs} run(s); "
        f"rate limits {args.limits}" + (f"; baseline {args.baseline}" if args.baseline else "")
    )
    env = {**LIMITS_ON, "SCOPA_RATE_LIMIT_ENABLED": str(args.limits == "on").lower()}
    with contextlib.ExitStack() as stack:
        ports = {"this": stack.enter_context(running_gunicorn(args.workers, args.threads, env=env))}
        if args.baseline:
            ports["baseline"] = stack.enter_context(
                running_gunicorn(args.workers, args.threads, env=env, root=args.baseline)
            )
        if args.with_key:
            keys_file, key = stack.enter_context(bench_key())
            keyed = {**env, "SCOPA_API_KEYS_FILE": keys_file}
            ports["keys"] = stack.enter_context(
                running_gunicorn(args.workers, args.threads, env=keyed)
            )
            sent = (("Authorization", f"Bearer {key}"),)
            by_server["keys"] = [replace(t, headers=sent) for t in endpoints]
        pool = stack.enter_context(ProcessPoolExecutor(args.processes))
        for server, port in ports.items():
            for target in by_server[server]:
                load_slice(pool, port, target, args.processes, args.connections, 0.5)  # warm-up
        for run in range(args.runs):
            for server, found in measure_run(pool, ports, by_server, args).items():
                for name, figures in found.items():
                    results[server][name].append(figures)
                    print(
                        f"  run {run + 1} {server:8} {name:8} {figures.rps:8.0f} req/s  "
                        f"p50 {figures.p50_ms:6.2f} ms  p99 {figures.p99_ms:6.2f} ms  "
                        f"failures {figures.failures}"
                    )
    failed = 0
    for server, found in results.items():
        print(f"\n{server}: medians over the runs (the ratio is the median of each run's ratio)")
        print(f"{'endpoint':10} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'vs healthz':>11}")
        for name, runs in found.items():
            ratios = [r.rps / h.rps for r, h in zip(runs, found["healthz"], strict=True)]
            print(
                f"{name:10} {median_of(runs, lambda f: f.rps):8.0f} "
                f"{median_of(runs, lambda f: f.p50_ms):8.2f} "
                f"{median_of(runs, lambda f: f.p99_ms):8.2f} {statistics.median(ratios):10.2f}x"
            )
        failed += sum(f.failures for runs in found.values() for f in runs)
    if failed:
        print(f"{failed} request(s) did not answer 200", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
