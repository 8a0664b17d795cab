"""Settings: defaults, SCOPA_* environment variables, then the factory's mapping."""

from __future__ import annotations

import pytest

from service.api.app import create_app
from service.config import DEFAULTS, ConfigError, load_config


def test_defaults_without_environment() -> None:
    assert load_config({}) == dict(DEFAULTS)


def test_environment_is_read_as_the_settings_type() -> None:
    config = load_config(
        {"SCOPA_MAX_CONTENT_LENGTH": "1024", "SCOPA_REDIS_URL": "redis://x", "HOME": "/"}
    )
    assert config["MAX_CONTENT_LENGTH"] == 1024
    assert config["REDIS_URL"] == "redis://x"
    assert "HOME" not in config


def test_the_mapping_wins_over_the_environment() -> None:
    config = load_config({"SCOPA_MAX_CONTENT_LENGTH": "1024"}, {"MAX_CONTENT_LENGTH": 5})
    assert config["MAX_CONTENT_LENGTH"] == 5


def test_a_bad_number_names_the_variable() -> None:
    with pytest.raises(ConfigError, match="SCOPA_MAX_CONTENT_LENGTH"):
        load_config({"SCOPA_MAX_CONTENT_LENGTH": "lots"})


def test_the_factory_applies_environment_and_mapping(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SCOPA_MAX_CONTENT_LENGTH", "2048")
    assert create_app().config["MAX_CONTENT_LENGTH"] == 2048
    assert create_app({"MAX_CONTENT_LENGTH": 10}).config["MAX_CONTENT_LENGTH"] == 10
