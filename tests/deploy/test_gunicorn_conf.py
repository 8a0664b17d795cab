"""gunicorn.conf.py loaded through gunicorn's own config loader under different environments."""

from __future__ import annotations

import json
import os
import runpy
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from gunicorn.app.base import Application
from gunicorn.config import Config

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "gunicorn.conf.py"
ENV_NAMES = [
    "BIND",
    "PORT",
    "WEB_CONCURRENCY",
    "GUNICORN_THREADS",
    "GUNICORN_MAX_REQUESTS",
    "GUNICORN_MAX_REQUESTS_JITTER",
    "GUNICORN_TIMEOUT",
    "GUNICORN_GRACEFUL_TIMEOUT",
    "GUNICORN_CONTROL_SOCKET",
    "GUNICORN_ACCESS_LOG",
    "PROMETHEUS_MULTIPROC_DIR",
    "LOG_LEVEL",
]


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
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def load(monkeypatch: pytest.MonkeyPatch, **env: str) -> Any:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return ConfigOnly(CONF).cfg


def test_defaults(clean_env: pytest.MonkeyPatch) -> None:
    cfg = load(clean_env)
    assert cfg.bind == ["0.0.0.0:8000"]
    assert cfg.workers == len(os.sched_getaffinity(0))
    assert cfg.worker_class_str == "gthread"
    assert cfg.threads == 4
    assert cfg.max_requests == 1000
    assert cfg.max_requests_jitter == 100
    assert cfg.graceful_timeout == 20
    assert cfg.graceful_timeout < 30  # the default orchestrator grace period
    assert cfg.timeout == 60
    assert not cfg.preload_app
    assert Path(cfg.worker_tmp_dir).is_dir()
    assert os.access(cfg.worker_tmp_dir, os.W_OK)
    assert Path(cfg.control_socket).parent == Path(cfg.worker_tmp_dir)
    assert not cfg.control_socket_disable
    assert cfg.accesslog == "-"


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
        GUNICORN_CONTROL_SOCKET="/tmp/custom.ctl",
        LOG_LEVEL="WARNING",
    )
    assert cfg.bind == ["0.0.0.0:9000"]
    assert cfg.workers == 3
    assert cfg.threads == 8
    assert (cfg.max_requests, cfg.max_requests_jitter) == (50, 5)
    assert (cfg.timeout, cfg.graceful_timeout) == (90, 10)
    assert cfg.control_socket == "/tmp/custom.ctl"
    assert cfg.loglevel == "warning"


def test_bind_wins_over_port_and_control_socket_can_be_disabled(
    clean_env: pytest.MonkeyPatch,
) -> None:
    cfg = load(
        clean_env,
        BIND="127.0.0.1:8123",
        PORT="9000",
        GUNICORN_CONTROL_SOCKET="off",
        GUNICORN_ACCESS_LOG="off",
    )
    assert cfg.bind == ["127.0.0.1:8123"]
    assert cfg.control_socket_disable
    assert cfg.accesslog is None


def test_bad_numbers_are_refused(clean_env: pytest.MonkeyPatch) -> None:
    clean_env.setenv("WEB_CONCURRENCY", "-1")
    with pytest.raises(ValueError, match="WEB_CONCURRENCY"):
        runpy.run_path(str(CONF))


def test_every_setting_in_the_file_is_one_gunicorn_knows(clean_env: pytest.MonkeyPatch) -> None:
    names = {
        name
        for name, value in runpy.run_path(str(CONF)).items()
        if not name.startswith("_") and not isinstance(value, type(os)) and name.islower()
    }
    known = set(Config().settings)
    names -= {"annotations"}  # from __future__
    assert names <= known, names - known


def test_access_log_format_renders_as_json(clean_env: pytest.MonkeyPatch) -> None:
    cfg = load(clean_env)
    fields = dict.fromkeys("hmUqsBMa", "x") | {"{x-request-id}o": "abc"}
    line = cfg.access_log_format % fields
    assert json.loads(line)["request_id"] == "abc"


def test_prometheus_hooks_manage_the_multiprocess_dir(
    clean_env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    clean_env.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "prom"))
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


def test_hooks_leave_files_alone_without_a_multiprocess_dir(
    clean_env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    clean_env.chdir(tmp_path)
    stray = tmp_path / "gauge_livesum_1.db"
    stray.write_bytes(b"")
    hooks = runpy.run_path(str(CONF))
    # Calling mark_process_dead without the variable would raise; the hook must not call it.
    assert hooks["on_starting"](None) is None
    assert hooks["child_exit"](None, SimpleNamespace(pid=1)) is None
    assert stray.exists()
