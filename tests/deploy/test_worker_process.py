"""The job worker as deployed: scopa-worker started with the command line and environment of the
worker Deployment (and of the compose service), the image's ENV beneath, against a redis-server
with the generated queue ACL. It starts, serves its metrics, writes nothing to its working
directory (read-only in the image) and stops on SIGTERM within its grace period."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.deploy.deploy_scripts import redis_secret
from tests.deploy.test_manifests import (
    KEDA_PASSWORD,
    QUEUE_PASSWORD,
    WORKER,
    compose_service_env,
    compose_with_password,
    container_env,
    container_of,
    pod_of,
)
from tests.deploy.test_redis_acl import redis_with_acl
from tests.integration.redis_server import free_port
from tests.settings_env import clear_settings_env

pytestmark = pytest.mark.integration

BIN = Path(sys.executable).parent


def deployed(source: str) -> tuple[list[str], dict[str, str], float]:
    """The worker's argv, environment and grace period (s) in the manifests or in compose."""
    if source == "kubernetes":
        container = container_of(WORKER)
        grace = float(pod_of(WORKER)["terminationGracePeriodSeconds"])
        return [*container["command"], *container["args"]], container_env(container), grace
    service: dict[str, Any] = compose_with_password()["services"]["worker"]
    grace = float(service["stop_grace_period"].removesuffix("s"))
    return [*service["entrypoint"], *service["command"]], compose_service_env(service), grace


@pytest.mark.parametrize("source", ["kubernetes", "compose"])
def test_the_deployed_worker_starts_serves_metrics_and_stops(
    source: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv, env, grace = deployed(source)
    assert argv[0] == "scopa-worker"
    argv[0] = str(BIN / "scopa-worker")
    # /tmp of the container: an emptyDir (compose: tmpfs), there and empty at start.
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = {
        name: str(tmp) + value[4:] if value == "/tmp" or value.startswith("/tmp/") else value
        for name, value in env.items()
    }
    metrics_port = free_port()
    workdir = tmp_path / "app"
    workdir.mkdir()
    acl = redis_secret.queue_acl_file(QUEUE_PASSWORD, KEDA_PASSWORD)
    redis_dir = tmp_path / "redis"
    redis_dir.mkdir()
    with redis_with_acl(redis_dir, acl, "--save", "", "--appendonly", "no") as port:
        # The deployed URL's user and password (of a server, or of a group's Sentinels), this
        # loopback server's address.
        credentials = env["SCOPA_JOBS_REDIS_URL"].split("://", 1)[1].rsplit("@", 1)[0]
        env["SCOPA_JOBS_REDIS_URL"] = f"redis://{credentials}@127.0.0.1:{port}/0"
        assert env["SCOPA_JOBS_REDIS_URL"] == redis_secret.queue_redis_url(
            QUEUE_PASSWORD, "127.0.0.1", port
        )
        env["SCOPA_WORKER_METRICS_PORT"] = str(metrics_port)
        env["SCOPA_WARMUP"] = "false"  # faster; warm-up is the API's business here
        # Only the deployed settings: none of this machine's.
        clear_settings_env(monkeypatch)
        base = {k: v for k, v in os.environ.items() if k != "PROMETHEUS_MULTIPROC_DIR"}
        log_path = tmp_path / "worker.log"
        with log_path.open("wb") as log:
            worker = subprocess.Popen(
                argv, cwd=workdir, env={**base, **env}, stdout=log, stderr=subprocess.STDOUT
            )
        try:
            deadline = time.monotonic() + 60
            while "taking record tasks" not in log_path.read_text(errors="replace"):
                assert worker.poll() is None, log_path.read_text()
                assert time.monotonic() < deadline, log_path.read_text()
                time.sleep(0.05)
            url = f"http://127.0.0.1:{metrics_port}/metrics"
            with urllib.request.urlopen(url, timeout=5) as response:
                text = response.read().decode()
            assert "scopa_job_queue_depth 0.0" in text
            assert "scopa_job_task_failures_total" in text
        finally:
            worker.send_signal(signal.SIGTERM)
            code = worker.wait(timeout=grace)
    output = log_path.read_text()
    assert code == 0, output
    assert "scopa-worker stopped" in output
    assert list(workdir.iterdir()) == []  # the image's /app is read-only
    # The image's multiprocess directory is gunicorn's: the worker wrote no metric file.
    assert env["PROMETHEUS_MULTIPROC_DIR"] == str(tmp / "prometheus")
    assert not list(tmp.rglob("*.db"))
