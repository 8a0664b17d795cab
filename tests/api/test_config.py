"""The one settings object: defaults, the environment, the factory's mapping, clear refusals."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from service.api.app import create_app, settings_of
from service.config import (
    APP_FIELDS,
    DEFAULTS,
    SEARCH_MAX_MS,
    ConfigError,
    Settings,
    env_name,
    known_variables,
    load_settings,
)
from service.search.advisor import MAX_MS
from tests.settings_env import clear_settings_env

ROOT = Path(__file__).resolve().parents[2]
SAME = object()  # the value is the text as given


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """An environment without any settings variable; set some with ``env.setenv``."""
    return clear_settings_env(monkeypatch)


def problems_of(env: pytest.MonkeyPatch, **variables: str) -> list[str]:
    for name, value in variables.items():
        env.setenv(name, value)
    with pytest.raises(ConfigError) as caught:
        load_settings()
    assert str(caught.value).splitlines()[1:] == ["  " + p for p in caught.value.problems]
    return caught.value.problems


def test_defaults_without_environment(env: pytest.MonkeyPatch) -> None:
    settings = load_settings()
    assert settings == Settings.model_construct()
    assert settings.app_config() == dict(DEFAULTS)
    assert DEFAULTS["MAX_CONTENT_LENGTH"] == 64 * 1024
    assert DEFAULTS["CACHE_TTL"] == 3600
    assert DEFAULTS["REDIS_URL"] is None
    assert settings.gunicorn_max_requests == 0  # no worker recycling unless asked for


@pytest.mark.parametrize(
    ("variable", "text", "field", "value"),
    [
        ("SCOPA_MAX_CONTENT_LENGTH", "1024", "max_content_length", 1024),
        ("SCOPA_ADVICE_CACHE", "off", "advice_cache", False),
        ("SCOPA_RATE_LIMIT_ENABLED", "FALSE", "rate_limit_enabled", False),
        ("SCOPA_LOG_LEVEL", "warning", "log_level", "WARNING"),
        ("LOG_LEVEL", "DEBUG", "gunicorn_log_level", "debug"),
        ("SCOPA_KERNEL", "Python", "kernel", "python"),
        ("SCOPA_RATE_LIMIT", "10/second;100/minute", "rate_limit", "10/second;100/minute"),
        ("SCOPA_CORS_ORIGINS", "https://a.example, http://[::1]:8080", "cors_origins", SAME),
        (
            "REDIS_URL",
            "redis://scopa:pw@cache:6379/0",
            "redis_url",
            "redis://scopa:pw@cache:6379/0",
        ),
        ("SCOPA_REDIS_URL", "rediss://cache:6380/1", "redis_url", "rediss://cache:6380/1"),
        ("REDIS_URL", "", "redis_url", None),
        ("GUNICORN_ACCESS_LOG", "on", "gunicorn_access_log", True),
        ("SCOPA_METRICS_PORT", "9100", "metrics_port", 9100),
    ],
)
def test_a_variable_is_read_as_its_type(
    env: pytest.MonkeyPatch, variable: str, text: str, field: str, value: Any
) -> None:
    env.setenv(variable, text)
    expected = text if value is SAME else value
    assert getattr(load_settings(), field) == expected


def test_the_mapping_wins_over_the_environment_and_is_validated(env: pytest.MonkeyPatch) -> None:
    env.setenv("SCOPA_MAX_CONTENT_LENGTH", "1024")
    assert load_settings({"MAX_CONTENT_LENGTH": 5}).max_content_length == 5
    with pytest.raises(ConfigError, match=r"setting CACHE_TTL='soon': Input should be a valid"):
        load_settings({"CACHE_TTL": "soon"})


def test_a_bad_value_names_the_variable_the_value_and_what_is_expected(
    env: pytest.MonkeyPatch,
) -> None:
    (problem,) = problems_of(env, SCOPA_CACHE_TTL="lots")
    assert problem.startswith("SCOPA_CACHE_TTL='lots': Input should be a valid integer")
    assert "seconds an advice stays cached" in problem


@pytest.mark.parametrize(
    ("variable", "text", "expected"),
    [
        ("SCOPA_CACHE_TTL", "0", "greater than or equal to 1"),
        ("SCOPA_TRUSTED_PROXIES", "-1", "greater than or equal to 0"),
        ("SCOPA_ADVICE_MAX_MS", "5001", "less than or equal to 5000"),
        ("PORT", "70000", "less than or equal to 65535"),
        ("WEB_CONCURRENCY", "many", "valid integer"),
        ("SCOPA_ADVICE_CACHE", "maybe", "valid boolean"),
        ("SCOPA_KERNEL", "fast", "'auto', 'compiled' or 'python'"),
        ("LOG_LEVEL", "loud", "'debug', 'info', 'warning', 'error' or 'critical'"),
        ("SCOPA_RATE_LIMIT", "lots", "couldn't parse rate limit string"),
        ("SCOPA_CORS_ORIGINS", "https://a.example/path", "is not an origin"),
        ("REDIS_URL", "http://cache:6379", "redis://, rediss://, unix://"),
    ],
)
def test_malformed_values_are_refused(
    env: pytest.MonkeyPatch, variable: str, text: str, expected: str
) -> None:
    (problem,) = problems_of(env, **{variable: text})
    assert problem.startswith(f"{variable}={text!r}: ")
    assert expected in problem


def test_every_problem_is_reported_at_once(env: pytest.MonkeyPatch) -> None:
    problems = problems_of(env, SCOPA_CACHE_TTL="x", PORT="y", SCOPA_CACHE_TLL="1")
    assert [p.split("=", 1)[0] for p in problems] == ["SCOPA_CACHE_TLL", "PORT", "SCOPA_CACHE_TTL"]


@pytest.mark.parametrize("name", ["SCOPA_CACHE_TLL", "scopa_cache_ttl", "SCOPA_NOTHING"])
def test_an_unknown_scopa_variable_is_refused(env: pytest.MonkeyPatch, name: str) -> None:
    (problem,) = problems_of(env, **{name: "120"})
    assert problem.startswith(f"{name}='120': not a setting of this service")
    if name == "SCOPA_CACHE_TLL":
        assert "did you mean SCOPA_CACHE_TTL?" in problem


def test_other_variables_are_left_alone(env: pytest.MonkeyPatch) -> None:
    env.setenv("HOME_OF_SCOPA", "x")
    env.setenv("GUNICORN_CMD_ARGS", "--workers 3")  # gunicorn's own
    load_settings()


def test_the_redis_password_never_shows(env: pytest.MonkeyPatch) -> None:
    (problem,) = problems_of(env, REDIS_URL="http://scopa:hunter2@cache:6379/0")
    assert "hunter2" not in problem
    assert "http://scopa:***@cache:6379/0" in problem
    env.delenv("REDIS_URL")
    with pytest.raises(ConfigError) as caught:
        load_settings({"REDIS_URL": "http://scopa:hunter2@cache:6379/0"})
    assert "hunter2" not in str(caught.value)
    (problem,) = problems_of(env, SCOPA_REDIS_URLL="redis://scopa:hunter2@cache:6379/0")
    assert "hunter2" not in problem
    env.delenv("SCOPA_REDIS_URLL")
    env.setenv("REDIS_URL", "redis://scopa:hunter2@cache:6379/0")
    settings = load_settings()
    assert settings.redis_url == "redis://scopa:hunter2@cache:6379/0"
    assert "hunter2" not in repr(settings)
    assert "redis://scopa:***@cache:6379/0" in repr(settings)


def test_the_factory_applies_environment_and_mapping(env: pytest.MonkeyPatch) -> None:
    env.setenv("SCOPA_MAX_CONTENT_LENGTH", "2048")
    assert create_app().config["MAX_CONTENT_LENGTH"] == 2048
    app = create_app({"MAX_CONTENT_LENGTH": 10, "TESTING": True})
    assert app.config["MAX_CONTENT_LENGTH"] == 10
    assert app.config["TESTING"] is True
    assert settings_of(app).max_content_length == 10


def test_the_factory_refuses_bad_settings(env: pytest.MonkeyPatch) -> None:
    env.setenv("SCOPA_RATE_LIMIT_ADVICE_COST", "free")
    with pytest.raises(ConfigError, match="SCOPA_RATE_LIMIT_ADVICE_COST='free'"):
        create_app()


def test_one_variable_feeds_the_app_the_cache_and_the_limiter(env: pytest.MonkeyPatch) -> None:
    env.setenv("SCOPA_CACHE_TTL", "77")
    app = create_app({"TESTING": True})
    assert app.config["CACHE_TTL"] == 77
    assert app.extensions["advice_cache"].settings.ttl_s == 77


def test_every_app_setting_has_its_flask_key() -> None:
    for key, field in APP_FIELDS.items():
        name = env_name(field)
        assert name.removeprefix("SCOPA_") == key, name
    assert APP_FIELDS["REDIS_URL"] == "redis_url"


def test_the_search_cap_is_the_advisors() -> None:
    assert SEARCH_MAX_MS == MAX_MS


def test_only_the_settings_read_the_environment() -> None:
    """No module of the service reads a variable beside service/config.py (with two reasons)."""
    allowed = {
        # prometheus_client decides by this variable; the metrics code follows the same test.
        "service/api/http/metrics.py": {"PROMETHEUS_MULTIPROC_DIR"},
        # The search package reads SCOPA_KERNEL itself (the settings validate it at start).
        "service/search/kernel/backend.py": {"SCOPA_KERNEL"},
    }
    reading = re.compile(r"os\.environ\.get\(|os\.getenv\(|os\.environ\[")
    found: dict[str, str] = {}
    for path in sorted((ROOT / "service").rglob("*.py")):
        relative = path.relative_to(ROOT).as_posix()
        if relative == "service/config.py":
            continue
        text = path.read_text()
        if reading.search(text):
            found[relative] = text
    assert set(found) <= set(allowed), set(found) - set(allowed)


def test_every_variable_is_documented_in_the_deployment_guide() -> None:
    table = (ROOT / "docs" / "deployment.md").read_text()
    for name in known_variables():
        assert f"`{name}`" in table, name


def test_the_settings_table_of_the_deployment_guide_is_current() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "scripts.settings_table", "--check"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


ENVIRONMENT_READ = re.compile(r"os\.environ\b|os\.getenv\(")


def test_the_settings_docstring_names_every_other_reader_of_the_environment() -> None:
    import service.config

    readers = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in (ROOT / "service").rglob("*.py")
        if path.name != "config.py" and ENVIRONMENT_READ.search(path.read_text(encoding="utf-8"))
    }
    assert readers == {
        "service.search.kernel.backend",
        "service.api.http.metrics",
        "service.api.worker_cli",
    }
    doc = " ".join((service.config.__doc__ or "").split())
    for module in readers:
        assert module in doc, module
    assert "nothing else" not in doc
