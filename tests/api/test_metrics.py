"""Metrics: request, cache, search, busy, rate-limit and build-info metrics, and their server."""

from __future__ import annotations

import os
import platform
import subprocess
import sys
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from flask.testing import FlaskClient
from prometheus_client import CollectorRegistry, Counter
from prometheus_client.parser import text_string_to_metric_families
from werkzeug.test import Client

import service
from service.api.app import create_app
from service.api.http import metrics
from service.api.http.metrics import attach_cache_metrics, metric_value, record_busy, record_search
from service.api.http.metrics_dir import MULTIPROC_ENV, prepare_directory
from service.api.http.monitoring_server import (
    metrics_host,
    monitoring_app,
    multiprocess_registry,
    start_monitoring_server,
)
from service.cache import OUTCOMES, AdviceCache, CacheSettings, MemoryBackend
from service.search import SearchStats
from service.search.kernel.backend import active_backend
from tests.cache.conftest import FakeClock, FlakyBackend
from tests.integration.redis_server import free_port

HINT = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}
ROOT = Path(__file__).resolve().parents[2]


def scrape(client: FlaskClient) -> str:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.content_type.startswith("text/plain")
    return response.get_data(as_text=True)


def test_metrics_parse_and_count_requests_by_url_rule_and_status(client: FlaskClient) -> None:
    moves_ok = {"method": "POST", "endpoint": "/v1/moves", "status": "200"}
    moves_bad = {"method": "POST", "endpoint": "/v1/moves", "status": "422"}
    before = scrape(client)
    for _ in range(3):
        assert client.post("/v1/moves", json=HINT).status_code == 200
    assert client.post("/v1/moves", json={"rules": "scopa"}).status_code == 422
    assert client.get("/no/such/page/42").status_code == 404
    after = scrape(client)

    names = {family.name for family in text_string_to_metric_families(after)}
    assert {"scopa_http_requests", "scopa_http_request_duration_seconds"} <= names
    count = "scopa_http_requests_total"
    assert metric_value(after, count, moves_ok) - metric_value(before, count, moves_ok) == 3
    assert metric_value(after, count, moves_bad) - metric_value(before, count, moves_bad) == 1
    # The raw path never becomes a label value: unmatched paths share one marker.
    assert "/no/such/page/42" not in after
    assert metric_value(after, count, {"endpoint": metrics.UNMATCHED, "status": "404"}) >= 1
    latency = "scopa_http_request_duration_seconds_count"
    grown = metric_value(after, latency, moves_ok) - metric_value(before, latency, moves_ok)
    assert grown == 3


def test_build_info_names_version_python_and_kernel(client: FlaskClient) -> None:
    text = scrape(client)
    labels = {
        "version": service.__version__,
        "python": platform.python_version(),
        "kernel": active_backend(),
    }
    assert metric_value(text, "scopa_build_info", labels) == 1
    assert active_backend() in {"compiled", "python"}


def test_one_version_for_the_package_the_spec_and_the_metrics(client: FlaskClient) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = pyproject["project"]["version"]
    assert service.__version__ == declared
    assert client.get("/openapi.json").get_json()["info"]["version"] == declared
    assert f'version="{declared}"' in scrape(client)


def test_search_and_busy_are_counted(client: FlaskClient) -> None:
    before = scrape(client)
    stats = SearchStats(
        worlds=40, playouts=400, nodes=0, elapsed_ms=25.0, algorithm="pimc", budget={"ms": 25}
    )
    record_search(stats)
    record_search(stats)
    record_busy()
    after = scrape(client)

    def grew(name: str) -> float:
        return metric_value(after, name) - metric_value(before, name)

    assert grew("scopa_searches_total") == 2
    assert grew("scopa_search_worlds_total") == 80
    assert grew("scopa_search_playouts_total") == 800
    assert grew("scopa_search_duration_seconds_count") == 2
    assert grew("scopa_busy_rejections_total") == 1


def test_cache_lookups_add_up_and_breaker_changes_are_apart(client: FlaskClient) -> None:
    clock, flaky = FakeClock(), FlakyBackend()
    settings = CacheSettings(breaker_failures=2, breaker_cooldown_s=5.0)
    cache = AdviceCache(flaky, settings, engine_version="t", clock=clock, sleep=clock.sleep)
    attach_cache_metrics(cache)
    attach_cache_metrics(cache)  # a second attach must not double-count
    before = scrape(client)
    cache.get_or_compute({"n": 1}, lambda: 1)  # miss
    cache.get_or_compute({"n": 1}, lambda: 1)  # hit
    flaky.down = True
    for n in range(2, 6):
        cache.get_or_compute({"n": n}, lambda: 1)  # error, error (opens), bypass, bypass
    flaky.down = False
    clock.advance(5)
    cache.get_or_compute({"n": 1}, lambda: 1)  # half-open probe: hit, closes
    after = scrape(client)

    def grew(name: str, **labels: str) -> float:
        return metric_value(after, name, labels) - metric_value(before, name, labels)

    lookups = {o: grew("scopa_cache_lookups_total", outcome=o) for o in OUTCOMES}
    assert lookups == {"hit": 2, "coalesced": 0, "miss": 1, "bypass": 2, "error": 2}
    assert sum(lookups.values()) == 7  # one outcome per lookup
    assert grew("scopa_cache_breaker_transitions_total", state="open") == 1
    assert grew("scopa_cache_breaker_transitions_total", state="half_open") == 1
    assert grew("scopa_cache_breaker_transitions_total", state="closed") == 1
    assert grew("scopa_redis_errors_total", component="cache") == 2
    # Every label value exists from the start, so ratios need no first event.
    for outcome in OUTCOMES:
        assert f'scopa_cache_lookups_total{{outcome="{outcome}"}}' in before
    assert "scopa_cache_events" not in after


