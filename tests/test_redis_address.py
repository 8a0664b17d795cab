"""Redis addresses: one server's URL or its Sentinels', read the way ``limits`` reads them."""

from __future__ import annotations

import pytest
import redis
from limits.storage import RedisSentinelStorage, storage_from_string

from service.api.http.limits import storage
from service.config import ConfigError, load_settings
from service.redis_address import (
    SentinelAddress,
    connect,
    is_sentinel,
    sentinel_address,
    validate_url,
)
from tests.settings_env import clear_settings_env

URL = "redis+sentinel://scopa:s%40cret@sentinel-1:26379,[::1]:26380/scopa-cache"


def test_a_sentinel_url_names_its_sentinels_service_and_credentials() -> None:
    assert sentinel_address(URL) == SentinelAddress(
        sentinels=(("sentinel-1", 26379), ("::1", 26380)),
        service_name="scopa-cache",
        username="scopa",
        password="s@cret",
    )


def test_the_sentinels_own_credentials_come_from_the_query() -> None:
    address = sentinel_address(
        "redis+sentinel://:data@s1:26379/jobs?sentinel_username=watch&sentinel_password=p%26q"
    )
    options = address.sentinel_options({"socket_timeout": 1.0, "retry": None})
    assert options == {"socket_timeout": 1.0, "username": "watch", "password": "p&q"}
    assert address.server_credentials() == {"password": "data"}
    assert address.storage_uri() == "redis+sentinel://s1:26379/jobs"


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("redis+sentinel://s1:26379", "name the primary's service"),
        ("redis+sentinel://s1:26379/a/b", "name the primary's service"),
        ("redis+sentinel://s1/cache", "host:port"),
        ("redis+sentinel://s1:99999/cache", "host:port"),
        ("redis+sentinel://s1:26379,:1/cache", "host:port"),
        ("redis+sentinel://s1:26379/cache?db=2", "unknown query parameter 'db'"),
        ("http://cache:6379/0", "one of redis://, rediss://, unix://, redis\\+sentinel://"),
    ],
)
def test_a_malformed_address_is_refused_with_its_reason(url: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason.replace("?", r"\?")):
        validate_url(url)


def test_plain_urls_stay_plain() -> None:
    assert not is_sentinel("redis://cache:6379/0")
    assert is_sentinel("REDIS+SENTINEL://s:1/x")
    validate_url("rediss://user:pw@cache:6380/1")
    client = connect("redis://127.0.0.1:1/0", socket_connect_timeout=0.1)
    assert isinstance(client, redis.Redis)
    client.close()


def test_a_bad_sentinel_setting_stops_the_start_naming_the_variable(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clear_settings_env(monkeypatch)
    monkeypatch.setenv("SCOPA_JOBS_REDIS_URL", "redis+sentinel://s1:26379")
    with pytest.raises(ConfigError) as raised:
        load_settings()
    (problem,) = raised.value.problems
    assert problem.startswith("SCOPA_JOBS_REDIS_URL=")
    assert "name the primary's service" in problem


def test_the_rate_limits_count_on_the_primary_behind_sentinels(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clear_settings_env(monkeypatch)
    monkeypatch.setenv("REDIS_URL", URL + "?sentinel_password=watch")
    uri, options = storage(load_settings())
    assert uri == "redis+sentinel://sentinel-1:26379,[::1]:26380/scopa-cache"
    assert (options["username"], options["password"]) == ("scopa", "s@cret")
    assert options["use_replicas"] is False
    assert options["sentinel_kwargs"]["password"] == "watch"
    counts = storage_from_string(uri, **options)
    assert isinstance(counts, RedisSentinelStorage)
    assert counts.service_name == "scopa-cache"
    assert counts.sentinel.sentinels[1].connection_pool.connection_kwargs["host"] == "::1"
    assert counts.use_replicas is False
