"""Tests of the settings start from an environment without any variable the settings read."""

from __future__ import annotations

import os

import pytest

from service.config import ENV_PREFIX, known_variables


def clear_settings_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """Remove every variable the settings read, and any other SCOPA_* one, for this test."""
    for name in list(os.environ):
        if name in known_variables() or name.upper().startswith(ENV_PREFIX):
            monkeypatch.delenv(name)
    return monkeypatch
