"""The overload drill: many clients asking for advice at once from the default gunicorn.

``--clients`` closed-loop clients (64) send cache-missing advice requests (every request the
opening of a new two-player deal, searched with the default budget, 50 ms) to gunicorn with its
default workers, threads and warm-up, once every worker is ready, for ``--seconds`` (20); a
client told 503 waits its ``Retry-After``, as the contract asks. Beside them a prober asks
``/healthz`` every 250 ms on a fresh connection, as the Kubernetes probes of deploy/k8s do: on
the monitoring port, where the gunicorn master answers (and, for the record, on the app's port,
where a worker does, and ``/readyz`` on the monitoring port). The drill passes when the
monitoring probe's p99 is under 100 ms and no probe there takes 1 s, every advice answer is a
200 or a 503 with ``Retry-After``, every 200 took the server no longer than its budget plus
the advisor's grace and the queue time (``SCOPA_ADVICE_QUEUE_MS``), by the server's request
log (the clients' own times also count the load generator's waits for the CPU it shares with
the server, and are reported), and no request fails to connect or times out. It prints the
throughput, the latencies, the share of requests shed, and the probes.

Run: ``make drill-overload`` (``python -m tests.benchmarks.drill_overload``); CI runs a short
form (tests/integration/test_overload.py). The machine is shared with the load generator: read
the figures as what this machine gave, the checks as the contract.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from scripts.local_gunicorn import (
    HOST,
    METRICS_PORT_ENV,
    free_port,
    running_gunicorn,
    wait_until_workers_ready,
)
from service.api.advice.advising import budget_of
from service.api.examples import view_json
from service.config import DEFAULTS
from service.engine.presets import make_rules
from service.engine.state import deal
from service.search.advisor import FLOOR_GRACE_MS

PROBE_EVERY_S = 0.25
PROBE_TIMEOUT_S = 2.0
CLIENT_TIMEOUT_S = 30.0
PROBE_P99_MS = 100.0
PROBE_MAX_MS = 1000.0
READY_WITHIN_S = 60.0
# Rate limits out of the way: every client shares one address.
SERVER_ENV = {"SCOPA_RATE_LIMIT": "10000000/minute"}


@dataclass
class Outcomes:
    """What one load process saw."""

    ok_ms: list[float] = field(default_factory=list)
    shed_ms: list[float] = field(default_factory=list)
    shed_without_retry_after: int = 0
    other: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def request_body(seed: int) -> bytes:
    """An advice request about the opening of the deal of ``seed`` (a cache miss)."""
    view = view_json(deal(make_rules("scopa"), seed))
    return json.dumps({"rules": "scopa", "view": view, "seed": seed}).encode()


def client(port: int, until: float, seeds: itertools.count[int], found: Outcomes) -> None:
    """One closed-loop client on its own keep-alive connection until ``until``."""
    connection = http.client.HTTPConnection(HOST, port, timeout=CLIENT_TIMEOUT_S)
    headers = {"Content-Type": "application/json"}
    while time.monotonic() < until:
        body = request_body(next(seeds))
        start = time.perf_counter()
        try:
            connection.request("POST", "/v1/advice", body=body, headers=headers)
            response = connection.getresponse()
            response.read()
        except (OSError, http.client.HTTPException) as error:
            found.errors.append(repr(error))
            connection.close()
            connection = http.client.HTTPConnection(HOST, port, timeout=CLIENT_TIMEOUT_S)
            continue
        took_ms = (time.perf_counter() - start) * 1000.0
        if response.status == 200:
            found.ok_ms.append(took_ms)
        elif response.status == 503:
            found.shed_ms.append(took_ms)
            retry = response.getheader("Retry-After")
            if retry is None:
                found.shed_without_retry_after += 1
            else:
                time.sleep(min(float(retry), max(0.0, until - time.monotonic())))
        else:
            found.other.append(str(response.status))
    connection.close()


def load_process(port: int, clients: int, seconds: float, first_seed: int) -> Outcomes:
    """``clients`` client threads of one process for ``seconds``."""
    found = Outcomes()
    until = time.monotonic() + seconds
    seeds = itertools.count(first_seed)
    threads = [
        threading.Thread(target=client, args=(port, until, seeds, found)) for _ in range(clients)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return found


@dataclass
class Probes:
    """What one probed address answered: milliseconds each took, and the answers not 200."""

    name: str
    took_ms: list[float] = field(default_factory=list)
    not_ok: list[str] = field(default_factory=list)

    def line(self) -> str:
        """The probes as text."""
        refused = f", {len(self.not_ok)} not 200" if self.not_ok else ""
        return (
            f"{self.name} probes: p50 {percentile(self.took_ms, 0.5):.1f} ms, p99 "
            f"{percentile(self.took_ms, 0.99):.1f} ms, max {max(self.took_ms, default=0):.1f} ms"
            f"{refused}"
        )


def ask(port: int, path: str) -> tuple[float, str | None]:
    """GET ``path`` on a fresh connection: the milliseconds it took, and what went wrong."""
    start = time.perf_counter()
    connection = http.client.HTTPConnection(HOST, port, timeout=PROBE_TIMEOUT_S)
    problem: str | None = None
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        if response.status != 200:
            problem = str(response.status)
    except (OSError, http.client.HTTPException) as error:
        problem = repr(error)
    finally:
        connection.close()
    return (time.perf_counter() - start) * 1000.0, problem


def probe(targets: list[tuple[int, str, Probes]], until: float) -> None:
    """Ask every target every PROBE_EVERY_S, one after the other, until ``until``."""
    while time.monotonic() < until:
        start = time.perf_counter()
        for port, path, found in targets:
            took_ms, problem = ask(port, path)
            found.took_ms.append(took_ms)
            if problem is not None:
                found.not_ok.append(problem)
        time.sleep(max(0.0, PROBE_EVERY_S - (time.perf_counter() - start)))


def server_durations(log: Path) -> list[float]:
    """The milliseconds the server took for each advice request it answered 200, from its
    request log (JSON lines)."""
    durations = []
    for line in log.read_text(errors="replace").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("path") == "/v1/advice" and entry.get("status") == 200:
            durations.append(float(entry["duration_ms"]))
    return durations


@dataclass(frozen=True)
class Report:
    """The drill's figures and whether it passed."""

    seconds: float
    ok: int
    shed: int
    ok_p50_ms: float
    ok_p99_ms: float
    ok_max_ms: float
    server_p99_ms: float
    server_max_ms: float
    probes: list[Probes]
    failures: list[str]

    @property
    def passed(self) -> bool:
        """Whether every check held."""
        return not self.failures

    def lines(self) -> list[str]:
        """The report as text."""
        total = self.ok + self.shed
        return [
            f"advice answered 200: {self.ok} ({self.ok / self.seconds:.1f}/s), p50 "
            f"{self.ok_p50_ms:.0f} ms, p99 {self.ok_p99_ms:.0f} ms, max {self.ok_max_ms:.0f} ms "
            f"at the clients; p99 {self.server_p99_ms:.0f} ms, max {self.server_max_ms:.0f} ms "
            "in the server",
            f"shed (503 with Retry-After): {self.shed} ({self.shed / max(total, 1):.0%} of "
            f"{total})",
            *(found.line() for found in self.probes),
            "passed" if self.passed else "FAILED: " + "; ".join(self.failures[:10]),
        ]


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of the values (0 when there are none)."""
    if len(values) < 2:
        return values[0] if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[round(share * 100) - 1]


def run_drill(
    seconds: float = 20.0, clients: int = 64, processes: int = 2, env: dict[str, str] | None = None
) -> Report:
    """Run the drill against a fresh default gunicorn; its report."""
    metrics_port = free_port()
    server_env = {
        **SERVER_ENV,
        "SCOPA_WARMUP": "true",
        METRICS_PORT_ENV: str(metrics_port),
        **(env or {}),
    }
    liveness = Probes("/healthz (monitoring port, the probes' target)")
    app_liveness = Probes("/healthz (app port, for the record)")
    readiness = Probes("/readyz (monitoring port, for the record)")
    log = Path(tempfile.mkdtemp(prefix="drill-overload-")) / "gunicorn.log"
    with (
        running_gunicorn(None, None, env=server_env, log_path=log) as port,
        ProcessPoolExecutor(processes) as pool,
    ):
        wait_until_workers_ready(metrics_port, limit_s=READY_WITHIN_S)
        per_process = [clients // processes + (i < clients % processes) for i in range(processes)]
        futures = [
            pool.submit(load_process, port, count, seconds, 1_000_000 * (i + 1))
            for i, count in enumerate(per_process)
        ]
        targets = [
            (metrics_port, "/healthz", liveness),
            (port, "/healthz", app_liveness),
            (metrics_port, "/readyz", readiness),
        ]
        probe(targets, time.monotonic() + seconds)
        outcomes = [f.result() for f in futures]
    ok = [x for o in outcomes for x in o.ok_ms]
    shed = [x for o in outcomes for x in o.shed_ms]
    default = budget_of(None, DEFAULTS, "budget", make_rules("scopa"))
    bound_ms = (default.ms or 0) + FLOOR_GRACE_MS + DEFAULTS["ADVICE_QUEUE_MS"]
    failures = [f"probe {p}" for p in liveness.not_ok]
    failures += [f"client {e}" for o in outcomes for e in o.errors]
    failures += [f"status {s}" for o in outcomes for s in o.other]
    failures += ["a 503 without Retry-After"] * sum(o.shed_without_retry_after for o in outcomes)
    served = server_durations(log)
    log.unlink()
    log.parent.rmdir()
    slow = [x for x in served if x > bound_ms]
    if slow:
        failures.append(f"{len(slow)} answers over {bound_ms} ms (max {max(slow):.0f} ms)")
    if len(served) != len(ok):
        failures.append(f"{len(ok)} answers at the clients, {len(served)} in the server's log")
    p99_ms = percentile(liveness.took_ms, 0.99)
    if p99_ms >= PROBE_P99_MS:
        failures.append(f"probe p99 {p99_ms:.0f} ms >= {PROBE_P99_MS:.0f} ms")
    if max(liveness.took_ms, default=0.0) >= PROBE_MAX_MS:
        failures.append(f"a probe took {max(liveness.took_ms):.0f} ms")
    if not ok:
        failures.append("no advice answered")
    return Report(
        seconds=seconds,
        ok=len(ok),
        shed=len(shed),
        ok_p50_ms=percentile(ok, 0.5),
        ok_p99_ms=percentile(ok, 0.99),
        ok_max_ms=max(ok, default=0.0),
        server_p99_ms=percentile(served, 0.99),
        server_max_ms=max(served, default=0.0),
        probes=[liveness, app_liveness, readiness],
        failures=failures,
    )


def main(argv: list[str] | None = None) -> int:
    """Run the drill and print its report; exit 1 when a check failed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", type=int, default=64)
    parser.add_argument("--processes", type=int, default=2, help="load generator processes")
    args = parser.parse_args(argv)
    print(f"overload drill: {args.clients} clients for {args.seconds:g} s, default gunicorn")
    report = run_drill(args.seconds, args.clients, args.processes)
    for line in report.lines():
        print(line)
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())
