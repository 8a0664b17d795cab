"""Load benchmark and soak of the API under real gunicorn, with a real Redis (loopback only).

  python -m tests.benchmarks.bench_load load      # max req/s, then p50/p99 at a fixed rate
  python -m tests.benchmarks.bench_load soak      # mixed load at 80 % of max; RSS per worker
  python -m tests.benchmarks.bench_load workers   # sync vs gthread: /healthz during a search

The load generator is Python: threads, each with one keep-alive http.client connection.
Maximum rate: closed loop (each connection sends its next request when the last answers).
Fixed rate: requests are scheduled at start + i/rate and latency counts from the scheduled
time, so a stall shows up in the percentiles instead of slowing the sender down.
Every run is bounded in time; figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import itertools
import json
import os
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from scripts.local_gunicorn import HOST, free_port, running_gunicorn
from service.api.advice.views import example_request
from service.api.examples import dealt_state, finished_state
from service.engine import codec
from service.engine.cards import codes

DEFAULT_REDIS = "redis://127.0.0.1:6379/15"
HEADERS = {"Content-Type": "application/json"}


@dataclass
class Target:
    """An endpoint under load: a path and a body for the i-th request."""

    name: str
    path: str
    body: Callable[[int], bytes]
    connections: int


@dataclass
class Outcome:
    """What a run saw: latencies (s) of answered requests and a count per status."""

    latencies: list[float] = field(default_factory=list)
    statuses: collections.Counter[int] = field(default_factory=collections.Counter)
    errors: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> int:
        return self.statuses[200]

    @property
    def failed(self) -> int:
        return sum(n for s, n in self.statuses.items() if s != 200) + self.errors

    def record(self, status: int | None, elapsed: float) -> None:
        """Count one request: a connection error when there is no status, else its latency."""
        if status is None:
            self.errors += 1
        else:
            self.statuses[status] += 1
            self.latencies.append(elapsed)

    def percentile(self, q: float) -> float:
        """The q-th percentile latency in ms."""
        if len(self.latencies) < 2:
            return float("nan")
        return statistics.quantiles(self.latencies, n=1000)[round(q * 10) - 1] * 1000


def fixed(body: dict[str, object]) -> Callable[[int], bytes]:
    encoded = json.dumps(body).encode()
    return lambda _: encoded


def advice_body(seed: int, iterations: int) -> bytes:
    request = {**example_request(), "budget": {"iterations": iterations}, "seed": seed}
    return json.dumps(request).encode()


def targets(workers: int, iterations: int) -> dict[str, Target]:
    """moves, score, advice with a unique seed per request (miss) and a fixed body (hit)."""
    final = finished_state()
    piles = [{"cards": codes(p), "scope": s} for p, s in zip(final.piles, final.scope, strict=True)]
    run_salt = random.Random().randrange(1 << 30)  # a new run never hits an old run's entries
    return {
        "moves": Target(
            "moves", "/v1/moves", fixed({"state": codec.state_to_dict(dealt_state())}), 8
        ),
        "score": Target(
            "score",
            "/v1/score",
            fixed({"rules": "scopa", "piles": piles, "match": {"scores": [3, 4]}}),
            8,
        ),
        # One search per worker: more connections than workers would only measure 503s.
        "advice-miss": Target(
            "advice-miss",
            "/v1/advice",
            lambda i: advice_body(run_salt * 1_000_000 + i, iterations),
            workers,
        ),
        "advice-hit": Target("advice-hit", "/v1/advice", lambda _: advice_body(7, iterations), 8),
    }


def _send(
    connection: http.client.HTTPConnection, path: str, body: bytes
) -> tuple[http.client.HTTPConnection, int | None]:
    try:
        connection.request("POST", path, body=body, headers=HEADERS)
        response = connection.getresponse()
        response.read()
        return connection, response.status
    except (OSError, http.client.HTTPException):
        connection.close()
        return http.client.HTTPConnection(HOST, connection.port, timeout=30), None


def closed_loop(
    port: int, pick: Callable[[int], Target], connections: int, seconds: float
) -> Outcome:
    """Every connection sends back to back for ``seconds``: the maximum rate."""
    outcome = Outcome()
    lock = threading.Lock()
    counter = itertools.count()
    until = time.perf_counter() + seconds

    def worker() -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        while time.perf_counter() < until:
            i = next(counter)
            target = pick(i)
            start = time.perf_counter()
            connection, status = _send(connection, target.path, target.body(i))
            elapsed = time.perf_counter() - start
            with lock:
                outcome.record(status, elapsed)
        connection.close()

    began = time.perf_counter()
    _run_threads(worker, connections)
    outcome.seconds = time.perf_counter() - began
    return outcome


def fixed_rate(
    port: int,
    pick: Callable[[int], Target],
    rate: float,
    seconds: float,
    connections: int,
    on_tick: Callable[[], None] | None = None,
) -> Outcome:
    """Send request i at start + i/rate on whichever connection is free; latency from then."""
    outcome = Outcome()
    lock = threading.Lock()
    counter = itertools.count()
    total = int(rate * seconds)
    start = time.perf_counter() + 0.05

    def worker() -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        while (i := next(counter)) < total:
            scheduled = start + i / rate
            delay = scheduled - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            target = pick(i)
            connection, status = _send(connection, target.path, target.body(i))
            elapsed = time.perf_counter() - scheduled
            with lock:
                outcome.record(status, elapsed)
        connection.close()

    ticker_stop = threading.Event()
    if on_tick is not None:
        threading.Thread(target=_tick, args=(on_tick, ticker_stop), daemon=True).start()
    began = time.perf_counter()
    _run_threads(worker, connections)
    outcome.seconds = time.perf_counter() - began
    ticker_stop.set()
    return outcome


def _tick(action: Callable[[], None], stop: threading.Event, every_s: float = 30) -> None:
    while not stop.wait(every_s):
        action()


def _run_threads(work: Callable[[], None], count: int) -> None:
    threads = [threading.Thread(target=work) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def server_env(redis_url: str, multiproc_dir: str, **extra: str) -> dict[str, str]:
    """Settings of the benchmarked server: a rate limit no benchmark client reaches."""
    return {
        "REDIS_URL": redis_url,
        "SCOPA_RATE_LIMIT": "100000000/minute",
        "PROMETHEUS_MULTIPROC_DIR": multiproc_dir,
        **extra,
    }


@contextmanager
def server(workers: int, threads: int, redis_url: str, **extra: str) -> Iterator[int]:
    with (
        tempfile.TemporaryDirectory(prefix="bench-metrics-") as directory,
        running_gunicorn(workers, threads, env=server_env(redis_url, directory, **extra)) as port,
    ):
        yield port


def report(label: str, outcome: Outcome) -> None:
    rate = outcome.ok / outcome.seconds if outcome.seconds else 0.0
    others = {s: n for s, n in outcome.statuses.items() if s != 200}
    print(
        f"  {label:<34} {rate:8.1f} ok/s  p50 {outcome.percentile(50):7.2f} ms  "
        f"p99 {outcome.percentile(99):7.2f} ms  n={outcome.ok}  "
        f"non-200={others or 0}  errors={outcome.errors}",
        flush=True,
    )


def measure(port: int, target: Target, seconds: float, fraction: float) -> None:
    """The maximum rate of one target, then its latency at ``fraction`` of that rate."""
    maximum = closed_loop(port, lambda _: target, target.connections, seconds)
    report(f"{target.name} max ({target.connections} conn)", maximum)
    rate = fraction * maximum.ok / maximum.seconds
    steady = fixed_rate(port, lambda _: target, rate, seconds, max(target.connections, 4))
    report(f"{target.name} at {rate:.0f}/s ({fraction:.0%})", steady)


def run_load(args: argparse.Namespace) -> None:
    chosen = targets(args.workers, args.iterations)
    print(
        f"gunicorn gthread {args.workers} workers x {args.threads} threads; Redis {args.redis_url};"
        f" {args.seconds:.0f} s per run; advice budget {args.iterations} iterations",
        flush=True,
    )
    with server(args.workers, args.threads, args.redis_url) as port:
        for name in ("moves", "score", "advice-miss", "advice-hit"):
            measure(port, chosen[name], args.seconds, args.fraction)
    closed = f"redis://127.0.0.1:{free_port()}/0"
    print(f"Redis stopped (REDIS_URL={closed}, nothing listening):", flush=True)
    with server(args.workers, args.threads, closed) as port:
        for name in ("advice-miss", "advice-hit"):
            measure(port, chosen[name], args.seconds, args.fraction)


def gunicorn_pids(port: int) -> tuple[int, list[int]]:
    """The gunicorn master bound to ``port`` and its worker pids, from /proc."""
    bind = f"{HOST}:{port}"
    found: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if "gunicorn" in command and bind in command:
            found[int(entry.name)] = parent
    masters = [pid for pid, parent in found.items() if parent not in found]
    if len(masters) != 1:
        raise RuntimeError(f"cannot tell the gunicorn master from {found}")
    master = masters[0]
    return master, sorted(pid for pid, parent in found.items() if parent == master)


def rss_kib(pid: int) -> int:
    """Resident memory of a process in KiB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for {pid}")


