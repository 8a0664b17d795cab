"""gunicorn.conf.py loaded through gunicorn's own config loader under different environments."""

from __future__ import annotations

import json
import os
import runpy
import subprocess
import sys
import threading
import warnings
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from gunicorn.app.base import Application
from gunicorn.config import Config

from service.api.http.metrics_dir import MULTIPROC_ENV
from service.api.http.server_logging import JsonLogger
from tests.settings_env import clear_settings_env

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "gunicorn.conf.py"


class ConfigOnly(Application):  # type: ignore[misc]
    """A gunicorn application that only loads the config file, never an app."""

    def __init__(self, path: Path):
        self.path = path
        super().__init__()

    def load_config(self) -> None:
        self.load_config_from_file(str(self.path))

    def load(self) -> None:
        raise AssertionError("the config test never loads an app")


@pytest.fixture
def clean_env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """No settings variable; the process-wide hooks that on_starting replaces are restored."""
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    monkeypatch.setattr(warnings, "showwarning", warnings.showwarning)
    return clear_settings_env(monkeypatch)


def load(monkeypatch: pytest.MonkeyPatch, **env: str) -> Any:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return ConfigOnly(CONF).cfg


def test_defaults(clean_env: pytest.MonkeyPatch) -> None:
    cfg = load(clean_env)
    assert cfg.bind == ["0.0.0.0:8000"]
    assert cfg.workers == len(os.sched_getaffinity(0))
    assert cfg.worker_class_str == "gthread"
    assert cfg.threads == 16
    assert cfg.max_requests == 0  # no recycling: recycled workers leave metric files behind
    assert cfg.max_requests_jitter == 100
    assert cfg.graceful_timeout == 20
    assert cfg.graceful_timeout < 30  # the default orchestrator grace period
    assert cfg.timeout == 60
    assert cfg.keepalive == 5
    assert not cfg.preload_app
    assert Path(cfg.worker_tmp_dir).is_dir()
    assert os.access(cfg.worker_tmp_dir, os.W_OK)
    assert Path(cfg.control_socket).parent == Path(cfg.worker_tmp_dir)
    assert not cfg.control_socket_disable
    assert cfg.logger_class is JsonLogger
    assert cfg.errorlog == "-"
    assert cfg.accesslog is None  # the app logs each request once
    assert cfg.loglevel == "info"


def test_environment_overrides(clean_env: pytest.MonkeyPatch) -> None:
    cfg = load(
        clean_env,
        PORT="9000",
        WEB_CONCURRENCY="3",
        GUNICORN_THREADS="8",
        GUNICORN_MAX_REQUESTS="50",
        GUNICORN_MAX_REQUESTS_JITTER="5",
        GUNICORN_TIMEOUT="90",
        GUNICORN_GRACEFUL_TIMEOUT="10",
        GUNICORN_KEEPALIVE="2",
        GUNICORN_CONTROL_SOCKET="/tmp/custom.ctl",
        GUNICORN_ACCESS_LOG="on",
        LOG_LEVEL="WARNING",
    )
    assert cfg.bind == ["0.0.0.0:9000"]
    assert cfg.workers == 3
    assert cfg.threads == 8
    assert (cfg.max_requests, cfg.max_requests_jitter) == (50, 5)
    assert (cfg.timeout, cfg.graceful_timeout, cfg.keepalive) == (90, 10, 2)
    assert cfg.control_socket == "/tmp/custom.ctl"
    assert cfg.accesslog == "-"
    assert cfg.loglevel == "warning"


def test_bind_wins_over_port_and_control_socket_can_be_disabled(
    clean_env: pytest.MonkeyPatch,
) -> None:
    cfg = load(clean_env, BIND="127.0.0.1:8123", PORT="9000", GUNICORN_CONTROL_SOCKET="off")
    assert cfg.bind == ["127.0.0.1:8123"]
    assert cfg.control_socket_disable


def run_conf(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Load gunicorn.conf.py in a fresh interpreter with ``env`` added to the environment."""
    return subprocess.run(
        [sys.executable, "-c", f"import runpy; runpy.run_path({str(CONF)!r})"],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_bad_settings_stop_gunicorn_with_json_lines_naming_them(tmp_path: Path) -> None:
    result = run_conf({"WEB_CONCURRENCY": "-1", "SCOPA_CACHE_TTLL": "5"})
    assert result.returncode == 2
    entries = [json.loads(line) for line in result.stderr.splitlines()]
    assert [e["level"] for e in entries] == ["CRITICAL", "CRITICAL"]
    messages = [e["message"] for e in entries]
    assert messages[0].startswith("SCOPA_CACHE_TTLL='5': not a setting of this service")
    assert messages[1].startswith("WEB_CONCURRENCY='-1': Input should be greater than or equal")


def test_the_real_gunicorn_refuses_a_bad_setting_before_starting(tmp_path: Path) -> None:
    gunicorn = Path(sys.executable).parent / "gunicorn"
    result = subprocess.run(
        [str(gunicorn), "--config", str(CONF), "--check-config", "service.api.app:create_app()"],
        env={**os.environ, "SCOPA_CACHE_TTL": "soon"},
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 2
    (entry,) = [json.loads(line) for line in result.stderr.splitlines()]
    assert entry["message"].startswith("SCOPA_CACHE_TTL='soon': Input should be a valid integer")


def test_every_setting_in_the_file_is_one_gunicorn_knows(clean_env: pytest.MonkeyPatch) -> None:
    names = {
        name
        for name, value in runpy.run_path(str(CONF)).items()
        if not name.startswith("_") and not isinstance(value, type(os)) and name.islower()
    }
    known = set(Config().settings)
    names -= {"annotations"}  # from __future__
    assert names <= known, names - known


def test_loading_the_file_does_not_import_prometheus_client() -> None:
    """Workers inherit the master's imports; prometheus_client must wait for on_starting."""
    script = (
        f"import runpy, sys; runpy.run_path({str(CONF)!r}); "
        "print('prometheus_client' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"


def test_hooks_empty_a_named_metrics_dir_and_drop_dead_workers_gauges(
    clean_env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    clean_env.setenv(MULTIPROC_ENV, str(tmp_path / "prom"))
    hooks = runpy.run_path(str(CONF))
    (tmp_path / "prom").mkdir()
    (tmp_path / "prom" / "counter_99.db").write_bytes(b"stale")
    hooks["on_starting"](None)
    assert list((tmp_path / "prom").iterdir()) == []
    live = tmp_path / "prom" / "gauge_livesum_4242.db"
    kept = tmp_path / "prom" / "counter_4242.db"
    live.write_bytes(b"")
    kept.write_bytes(b"")
    hooks["child_exit"](None, SimpleNamespace(pid=4242))
    assert not live.exists()
    assert kept.exists()  # counters of dead workers still count
    hooks["on_exit"](None)
    assert kept.exists()  # a named directory is the operator's: kept


def test_without_a_metrics_dir_the_hooks_make_and_remove_a_temporary_one(
    clean_env: pytest.MonkeyPatch,
) -> None:
    hooks = runpy.run_path(str(CONF))
    clean_env.setenv(MULTIPROC_ENV, "")  # restored after the test; on_starting sets it
    hooks["on_starting"](None)
    made = Path(os.environ[MULTIPROC_ENV])
    assert made.is_dir()
    assert made.parent == Path(hooks["worker_tmp_dir"])
    hooks["on_exit"](None)
    assert not made.exists()
