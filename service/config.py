"""Service settings: defaults, overridden by SCOPA_* environment variables, then by a mapping."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

ENV_PREFIX = "SCOPA_"

DEFAULTS: Mapping[str, Any] = {
    # Largest request body accepted; a bigger one is a 413. A full state is about 2 KiB.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    "LOG_LEVEL": "INFO",
    # /v1/advice: the default time budget, the hard caps (ms at most 5000), the cache.
    "ADVICE_DEFAULT_MS": 50,
    "ADVICE_MAX_MS": 5000,
    "ADVICE_MAX_ITERATIONS": 10_000,
    # How long an advice request waits for its worker's search slot before a 503.
    "ADVICE_QUEUE_MS": 500,
    "ADVICE_CACHE": True,
    # /v1/review: the most one review may search in all (the decisions searched times the
    # budget per decision); a review asking more is a 422 giving the largest per-decision
    # budget its record allows. The time cap also bounds an iteration budget's searches.
    "REVIEW_MAX_TOTAL_MS": 30_000,
    "REVIEW_MAX_TOTAL_ITERATIONS": 100_000,
    "CACHE_TTL": 3600,
    # Requests per client address (limits syntax, ';' between limits); advice costs more.
    "RATE_LIMIT_ENABLED": True,
    "RATE_LIMIT": "6000/minute",
    "RATE_LIMIT_ADVICE_COST": 10,
    # Comma-separated origins allowed by CORS; empty means no cross-origin access.
    "CORS_ORIGINS": "",
    # Reverse proxies in front of the app whose X-Forwarded-* headers are trusted; 0 = none.
    "TRUSTED_PROXIES": 0,
}


class ConfigError(ValueError):
    """An environment variable whose value does not fit the setting's type."""


def _convert(name: str, text: str, default: Any) -> Any:
    """The text of an environment variable read as the type of the setting's default."""
    if isinstance(default, bool):
        lowered = text.strip().lower()
        if lowered in {"1", "true", "yes", "on"}:
            return True
        if lowered in {"0", "false", "no", "off"}:
            return False
        raise ConfigError(f"{ENV_PREFIX}{name} must be true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise ConfigError(f"{ENV_PREFIX}{name} must be a whole number, not {text!r}") from None
    return text


def load_config(
    environ: Mapping[str, str] | None = None, overrides: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """Settings from the defaults, then SCOPA_* variables of ``environ``, then ``overrides``."""
    env = os.environ if environ is None else environ
    settings = dict(DEFAULTS)
    for key, text in env.items():
        if not key.startswith(ENV_PREFIX):
            continue
        name = key.removeprefix(ENV_PREFIX)
        settings[name] = _convert(name, text, DEFAULTS.get(name, ""))
    settings.update(overrides or {})
    return settings
