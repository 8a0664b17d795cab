"""The alert rules on a real Prometheus server (Debian's package) scraping the real parts on
loopback: two gunicorn instances (job ``scopa-api``), a scopa-worker (job ``scopa-worker``)
and the jobs' Redis. A quiet run with traffic raises no alert, not even pending; then at once the
jobs' Redis stopped while clients read their jobs raises ``ScopaJobStoreUnreachable`` (which
resolves once Redis is back), and one API instance killed raises ``ScopaApiDown``; then a job
whose webhook receiver answers 410 Gone raises ``ScopaWebhooksAbandoned``. The advice cache's
Redis, stopped with the jobs', raises ``ScopaCacheBreakerOpen``; two tasks of a job lost (taken
off the queue while the worker is frozen) raise ``ScopaRecordsSentAgain`` once the job stalls
and they are sent again. The drill
prints the seconds from each fault to its alert firing, and to its end.

Prometheus scrapes and evaluates every 5 s here (the rules' windows and ``for`` durations are
the shipped ones), so each alert fires within its ``for`` and about two scrapes of its fault.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml

from scripts.local_gunicorn import free_port, running_gunicorn
from service.api.examples import dealt_state, view_json
from tests.api.test_jobs import review_body
from tests.integration.job_workers import call, running_workers, worker_env
from tests.integration.redis_server import RedisServer
from tests.integration.test_embedded_jobs import server_processes
from tests.integration.test_jobs_durability import (
    drop_waiting_tasks,
    durable_redis,
    made,
    review_job,
    served_env,
)
from tests.required_tools import required_tool
from tests.webhooks.receiver import Receiver

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "deploy" / "prometheus" / "scopa-alerts.yml"
STEP_S = 5
# Webhooks to a receiver on loopback, over plain HTTP.
HOOKS = {
    "SCOPA_WEBHOOK_SECRET": "whsec_c2NvcGEtZG9jcy1leGFtcGxlLW9ubHktbm90LWEtc2VjcmV0",
    "SCOPA_WEBHOOK_ALLOW_HTTP": "true",
    "SCOPA_WEBHOOK_ALLOWED_NETWORKS": "127.0.0.0/8",
}


# A cheap advice request: the cache is read (and written) each time.
ADVICE = {
    "rules": "scopa",
    "view": view_json(dealt_state()),
    "budget": {"iterations": 8},
    "seed": 1,
}


@contextmanager
def cache_redis(workdir: Path) -> Iterator[RedisServer]:
    """The advice cache's Redis (nothing on disk), stopped afterwards."""
    cache = RedisServer(workdir)
    cache.start()
    try:
        yield cache
    finally:
        cache.stop()


def prometheus_binary() -> str:
    """Debian's prometheus (which .ci/run installs)."""
    return required_tool("prometheus", "prometheus")


