"""deploy/docker-compose.yml with deploy/docker-compose.sentinel.yml over it, brought up as a
user brings it up: each Redis a primary and two replicas behind three Sentinels (the scripts of
deploy/k8s/redis-ha, as in Kubernetes). A review job run undisturbed, then again with the queue's
primary container killed (SIGKILL) in the middle: a replica is promoted, the job ends with one
line a record, byte-identical to the undisturbed run's; the killed server, started again, follows
the new primary."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.container.base_image import Made
from tests.container.client import docker, eventually, fetch
from tests.container.conftest import ROOT, ServiceImage
from tests.container.figures import report
from tests.container.test_compose_stack import (
    COMPOSE_FILE,
    RECORDS,
    Progress,
    Stack,
    follow,
    ready_api,
    record_lines,
    review_job,
    wait_taking_tasks,
)

pytestmark = [pytest.mark.integration, pytest.mark.container, pytest.mark.timeout(1200)]

OVERLAY = ROOT / "deploy" / "docker-compose.sentinel.yml"
QUEUE_SERVERS = ("queue-redis", "queue-redis-2", "queue-redis-3")


def sentinel_answer(stack: Stack, sentinel: str, *command: str) -> str:
    """A queue Sentinel's answer (it asks for no password)."""
    container = stack.container(sentinel)
    return docker("exec", container, "redis-cli", "-p", "26379", "--raw", *command)


def queue_primary(stack: Stack) -> str:
    """The queue group's primary (its service name), as the first queue Sentinel names it."""
    answer = sentinel_answer(
        stack, "queue-sentinel-1", "SENTINEL", "get-master-addr-by-name", "scopa-jobs"
    )
    return answer.split()[0] if answer.strip() else ""


def role(stack: Stack, server: str) -> str:
    """A queue server's role, as the Sentinels' user reads it; empty while it does not answer."""
    answer = subprocess.run(
        [
            "docker", "exec", "--env", f"REDISCLI_AUTH={stack.env['SENTINEL_PASSWORD']}",
            stack.container(server), "redis-cli", "--no-auth-warning", "--user", "sentinel",
            "--raw", "role",
        ],
        capture_output=True, text=True, check=False, timeout=30,
    )  # fmt: skip
    return answer.stdout.split("\n", 1)[0] if answer.returncode == 0 else ""


def promoted(stack: Stack, old: str) -> str | None:
    """The queue's primary once it is another server than ``old``."""
    found = queue_primary(stack)
    return found if found and found != old else None


@pytest.fixture(scope="module")
def ha_stack(
    service_image: ServiceImage, redis_image: Made, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Stack]:
    """The stack with both Redis groups up and both workers taking tasks; the advice cache off
    (each run searches every record itself); taken down with its volumes after."""
    images = tmp_path_factory.mktemp("compose-ha") / "images.yml"
    no_cache = {"SCOPA_ADVICE_CACHE": "false"}
    services = {
        "api": {"image": service_image.tag, "environment": no_cache},
        "worker": {"image": service_image.tag, "environment": no_cache},
        "redis": {"image": redis_image.tag},
        "queue-redis": {"image": redis_image.tag},
    }
    images.write_text(json.dumps({"services": services}))
    env = {
        **os.environ,
        "REDIS_PASSWORD": secrets.token_hex(32),
        "QUEUE_REDIS_PASSWORD": secrets.token_hex(32),
        "REPLICA_PASSWORD": secrets.token_hex(32),
        "SENTINEL_PASSWORD": secrets.token_hex(32),
        # The overlay's own Redis services (replicas, Sentinels) take their image from here.
        "SCOPA_REDIS_IMAGE": redis_image.tag,
    }
    made = Stack(f"scopa-ha-{secrets.token_hex(4)}", env, (COMPOSE_FILE, OVERLAY, images))
    try:
        started = time.monotonic()
        made.compose("up", "--detach", "--no-build")
        made.api = made.published_api()
        eventually(lambda: ready_api(made), 180, "the API ready")
        for worker in made.containers("worker"):
            wait_taking_tasks(worker)
        eventually(
            lambda: sorted(role(made, s) for s in QUEUE_SERVERS) == ["master", "slave", "slave"],
            60,
            "the queue group: a primary and two replicas",
        )
        up_s = time.monotonic() - started
        report("compose ha up", f"stack with both Redis groups up in {up_s:.1f} s", seconds=up_s)
        yield made
    finally:
        made.take_down(Path("/tmp/scopa-compose-ha.log"))


def run_job(stack: Stack) -> Progress:
    made = fetch(f"{stack.api}/v1/jobs", review_job())
    assert made.status == 202, made.body
    return Progress(made.json())


def test_a_job_outlives_its_queue_primary_killed_behind_sentinels(ha_stack: Stack) -> None:
    stack = ha_stack
    undisturbed = record_lines(stack, follow(stack, run_job(stack)))
    progress = follow(stack, run_job(stack), lambda p: len(p.kept_at) >= 2)
    old = queue_primary(stack)
    assert old in QUEUE_SERVERS
    killed_at = time.monotonic()
    docker("kill", stack.container(old))
    before = set(progress.kept_at)
    new = eventually(lambda: promoted(stack, old), 60, "a promotion")
    promoted_s = time.monotonic() - killed_at
    follow(stack, progress)
    lines = record_lines(stack, progress)
    later = [at for i, at in progress.kept_at.items() if i not in before]
    # The killed server, started again, follows the promoted one.
    docker("start", stack.container(old))
    restarted_at = time.monotonic()
    eventually(lambda: role(stack, old) == "slave" or None, 90, f"{old} a replica again")
    rejoined_s = time.monotonic() - restarted_at
    assert queue_primary(stack) == new
    report(
        "drill queue primary killed behind sentinels",
        f"{RECORDS} records: {len(before)} before, {len(later)} after the SIGKILL; problems 0, "
        f"failed polls {progress.failed_polls}; {old} -> {new} promoted in {promoted_s:.1f} s, "
        f"next line {min(later) - killed_at:.1f} s after the SIGKILL, job end after "
        f"{max(progress.kept_at.values()) - killed_at:.1f} s; {old} started again a replica "
        f"in {rejoined_s:.1f} s",
        before=len(before),
        after=len(later),
        failed_polls=progress.failed_polls,
        promoted_s=promoted_s,
        next_line_s=min(later) - killed_at,
        rejoined_s=rejoined_s,
    )
    assert lines == undisturbed