def test_a_cache_stored_on_the_app_is_attached() -> None:
    cache = AdviceCache(MemoryBackend(8), CacheSettings(), engine_version="t")
    app = create_app({"TESTING": True})
    app.extensions["test_cache"] = cache
    metrics.attach_app_caches(app)
    client = app.test_client()
    before = scrape(client)
    cache.get_or_compute({"x": 1}, lambda: 1)
    after = scrape(client)
    name, labels = "scopa_cache_lookups_total", {"outcome": "miss"}
    assert metric_value(after, name, labels) - metric_value(before, name, labels) == 1


def test_metrics_are_not_rate_limited() -> None:
    client = create_app({"TESTING": True, "RATE_LIMIT": "2/minute"}).test_client()
    for _ in range(5):
        scrape(client)


def test_in_multiprocess_mode_the_app_has_no_metrics_route(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(MULTIPROC_ENV, str(tmp_path))
    client = create_app({"TESTING": True}).test_client()
    assert client.get("/metrics").status_code == 404
    assert client.get("/healthz").status_code == 200


WORKER = """
from prometheus_client import Counter
Counter("demo_requests", "demo", ["worker"]).labels(worker="any").inc({count})
"""


def run_worker(directory: Path, count: int) -> None:
    """A separate process writing a counter into ``directory``, as a gunicorn worker does."""
    env = {**os.environ, MULTIPROC_ENV: str(directory)}
    subprocess.run([sys.executable, "-c", WORKER.format(count=count)], env=env, check=True)


def test_the_metrics_server_sums_every_process_at_metrics_only(tmp_path: Path) -> None:
    directory = prepare_directory(str(tmp_path / "prom"), {}).path
    run_worker(directory, 2)
    run_worker(directory, 3)
    assert len(list(directory.glob("counter_*.db"))) == 2
    server = start_monitoring_server("127.0.0.1", free_port(), multiprocess_registry(directory))
    try:
        url = f"http://127.0.0.1:{server.port}"
        with urllib.request.urlopen(f"{url}/metrics", timeout=5) as response:
            text = response.read().decode()
        assert metric_value(text, "demo_requests_total", {"worker": "any"}) == 5
        with pytest.raises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(f"{url}/", timeout=5)
        caught.value.close()
        assert caught.value.code == 404
    finally:
        server.stop()


def test_the_monitoring_wsgi_app_serves_a_registry() -> None:
    registry = CollectorRegistry()
    Counter("one_thing", "a thing", registry=registry).inc()
    client = Client(monitoring_app(registry))
    response = client.get("/metrics")
    assert response.status_code == 200
    assert metric_value(response.get_data(as_text=True), "one_thing_total") == 1
    assert client.get("/other").status_code == 404


def test_a_taken_port_is_an_os_error() -> None:
    first = start_monitoring_server("127.0.0.1", free_port(), CollectorRegistry())
    try:
        with pytest.raises(OSError):
            start_monitoring_server("127.0.0.1", first.port, CollectorRegistry())
    finally:
        first.stop()


def test_metrics_listen_on_the_apps_host() -> None:
    assert metrics_host([("127.0.0.1", 8000)]) == "127.0.0.1"
    assert metrics_host(["/run/app.sock", ("0.0.0.0", 8000)]) == "0.0.0.0"
    assert metrics_host(["/run/app.sock"]) == "127.0.0.1"
    assert metrics_host([("::", 8000, 0, 0)]) == "::"


def test_prepare_directory_empties_a_named_one_or_makes_a_temporary_one(
    tmp_path: Path,
) -> None:
    named = tmp_path / "prom"
    named.mkdir()
    (named / "counter_1.db").write_bytes(b"stale")
    environ: dict[str, str] = {}
    kept = prepare_directory(str(named), environ, parent=str(tmp_path))
    assert (kept.path, kept.temporary, environ[MULTIPROC_ENV]) == (named, False, str(named))
    assert list(named.iterdir()) == []
    kept.remove_if_temporary()
    assert named.is_dir()

    made = prepare_directory(None, environ, parent=str(tmp_path))
    assert made.temporary
    assert made.path.parent == tmp_path
    assert environ[MULTIPROC_ENV] == str(made.path)
    made.remove_if_temporary()
    assert not made.path.exists()