def rss_line(port: int) -> str:
    _, workers = gunicorn_pids(port)
    return ", ".join(f"{pid}: {rss_kib(pid) / 1024:.1f} MiB" for pid in workers)


def run_soak(args: argparse.Namespace) -> None:
    chosen = targets(args.workers, args.iterations)
    # The mix by request: mostly legal moves and scores, some advice, a few cache misses.
    mix = ["moves"] * 10 + ["score"] * 6 + ["advice-hit"] * 3 + ["advice-miss"]
    order = random.Random(5)
    sequence = [chosen[order.choice(mix)] for _ in range(4096)]

    def pick(i: int) -> Target:
        return sequence[i % len(sequence)]

    # No worker recycling during the soak, so a leak would show in the workers' RSS.
    extra = {"GUNICORN_MAX_REQUESTS": "0"}
    with server(args.workers, args.threads, args.redis_url, **extra) as port:
        probe = closed_loop(port, pick, 8, args.probe_seconds)
        report("mixed max", probe)
        rate = args.fraction * probe.ok / probe.seconds
        print(f"soak: {args.seconds:.0f} s at {rate:.0f}/s ({args.fraction:.0%} of max)")
        print(f"  RSS per worker at start: {rss_line(port)}", flush=True)
        outcome = fixed_rate(
            port,
            pick,
            rate,
            args.seconds,
            8,
            on_tick=lambda: print(f"  RSS per worker now: {rss_line(port)}", flush=True),
        )
        print(f"  RSS per worker at end:   {rss_line(port)}")
        report("soak", outcome)
        print(f"  failed requests: {outcome.failed} of {outcome.ok + outcome.failed}")


