"""A Docker daemon for the container tests: the one answering, else a ``dockerd`` started in the
background (left running for the next run), or a skip that names what to install (a failure
under CI, where these tests must run)."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import NoReturn

import pytest

DOCKERD_LOG = Path("/tmp/scopa-dockerd.log")
DOCKERD_PIDFILE = Path("/tmp/scopa-dockerd.pid")
DOCKERD_START_LIMIT_S = 60.0
INSTALL_HINT = "apt-get install docker.io docker-compose debootstrap"


def in_ci() -> bool:
    """Whether the CI variable says these tests must run."""
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def unavailable(reason: str) -> NoReturn:
    """Skip the test for ``reason``; fail it under CI."""
    if in_ci():
        pytest.fail(f"{reason}; the container tests must run in CI")
    pytest.skip(reason)


def require_tools(*names: str) -> None:
    """Skip (fail under CI) unless every program of ``names`` is on PATH."""
    missing = [name for name in names if shutil.which(name) is None]
    if missing:
        unavailable(f"{', '.join(missing)} not installed ({INSTALL_HINT})")


def daemon_answers() -> bool:
    """Whether ``docker info`` reaches a daemon."""
    try:
        answer = subprocess.run(["docker", "info"], capture_output=True, check=False, timeout=30)
    except subprocess.TimeoutExpired:
        return False
    return answer.returncode == 0


def start_dockerd() -> None:
    """``dockerd`` in the background, in a session of its own, its output appended to
    DOCKERD_LOG; the shell that starts it exits at once, so nothing here waits on it."""
    subprocess.run(
        [
            "sh",
            "-c",
            'dockerd --pidfile "$1" >>"$2" 2>&1 </dev/null &',
            "sh",
            str(DOCKERD_PIDFILE),
            str(DOCKERD_LOG),
        ],
        check=True,
        start_new_session=True,
        timeout=30,
    )


def ensure_docker_host() -> None:
    """Return once a Docker daemon answers, starting one when none does."""
    require_tools("docker", "docker-compose")
    if daemon_answers():
        return
    require_tools("dockerd")
    if os.geteuid() != 0:
        unavailable("no Docker daemon answers, and starting dockerd needs root")
    logged_before = DOCKERD_LOG.stat().st_size if DOCKERD_LOG.exists() else 0
    start_dockerd()
    deadline = time.monotonic() + DOCKERD_START_LIMIT_S
    while not daemon_answers():
        with DOCKERD_LOG.open("rb") as log:
            log.seek(logged_before)
            said = log.read().decode(errors="replace")
        if "failed to start daemon" in said or "level=fatal" in said:
            unavailable(f"dockerd did not start ({DOCKERD_LOG}):\n{said[-3000:]}")
        if time.monotonic() > deadline:
            unavailable(f"dockerd did not answer within {DOCKERD_START_LIMIT_S:.0f} s")
        time.sleep(0.5)


def ensure_containers_run(image: str) -> None:
    """Skip (fail under CI) unless this machine can run a container of ``image``."""
    tried = subprocess.run(
        ["docker", "run", "--rm", "--network", "none", image, "true"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    if tried.returncode != 0:
        unavailable(f"this machine cannot run containers: {tried.stderr.strip()[-2000:]}")
