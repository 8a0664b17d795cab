"""Cache settings: the cache's part of the one settings object, in the cache's units."""

from __future__ import annotations

import pytest

import service
from service.cache import CacheSettings, build_cache, engine_version
from service.config import ConfigError, load_settings
from tests.settings_env import clear_settings_env


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    return clear_settings_env(monkeypatch)


def test_defaults_use_memory_and_short_timeouts(env: pytest.MonkeyPatch) -> None:
    settings = CacheSettings.from_env()
    assert settings == CacheSettings()
    assert settings.redis_url is None
    assert settings.ttl_s == 3600
    assert settings.connect_timeout_s == 0.05
    assert settings.read_timeout_s == 0.1
    assert build_cache().backend.name == "memory"


def test_environment_overrides(env: pytest.MonkeyPatch) -> None:
    for name, value in {
        "REDIS_URL": "redis://scopa:pw@cache:6379/0",
        "SCOPA_CACHE_TTL": "120",
        "SCOPA_REDIS_CONNECT_TIMEOUT_MS": "20",
        "SCOPA_REDIS_READ_TIMEOUT_MS": "250",
        "SCOPA_CACHE_MAX_ENTRIES": "10",
        "SCOPA_CACHE_BREAKER_FAILURES": "5",
        "SCOPA_CACHE_BREAKER_COOLDOWN_MS": "1500",
        "SCOPA_CACHE_LOCK_TTL_MS": "9000",
        "SCOPA_CACHE_LOCK_WAIT_MS": "3000",
    }.items():
        env.setenv(name, value)
    assert CacheSettings.from_settings(load_settings()) == CacheSettings(
        redis_url="redis://scopa:pw@cache:6379/0",
        ttl_s=120,
        connect_timeout_s=0.02,
        read_timeout_s=0.25,
        max_entries=10,
        breaker_failures=5,
        breaker_cooldown_s=1.5,
        lock_ttl_ms=9000,
        lock_wait_s=3.0,
    )
    assert build_cache().backend.name == "redis"


def test_empty_redis_url_means_memory(env: pytest.MonkeyPatch) -> None:
    env.setenv("REDIS_URL", "")
    assert CacheSettings.from_env().redis_url is None


@pytest.mark.parametrize("raw", ["abc", "0", "-5", "1.5"])
def test_bad_numbers_are_refused_with_the_variable_name(env: pytest.MonkeyPatch, raw: str) -> None:
    env.setenv("SCOPA_CACHE_TTL", raw)
    with pytest.raises(ConfigError, match=f"SCOPA_CACHE_TTL='{raw}'"):
        CacheSettings.from_env()


def test_engine_version_comes_from_the_installed_package() -> None:
    assert engine_version() == service.__version__
