"""The Dockerfile: hadolint, COPY sources, exec-form commands, and its entrypoint run locally."""

from __future__ import annotations

import ast
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from threading import Thread

import pytest
from gunicorn.config import Config

from scripts.local_gunicorn import wait_until_workers_ready
from tests.deploy.dockerfile import (
    ROOT,
    copy_sources,
    dockerignore_patterns,
    instructions,
    is_ignored,
)
from tests.integration.redis_server import free_port

BIN = Path(sys.executable).parent
HEALTHCHECK = ROOT / "deploy" / "healthcheck.py"


def test_hadolint_passes() -> None:
    result = subprocess.run(
        [str(BIN / "hadolint"), "--failure-threshold", "info", str(ROOT / "Dockerfile")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_copy_source_exists_and_is_in_the_build_context() -> None:
    patterns = dockerignore_patterns()
    sources = copy_sources(instructions())
    assert "gunicorn.conf.py" in sources
    for source in sources:
        path = ROOT / source
        assert path.exists(), f"COPY source {source} is missing"
        assert not is_ignored(source, patterns), f"{source} is excluded by .dockerignore"
        if path.is_dir():
            for child in path.rglob("*.py"):
                relative = child.relative_to(ROOT).as_posix()
                if "__pycache__" not in relative:
                    assert not is_ignored(relative, patterns), relative


def test_dockerignore_keeps_secrets_and_local_state_out() -> None:
    patterns = dockerignore_patterns()
    for path in [".git/config", ".venv/bin/python", ".env", "service/__pycache__/x.pyc"]:
        assert is_ignored(path, patterns), path


def test_multi_stage_on_slim_with_a_numeric_non_root_user() -> None:
    items = instructions()
    first_from = next(i for i, item in enumerate(items) if item.keyword == "FROM")
    # The base is a build argument (tests/container builds on a local one), slim by default.
    assert [item.args for item in items[:first_from]] == ["PYTHON_IMAGE=python:3.11-slim"]
    bases = [item.args.split()[0] for item in items if item.keyword == "FROM"]
    assert bases == ["${PYTHON_IMAGE}", "${PYTHON_IMAGE}"]
    users = [item.args for item in items if item.keyword == "USER"]
    assert len(users) == 1
    uid, _, gid = users[0].partition(":")
    assert uid.isdigit() and int(uid) >= 10000
    assert gid == "" or gid.isdigit()
    runtime = items[[i for i, item in enumerate(items) if item.keyword == "FROM"][1] :]
    assert any("--from=builder" in item.args for item in runtime if item.keyword == "COPY")
    assert "build-essential" not in " ".join(item.args for item in runtime)


def entrypoint_argv() -> list[str]:
    items = {item.keyword: item for item in instructions()}
    return items["ENTRYPOINT"].exec_form() + items["CMD"].exec_form()


def test_entrypoint_command_line_parses_as_gunicorn_arguments() -> None:
    argv = entrypoint_argv()
    assert argv[0] == "gunicorn"
    parsed = Config().parser().parse_args(argv[1:])
    assert parsed.config == "/app/gunicorn.conf.py"
    assert parsed.args == ["service.api.app:create_app()"]
    module, _, expression = parsed.args[0].partition(":")
    call = ast.parse(expression, mode="eval").body
    assert isinstance(call, ast.Call)
    assert isinstance(call.func, ast.Name)
    assert (call.func.id, call.args, call.keywords) == ("create_app", [], [])
    assert module == "service.api.app"


def test_the_image_build_fails_without_the_compiled_kernel() -> None:
    runs = [item.args for item in instructions() if item.keyword == "RUN"]
    install = next(run for run in runs if "pip install" in run)
    # Isolated (-I): the check imports the installed package, never the source tree beside it.
    assert 'python -I -c "import service.search.kernel._kernel"' in install
    assert "SCOPA_KERNEL_OPTIONAL" not in (ROOT / "Dockerfile").read_text()


def test_healthcheck_is_exec_form_python_without_curl() -> None:
    text = (ROOT / "Dockerfile").read_text()
    assert "curl" not in text
    assert "wget" not in text
    health = next(item for item in instructions() if item.keyword == "HEALTHCHECK")
    command = health.args.split(" CMD ", 1)[1]
    assert command.startswith('["python", "/app/healthcheck.py"]')


class _Status(BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:
        self.send_response(self.status if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


def run_healthcheck(port: int) -> int:
    env = {**os.environ, "SCOPA_METRICS_PORT": str(port)}
    return subprocess.run(
        [sys.executable, str(HEALTHCHECK)], env=env, capture_output=True, check=False
    ).returncode


@pytest.mark.parametrize(("status", "expected"), [(200, 0), (503, 1)])
def test_healthcheck_script_follows_the_status(status: int, expected: int) -> None:
    handler = type("Handler", (_Status,), {"status": status})
    server = HTTPServer(("127.0.0.1", 0), handler)
    thread = Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        assert run_healthcheck(server.server_address[1]) == expected
    finally:
        server.shutdown()
        server.server_close()


def test_healthcheck_script_fails_when_nothing_listens() -> None:
    assert run_healthcheck(free_port()) == 1


@pytest.mark.integration
@pytest.mark.skipif(
    not (ROOT / "service" / "api" / "app.py").exists(), reason="service/api/app.py not written yet"
)
def test_entrypoint_serves_health_and_stops_gracefully(tmp_path: Path) -> None:
    port, metrics_port = free_port(), free_port()
    argv = [
        str(ROOT / "gunicorn.conf.py") if arg == "/app/gunicorn.conf.py" else arg
        for arg in entrypoint_argv()
    ]
    argv[0] = str(BIN / "gunicorn")
    env = {
        **{k: v for k, v in os.environ.items() if k != "REDIS_URL"},
        "BIND": f"127.0.0.1:{port}",
        "WEB_CONCURRENCY": "2",
        "GUNICORN_THREADS": "2",
        "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "prometheus"),
        "GUNICORN_CONTROL_SOCKET": str(tmp_path / "gunicorn.ctl"),
        "SCOPA_METRICS_PORT": str(metrics_port),
    }
    log = (tmp_path / "gunicorn.log").open("wb")
    server = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while run_healthcheck(metrics_port) != 0:
            assert server.poll() is None, (tmp_path / "gunicorn.log").read_text()
            assert time.monotonic() < deadline, "gunicorn did not answer /healthz in 30 s"
            time.sleep(0.2)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as response:
            assert response.status == 200
        assert wait_until_workers_ready(metrics_port, workers=2) == {"live": 2, "ready": 2}
        metrics_url = f"http://127.0.0.1:{metrics_port}/metrics"
        with urllib.request.urlopen(metrics_url, timeout=5) as response:
            assert b"scopa_build_info{" in response.read()
    finally:
        server.send_signal(signal.SIGTERM)
        code = server.wait(timeout=30)
        log.close()
    output = (tmp_path / "gunicorn.log").read_text()
    assert code == 0, output
    entries = [json.loads(line) for line in output.splitlines()]  # every line is JSON
    ready = [e for e in entries if e.get("path") == "/readyz"]
    assert [(e["logger"], e["status"]) for e in ready] == [("service.api.request", 200)]


def test_the_image_exposes_the_api_and_metrics_ports() -> None:
    (expose,) = [item.args.split() for item in instructions() if item.keyword == "EXPOSE"]
    assert expose == ["8000", "9464"]
