"""Advice answers a second per gunicorn worker: this tree against an earlier commit, in one run.

Usage: python -m tests.benchmarks.bench_throughput --before SHA [--rounds 3] [--seconds 20]
(``make bench-throughput`` compares with main before the cheaper-search work.)
Each round serves this tree and the commit's (built by baseline.py) in turn, in alternating
order, under real gunicorn with one sync worker, the advice cache and the rate limits off, and
keeps it busy with two client threads posting distinct positions at the default budget
(scientifico and 2-player scopa, openings, mid-hand and end of hand, each a different deal) for
``--seconds``.
Prints each round's answers a second and mean search time, then the medians and their ratio.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count
from pathlib import Path

from scripts.local_gunicorn import ROOT, call, running_gunicorn
from tests.benchmarks.baseline import build
from tests.benchmarks.bench_advice import POSITIONS, position, request_of

CLIENTS = 2
BODIES = 2000


@dataclass(frozen=True)
class Round:
    """One server's figures in one round."""

    answers_per_s: float
    search_ms: float
    failed: int


def bodies() -> list[dict[str, object]]:
    """Distinct advice requests, the kinds of position in turn, each a fresh deal."""
    found = []
    for seed in range(BODIES // len(POSITIONS)):
        for kind in POSITIONS:
            found.append(request_of(position(kind, 5000 + seed)))
    return found


def load(port: int, requests: list[dict[str, object]], seconds: float) -> Round:
    """Two clients post the requests in turn for ``seconds``; the answers a second."""
    turns: Iterator[int] = count()
    lock = threading.Lock()
    ok: list[float] = []
    failed = [0]
    stop_at = time.perf_counter() + seconds

    def client() -> None:
        while time.perf_counter() < stop_at:
            with lock:
                body = requests[next(turns) % len(requests)]
            status, _, answer = call(port, "POST", "/v1/advice", body, timeout=30)
            with lock:
                if status == 200 and time.perf_counter() <= stop_at:
                    ok.append(answer["stats"]["elapsed_ms"])
                elif status != 200:
                    failed[0] += 1

    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    start = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = min(time.perf_counter(), stop_at) - start
    return Round(len(ok) / elapsed, statistics.mean(ok) if ok else 0.0, failed[0])


def serve_and_load(root: Path, requests: list[dict[str, object]], seconds: float) -> Round:
    """One server of ``root`` (one worker, cache off) under load, after a short warm-up."""
    env = {"SCOPA_ADVICE_CACHE": "false", "SCOPA_RATE_LIMIT_ENABLED": "false"}
    with running_gunicorn(1, 1, env=env, root=root, limit_s=60) as port:
        for body in requests[-len(POSITIONS) :]:
            call(port, "POST", "/v1/advice", body, timeout=30)
        return load(port, requests, seconds)


def main() -> None:
    """Print answers a second per worker, this tree against the commit's, alternated."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", required=True, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    trees = {"this tree": ROOT, args.before[:7]: build(args.before)}
    requests = bodies()
    print(
        f"POST /v1/advice, default budget, 1 sync gunicorn worker, cache off, {CLIENTS} clients, "
        f"{args.seconds:g} s a server, {len(requests)} distinct positions"
    )
    figures: dict[str, list[Round]] = {name: [] for name in trees}
    for index in range(args.rounds):
        order = list(trees) if index % 2 == 0 else list(reversed(trees))
        for name in order:
            found = serve_and_load(trees[name], requests, args.seconds)
            figures[name].append(found)
            print(
                f"round {index + 1} {name}: {found.answers_per_s:.1f} answers/s, "
                f"search {found.search_ms:.1f} ms mean, {found.failed} failed",
                flush=True,
            )
    print("| tree | answers/s per worker (median) | range | mean search ms (median) |")
    print("|---|---|---|---|")
    medians = {}
    for name, rounds in figures.items():
        rates = [r.answers_per_s for r in rounds]
        medians[name] = statistics.median(rates)
        print(
            f"| {name} | {medians[name]:.1f} | {min(rates):.1f}-{max(rates):.1f} "
            f"| {statistics.median(r.search_ms for r in rounds):.1f} |"
        )
    this, before = medians["this tree"], medians[args.before[:7]]
    print(f"ratio this tree / {args.before[:7]}: {this / before:.2f}x")


if __name__ == "__main__":
    main()
