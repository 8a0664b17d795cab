"""The container tests' images, made once a session: the registry-free base and Redis images
(tests/container/base_image.py) and the service image built from the real Dockerfile on it."""

from __future__ import annotations

import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.container.base_image import (
    Made,
    base_tag,
    ensure_base,
    ensure_redis,
    image_exists,
    legacy_builder_env,
)
from tests.container.client import docker
from tests.container.docker_host import (
    ensure_containers_run,
    ensure_docker_host,
    require_tools,
    unavailable,
)
from tests.container.figures import report

ROOT = Path(__file__).resolve().parents[2]
SERVICE_TAG = "scopa-service:test"
BASE_LOG = Path("/tmp/scopa-base-image.log")
SERVICE_LOG = Path("/tmp/scopa-service-build.log")


@dataclass(frozen=True)
class ServiceImage:
    """The service image, the base it was built on, its build time and its size."""

    tag: str
    base: Made
    build_s: float
    size_mb: float


def steps(made: Made) -> str:
    """How an image came about: its steps' seconds, or that it was there already."""
    if not made.built:
        return "already there (not timed again)"
    timed = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in made.seconds.items())
    return f"built: {timed}"


def report_made(name: str, made: Made) -> None:
    """Report how an image came about; the figures of its making are kept (as ``<name>
    build``) until it is made again."""
    report(name, f"{made.tag} {steps(made)}", tag=made.tag, built=made.built)
    if made.built:
        seconds = {step: round(value, 1) for step, value in made.seconds.items()}
        report(f"{name} build", steps(made), tag=made.tag, seconds=seconds)


def dangling_images() -> set[str]:
    """The ids of the untagged images (a multi-stage build leaves its build stage so)."""
    return set(docker("images", "--quiet", "--filter", "dangling=true").split())


@pytest.fixture(scope="session")
def docker_host() -> None:
    """A Docker daemon that answers."""
    ensure_docker_host()


@pytest.fixture(scope="session")
def base_image(docker_host: None) -> Made:
    """The Debian base with Python 3.11, made unless the daemon has it."""
    if not image_exists(base_tag()):
        require_tools("debootstrap", "chroot", "tar")
        if os.geteuid() != 0:
            unavailable("debootstrap needs root to make the base image")
    made = ensure_base(BASE_LOG)
    ensure_containers_run(made.tag)
    report_made("base", made)
    return made


@pytest.fixture(scope="session")
def redis_image(base_image: Made) -> Made:
    """The Redis image on the base, made unless the daemon has it."""
    made = ensure_redis(base_image.tag, BASE_LOG)
    report_made("redis image", made)
    return made


@pytest.fixture(scope="session")
def service_image(base_image: Made) -> ServiceImage:
    """The Dockerfile built afresh (no layer cache) on the base, as SERVICE_TAG."""
    before = dangling_images()
    started = time.monotonic()
    with SERVICE_LOG.open("wb") as log:
        built = subprocess.run(
            [
                "docker",
                "build",
                "--no-cache",
                "--build-arg",
                f"PYTHON_IMAGE={base_image.tag}",
                "--tag",
                SERVICE_TAG,
                str(ROOT),
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=legacy_builder_env(),
            check=False,
            timeout=1200,
        )
    build_s = time.monotonic() - started
    # The build stage, and the image that had the tag before, where no container uses it.
    for image in dangling_images() - before:
        subprocess.run(["docker", "rmi", image], capture_output=True, check=False, timeout=120)
    tail = SERVICE_LOG.read_text(errors="replace")[-4000:]
    assert built.returncode == 0, f"docker build exited {built.returncode}:\n{tail}"
    size_mb = int(docker("image", "inspect", "--format", "{{.Size}}", SERVICE_TAG)) / 1e6
    base_seconds = sum(base_image.seconds.values())
    base_note = (
        f"base built first in {base_seconds:.1f} s, {base_seconds + build_s:.1f} s in all"
        if base_image.built
        else "base reused"
    )
    report(
        "image",
        f"size {size_mb:.1f} MB, build {build_s:.1f} s ({base_note})",
        tag=SERVICE_TAG,
        size_mb=round(size_mb, 1),
        build_s=round(build_s, 1),
        base=base_image.tag,
        base_seconds={name: round(value, 1) for name, value in base_image.seconds.items()},
    )
    return ServiceImage(SERVICE_TAG, base_image, build_s, size_mb)
