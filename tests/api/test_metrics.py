"""GET /metrics: Prometheus text with request, cache, search, busy and rate-limit counters."""

from __future__ import annotations

from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families

from service.api import metrics
from service.api.app import create_app
from service.api.metrics import attach_cache_metrics, metric_value, record_busy, record_search
from service.cache import AdviceCache, CacheSettings, MemoryBackend
from service.search import SearchStats

HINT = {"rules": "scopa", "hand": ["7d"], "table": ["3s", "4s"]}


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


def test_search_busy_and_cache_events_are_counted(client: FlaskClient) -> None:
    before = scrape(client)
    stats = SearchStats(
        worlds=40, playouts=400, nodes=0, elapsed_ms=25.0, algorithm="pimc", budget={"ms": 25}
    )
    record_search(stats)
    record_search(stats)
    record_busy()
    cache = AdviceCache(MemoryBackend(8), CacheSettings(), engine_version="t")
    attach_cache_metrics(cache)
    attach_cache_metrics(cache)  # a second attach must not double-count
    for event in ("miss", "hit", "hit", "backend_error"):
        cache.stats.count(event)  # type: ignore[arg-type]
    after = scrape(client)

    def grew(name: str, labels: dict[str, str] | None = None) -> float:
        return metric_value(after, name, labels) - metric_value(before, name, labels)

    assert grew("scopa_searches_total") == 2
    assert grew("scopa_search_worlds_total") == 80
    assert grew("scopa_search_playouts_total") == 800
    assert grew("scopa_search_duration_seconds_count") == 2
    assert grew("scopa_busy_rejections_total") == 1
    assert grew("scopa_cache_events_total", {"event": "hit"}) == 2
    assert grew("scopa_cache_events_total", {"event": "miss"}) == 1
    assert grew("scopa_redis_errors_total", {"component": "cache"}) == 1


def test_a_cache_stored_on_the_app_is_attached() -> None:
    cache = AdviceCache(MemoryBackend(8), CacheSettings(), engine_version="t")
    app = create_app({"TESTING": True})
    app.extensions["test_cache"] = cache
    metrics.attach_app_caches(app)
    client = app.test_client()
    before = scrape(client)
    cache.stats.count("bypass")
    after = scrape(client)
    labels = {"event": "bypass"}
    name = "scopa_cache_events_total"
    assert metric_value(after, name, labels) - metric_value(before, name, labels) == 1


def test_metrics_are_not_rate_limited() -> None:
    client = create_app({"TESTING": True, "RATE_LIMIT": "2/minute"}).test_client()
    for _ in range(5):
        scrape(client)