def health_during_search(port: int, search_ms: int, probes: int) -> list[float]:
    """Latencies (ms) of /healthz polled while one long advice search runs."""
    body = json.dumps(
        {
            **example_request(),
            "budget": {"ms": search_ms},
            "seed": random.Random().randrange(1 << 62),
        }
    ).encode()
    done = threading.Event()

    def search() -> None:
        connection = http.client.HTTPConnection(HOST, port, timeout=60)
        _send(connection, "/v1/advice", body)
        connection.close()
        done.set()

    thread = threading.Thread(target=search)
    thread.start()
    time.sleep(0.2)  # the search has started
    latencies: list[float] = []
    for _ in range(probes):
        if done.is_set():
            break
        connection = http.client.HTTPConnection(HOST, port, timeout=60)
        start = time.perf_counter()
        connection.request("GET", "/healthz")
        connection.getresponse().read()
        latencies.append((time.perf_counter() - start) * 1000)
        connection.close()
        time.sleep(0.05)
    thread.join()
    return latencies


def run_workers(args: argparse.Namespace) -> None:
    print(f"/healthz while one {args.search_ms} ms advice search runs (Redis {args.redis_url})")
    for workers in (1, 2):
        for kind, threads in (("sync", 1), ("gthread", 4)):
            extra = {"GUNICORN_CMD_ARGS": f"--worker-class {kind}"}
            with server(workers, threads, args.redis_url, **extra) as port:
                latencies = health_during_search(port, args.search_ms, probes=20)
            if not latencies:
                print(f"  {kind:<8} workers={workers}: no probe while the search ran")
                continue
            print(
                f"  {kind:<8} workers={workers} threads={threads}: {len(latencies)} probes, "
                f"median {statistics.median(latencies):7.1f} ms, max {max(latencies):7.1f} ms",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("mode", choices=["load", "soak", "workers"])
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--probe-seconds", type=float, default=10)
    parser.add_argument("--fraction", type=float, default=None)
    parser.add_argument("--iterations", type=int, default=16, help="advice budget")
    parser.add_argument("--search-ms", type=int, default=2000)
    args = parser.parse_args()
    if args.mode == "load":
        args.seconds = args.seconds or 5
        args.fraction = args.fraction or 0.5
        run_load(args)
    elif args.mode == "soak":
        args.seconds = args.seconds or 600
        args.fraction = args.fraction or 0.8
        run_soak(args)
    else:
        run_workers(args)


if __name__ == "__main__":
    main()