@contextmanager
def running_prometheus(workdir: Path, api_metrics: list[int], worker_metrics: int) -> Iterator[int]:
    """A Prometheus server scraping both jobs every ``STEP_S`` with the shipped rules; its port."""
    port = free_port()
    config = {
        "global": {"scrape_interval": f"{STEP_S}s", "evaluation_interval": f"{STEP_S}s"},
        "rule_files": [str(RULES)],
        "scrape_configs": [
            {
                "job_name": "scopa-api",
                "static_configs": [{"targets": [f"127.0.0.1:{m}" for m in api_metrics]}],
            },
            {
                "job_name": "scopa-worker",
                "static_configs": [{"targets": [f"127.0.0.1:{worker_metrics}"]}],
            },
        ],
    }
    path = workdir / "prometheus.yml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    log = (workdir / "prometheus.log").open("wb")
    process = subprocess.Popen(
        [
            prometheus_binary(),
            f"--config.file={path}",
            f"--storage.tsdb.path={workdir / 'tsdb'}",
            f"--web.listen-address=127.0.0.1:{port}",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while not ready(port):
            assert process.poll() is None and time.monotonic() < deadline, (
                "prometheus did not start"
            )
            time.sleep(0.2)
        yield port
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


def ready(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/-/ready", timeout=2) as answer:
            return bool(answer.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def alerts(port: int) -> dict[str, str]:
    """Each active alert's name and state (pending or firing)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/alerts", timeout=5) as answer:
        found: list[dict[str, Any]] = json.load(answer)["data"]["alerts"]
    return {a["labels"]["alertname"]: a["state"] for a in found}


def targets(port: int) -> list[dict[str, Any]]:
    """The scrape targets' health and last error, for a failure's message."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/targets", timeout=5) as answer:
        found: list[dict[str, Any]] = json.load(answer)["data"]["activeTargets"]
    return [
        {k: t[k] for k in ("scrapeUrl", "health", "lastError", "lastScrapeDuration")} for t in found
    ]


def until(check: Callable[[], bool], limit_s: float, while_waiting: Callable[[], None]) -> float:
    """Seconds until ``check`` holds, doing ``while_waiting`` meanwhile (at most ``limit_s``)."""
    start = time.monotonic()
    while not check():
        assert time.monotonic() - start < limit_s, "not within the limit"
        while_waiting()
        time.sleep(0.5)
    return time.monotonic() - start


class Traffic:
    """A little of every kind of request, each timed: the slowest and the failures kept."""

    def __init__(self, port: int, job_path: str) -> None:
        self.port = port
        self.calls: tuple[tuple[str, str, Any], ...] = (
            ("GET", "/v1/rules", None),
            ("GET", job_path, None),
            ("POST", "/v1/advice", ADVICE),
        )
        self.slowest_s = 0.0
        self.failures: list[str] = []

    def __call__(self) -> None:
        for method, path, body in self.calls:
            start = time.monotonic()
            try:
                call(self.port, method, path, body)
            except OSError as error:
                self.failures.append(f"{path}: {error!r}")
            self.slowest_s = max(self.slowest_s, time.monotonic() - start)


@pytest.mark.timeout(600)
def test_the_alerts_fire_on_their_faults_and_not_on_a_quiet_run(tmp_path: Path) -> None:
    metrics = [free_port(), free_port()]
    (tmp_path / "cache").mkdir()
    with durable_redis(tmp_path) as redis, cache_redis(tmp_path / "cache") as cache:
        cached = {"REDIS_URL": cache.url, "SCOPA_ADVICE_CACHE": "true"}
        env = [
            {**served_env(redis), **cached, **HOOKS, "SCOPA_METRICS_PORT": str(m)} for m in metrics
        ]
        stall = {"SCOPA_JOB_STALL_S": "5"}
        workers = running_workers(1, worker_env(redis.url, **HOOKS, **stall), tmp_path)
        log = tmp_path / "gunicorn.log"
        with (
            running_gunicorn(workers=1, threads=4, env=env[0], log_path=log) as port,
            running_gunicorn(workers=1, threads=2, env=env[1]) as victim,
            workers as started,
        ):
            worker_port = started[0].metrics_port
            with running_prometheus(tmp_path, metrics, worker_port) as prom:
                job = made(port, review_job(4))
                send = Traffic(port, job["links"]["self"])
                # Targets are found a few seconds after the start, and until all are scraped no
                # worker is seen up (ScopaWorkersDown pending): the quiet run starts after.
                all_up = lambda: [t["health"] for t in targets(prom)] == ["up"] * 3  # noqa: E731
                until(lambda: all_up() and alerts(prom) == {}, 60, send)
                # Quiet: a minute of traffic, every target up, nothing pending or firing.
                quiet_until = time.monotonic() + 60
                while time.monotonic() < quiet_until:
                    send()
                    assert alerts(prom) == {}, (alerts(prom), targets(prom))
                    time.sleep(1)
                # At once: the jobs' Redis and the cache's stopped while clients read their jobs
                # and ask for advice through one API instance, and the other instance killed
                # (master and workers).
                redis.stop()
                cache.stop()
                for pid in server_processes(victim):
                    os.kill(pid, signal.SIGKILL)
                faults = ("ScopaApiDown", "ScopaJobStoreUnreachable", "ScopaCacheBreakerOpen")
                fired = firing_times(prom, faults, send)
                redis.start()
                cache.start()
                store_end_s = until(
                    lambda: "ScopaJobStoreUnreachable" not in alerts(prom), 240, send
                )
                # Then a job whose receiver is gone for good (410): its webhook is abandoned.
                with Receiver([410]) as gone:
                    made(port, {"review": review_body(1), "callback_url": gone.url})
                    hook_s = firing_times(prom, ("ScopaWebhooksAbandoned",), send)
                # Then a job two of whose tasks are lost while the worker is frozen: once it
                # stalls with no task waiting, they are sent again.
                worker = started[0].process
                worker.send_signal(signal.SIGSTOP)
                made(port, review_job(4))
                assert drop_waiting_tasks(redis, 2) == 2
                worker.send_signal(signal.SIGCONT)
                resent_s = firing_times(prom, ("ScopaRecordsSentAgain",), send)
    store_s, down_s = fired["ScopaJobStoreUnreachable"], fired["ScopaApiDown"]
    breaker_s = fired["ScopaCacheBreakerOpen"]
    print(
        f"\n[drill] prometheus: quiet 60 s, no alert; ScopaJobStoreUnreachable firing "
        f"{store_s:.0f} s after the jobs' Redis stopped (for: 2m), resolved {store_end_s:.0f} s "
        f"after it came back; ScopaApiDown firing {down_s:.0f} s after an API instance was "
        f"killed (for: 1m); ScopaCacheBreakerOpen firing {breaker_s:.0f} s after the cache's "
        f"Redis stopped; ScopaWebhooksAbandoned firing "
        f"{hook_s['ScopaWebhooksAbandoned']:.0f} s after a job whose receiver answers 410 was "
        f"made; ScopaRecordsSentAgain firing {resent_s['ScopaRecordsSentAgain']:.0f} s after two "
        f"tasks of a job were lost (SCOPA_JOB_STALL_S 5); scrape and evaluation every {STEP_S} "
        f"s; slowest request "
        f"{send.slowest_s:.2f} s, failed requests {len(send.failures)}"
    )
    assert store_s >= 120 and down_s >= 60
    assert not send.failures, (send.failures, log.read_text(errors="replace")[-3000:])


def firing_times(
    port: int, names: tuple[str, ...], while_waiting: Callable[[], None], limit_s: float = 240
) -> dict[str, float]:
    """Seconds until each named alert fires, doing ``while_waiting`` meanwhile."""
    start = time.monotonic()
    found: dict[str, float] = {}
    while len(found) < len(names):
        assert time.monotonic() - start < limit_s, (found, alerts(port))
        now = alerts(port)
        for name in names:
            if name not in found and now.get(name) == "firing":
                found[name] = time.monotonic() - start
        while_waiting()
        time.sleep(0.5)
    return found
