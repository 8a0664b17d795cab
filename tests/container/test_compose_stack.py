"""deploy/docker-compose.yml brought up as a user brings it up (two random Redis passwords,
``docker-compose -p ... up``), on the service image and a locally built Redis image, then a
review job run three times with the same body: undisturbed; with a worker container killed
(SIGKILL) in the middle of a record; with the queue Redis container restarted mid-job. Each
run ends with exactly one line per record, byte-identical to the undisturbed run's."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from service.api.examples import finished_record
from tests.container.base_image import Made
from tests.container.client import docker, eventually, fetch, log_entries, logs
from tests.container.conftest import ROOT, ServiceImage
from tests.container.figures import report

pytestmark = [pytest.mark.integration, pytest.mark.container, pytest.mark.timeout(1200)]

COMPOSE_FILE = ROOT / "deploy" / "docker-compose.yml"
WORKERS = 2
RECORDS = 10
# About 0.7 s a record on one core here: long enough to be caught in the middle of one.
ITERATIONS = 8000
JOB_LIMIT_S = 240.0


@dataclass
class Stack:
    """A compose project of deploy/docker-compose.yml with the test images put in, and the
    API's URL on this machine once it is up."""

    project: str
    env: dict[str, str] = field(repr=False)
    # The compose files, the first deploy/docker-compose.yml, the last the test's images.
    files: tuple[Path, ...]
    api: str = ""

    def argv(self) -> list[str]:
        """docker-compose and its options for this project."""
        files = [option for path in self.files for option in ("--file", str(path))]
        return ["docker-compose", "--project-name", self.project, *files]

    def compose(self, *args: str, timeout_s: float = 300) -> str:
        """The output of a docker-compose command on this project, which must succeed."""
        return docker(*self.argv(), *args, env=self.env, timeout_s=timeout_s)

    def containers(self, service: str) -> list[str]:
        """The ids of the service's containers."""
        return self.compose("ps", "--quiet", service).split()

    def container(self, service: str) -> str:
        """The id of the service's one container."""
        (only,) = self.containers(service)
        return only

    def take_down(self, log: Path) -> None:
        """Save every container's log to ``log``, then remove the stack and its volumes."""
        with log.open("w") as out:
            subprocess.run(
                [*self.argv(), "logs", "--no-color", "--timestamps"],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=self.env,
                check=False,
                timeout=120,
            )
        self.compose("down", "--volumes", "--timeout", "30")

    def published_api(self) -> str:
        """The URL of the API's published port 8000."""
        published = self.compose("port", "api", "8000").strip()
        return f"http://127.0.0.1:{published.rsplit(':', 1)[1]}"


def running(container: str) -> bool:
    """Whether the container runs (not paused, exited or restarting)."""
    state = json.loads(docker("inspect", "--format", "{{json .State}}", container))
    return bool(state["Running"] and not state["Paused"] and not state["Restarting"])


def times_said(container: str, text: str) -> int:
    """How many of the container's log lines hold ``text``."""
    return sum(text in line for line in logs(container).splitlines())


def starts(worker: str) -> int:
    """How many times the worker's process has started taking record tasks."""
    return times_said(worker, "taking record tasks")


def wait_taking_tasks(worker: str, started: int = 1) -> None:
    """Return once the worker's process has started ``started`` times."""
    eventually(lambda: starts(worker) >= started or None, 120, f"worker {worker[:12]} taking tasks")


def ready_api(stack: Stack) -> dict[str, Any] | None:
    """The API's /readyz body once it answers 200."""
    answer = fetch(f"{stack.api}/readyz", timeout_s=5)
    if answer.status != 200:
        return None
    body: dict[str, Any] = answer.json()
    return body


@pytest.fixture(scope="module")
def stack(
    service_image: ServiceImage, redis_image: Made, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Stack]:
    """The compose stack up, both workers taking tasks; taken down with its volume after."""
    # Compose reads JSON as YAML: the images built here in place of the file's (no registry).
    images = tmp_path_factory.mktemp("compose") / "images.yml"
    services = {
        "api": service_image.tag,
        "worker": service_image.tag,
        "redis": redis_image.tag,
        "queue-redis": redis_image.tag,
    }
    images.write_text(
        json.dumps({"services": {name: {"image": tag} for name, tag in services.items()}})
    )
    env = {
        **os.environ,
        "REDIS_PASSWORD": secrets.token_hex(32),
        "QUEUE_REDIS_PASSWORD": secrets.token_hex(32),
    }
    made = Stack(f"scopa-test-{secrets.token_hex(4)}", env, (COMPOSE_FILE, images))
    try:
        started = time.monotonic()
        made.compose("up", "--detach", "--no-build")
        made.api = made.published_api()
        eventually(lambda: ready_api(made), 120, "the API ready")
        for worker in made.containers("worker"):
            wait_taking_tasks(worker)
        up_s = time.monotonic() - started
        report("compose up", f"stack up, API ready and workers taking tasks in {up_s:.1f} s")
        yield made
    finally:
        made.take_down(Path("/tmp/scopa-compose-stack.log"))


def review_job() -> dict[str, Any]:
    """A review job of one finished scopa hand, RECORDS times, each with its own seed."""
    record = finished_record()
    reviews = [
        {"record": record, "seats": [0], "budget": {"iterations": ITERATIONS}, "seed": seed}
        for seed in range(RECORDS)
    ]
    return {"review": {"reviews": reviews}}


@dataclass
class Progress:
    """A job as followed by polling its results: when each record's line was first seen,
    how many polls the API did not answer, and the job once it ended."""

    job: dict[str, Any]
    kept_at: dict[int, float] = field(default_factory=dict)
    failed_polls: int = 0
    ended: dict[str, Any] | None = None

    def kept_between(self, start: float, end: float) -> list[int]:
        """The records whose line was first seen in [start, end)."""
        return sorted(i for i, at in self.kept_at.items() if start <= at < end)


def poll(stack: Stack, progress: Progress) -> None:
    """One look at the job's results: new lines timed, the job kept once it has ended."""
    path = progress.job["links"]["results"]
    try:
        answer = fetch(f"{stack.api}{path}?offset=0&limit=100", timeout_s=10)
    except OSError:
        progress.failed_polls += 1
        return
    if answer.status != 200:
        progress.failed_polls += 1
        return
    page = answer.json()
    now = time.monotonic()
    for item in page["items"]:
        progress.kept_at.setdefault(int(item["index"]), now)
    if page["state"] in {"done", "failed", "cancelled"}:
        job = fetch(f"{stack.api}{progress.job['links']['self']}")
        assert job.status == 200, job.body
        progress.ended = job.json()


def follow(
    stack: Stack,
    progress: Progress,
    until: Callable[[Progress], bool] = lambda _: False,
) -> Progress:
    """Poll the job every 50 ms until it ends or ``until`` holds."""
    deadline = time.monotonic() + JOB_LIMIT_S
    while progress.ended is None and not until(progress):
        assert time.monotonic() < deadline, f"job not ended in {JOB_LIMIT_S:.0f} s: {progress}"
        poll(stack, progress)
        time.sleep(0.05)
    return progress


def answers_ping(redis: str, password: str | None = None) -> bool | None:
    """True once the Redis container answers PING with PONG (not LOADING, not stopped), as
    its default user (with ``password``, signed in)."""
    auth = ["--env", f"REDISCLI_AUTH={password}"] if password else []
    answer = subprocess.run(
        ["docker", "exec", *auth, redis, "redis-cli", "--no-auth-warning", "ping"],
        capture_output=True,
        text=True,
        check=False,
        timeout=30,
    )
    return answer.stdout.strip() == "PONG" or None


def empty_the_advice_cache(stack: Stack) -> None:
    """Restart the cache Redis (it keeps nothing on disk), so that each run searches every
    record itself rather than reading an earlier run's answers."""
    redis = stack.container("redis")
    docker("restart", redis)
    eventually(lambda: answers_ping(redis), 30, "the cache Redis back")


def started_job(stack: Stack) -> Progress:
    """A new review job, the advice cache emptied first."""
    empty_the_advice_cache(stack)
    made = fetch(f"{stack.api}/v1/jobs", review_job())
    assert made.status == 202, made.body
    return Progress(made.json())


def record_lines(stack: Stack, progress: Progress) -> list[bytes]:
    """The ended job's download less its summary, which must count every record reviewed."""
    assert progress.ended is not None
    assert progress.ended["state"] == "done", progress.ended
    answer = fetch(f"{stack.api}{progress.job['links']['download']}")
    assert (answer.status, answer.content_type) == (200, "application/x-ndjson")
    *lines, summary = answer.body.splitlines()
    assert json.loads(summary) == {
        "id": progress.job["id"],
        "problems": 0,
        "records": RECORDS,
        "reviewed": RECORDS,
        "state": "done",
        "type": "summary",
    }
    parsed = [json.loads(line) for line in lines]
    assert [line["index"] for line in parsed] == list(range(RECORDS))
    assert {line["type"] for line in parsed} == {"review"}
    return lines


def records_logged(container: str, job_id: str, event: str) -> set[int]:
    """The records of a job a worker's log says it has taken or kept."""
    return {
        int(entry["record"])
        for entry in log_entries(container)
        if entry.get("job") == job_id and str(entry.get("message", "")).endswith(event)
    }


def kept_in_store(stack: Stack, job_id: str) -> set[int] | None:
    """The records whose line the job's store has (None if the API did not answer)."""
    answer = fetch(f"{stack.api}/v1/jobs/{job_id}/results?offset=0&limit=100", timeout_s=10)
    if answer.status != 200:
        return None
    return {int(item["index"]) for item in answer.json()["items"]}


def pause_mid_record(stack: Stack, job_id: str, limit_s: float = 60) -> tuple[str, int]:
    """Pause (freeze) a worker once it holds a record it has taken and whose line the store
    lacks, and give it and that record. Checked while it is paused, so it cannot keep the
    line meanwhile."""
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        for worker in stack.containers("worker"):
            docker("pause", worker)
            try:
                kept = kept_in_store(stack, job_id)
                taken = records_logged(worker, job_id, "taken")
            except BaseException:
                docker("unpause", worker)
                raise
            in_hand = sorted(taken - kept) if kept is not None else []
            if in_hand:
                return worker, in_hand[0]
            docker("unpause", worker)
        time.sleep(0.02)
    raise AssertionError("no worker was caught holding a record")


@pytest.fixture(scope="module")
def undisturbed(stack: Stack) -> list[bytes]:
    """The lines of the job run without disturbance."""
    progress = started_job(stack)
    started = time.monotonic()
    follow(stack, progress)
    took_s = time.monotonic() - started
    lines = record_lines(stack, progress)
    report(
        "drill undisturbed",
        f"{RECORDS} records in {took_s:.1f} s on {WORKERS} workers, problems 0, "
        f"failed polls {progress.failed_polls}",
        seconds=took_s,
        failed_polls=progress.failed_polls,
    )
    return lines


def redis_cli(container: str, *args: str, password: str | None = None) -> str:
    """What redis-cli in the container answers (errors too: its exit status varies by
    version), as its default user or, with ``password``, as ``--user`` of ``args``."""
    auth = ["--env", f"REDISCLI_AUTH={password}"] if password else []
    answer = subprocess.run(
        ["docker", "exec", *auth, container, "redis-cli", "--no-auth-warning", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
        timeout=30,
    )
    return answer.stdout.strip()


def test_the_stack_runs_its_workers_beside_a_ready_api_and_locked_redis(stack: Stack) -> None:
    # deploy: replicas: 2 is honoured: two workers, each running and taking tasks.
    workers = stack.containers("worker")
    assert len(workers) == WORKERS and all(running(worker) for worker in workers)
    assert ready_api(stack) == {"degraded": [], "kernel": "compiled", "status": "ready"}
    redis, queue = stack.container("redis"), stack.container("queue-redis")
    version = docker("exec", redis, "redis-server", "--version").split()[2]
    report("redis version", version.removeprefix("v="))
    # The file's ACL on the command line: without a password only PING; its user with one,
    # and only on its keys.
    assert redis_cli(redis, "ping") == "PONG"
    assert "NOPERM" in redis_cli(redis, "set", "scopa:probe", "1")
    scopa = {"password": stack.env["REDIS_PASSWORD"]}
    assert redis_cli(redis, "--user", "scopa", "set", "scopa:probe", "1", **scopa) == "OK"
    assert "NOPERM" in redis_cli(redis, "--user", "scopa", "set", "elsewhere", "1", **scopa)
    assert "NOPERM" in redis_cli(redis, "--user", "scopa", "flushall", **scopa)
    # The queue Redis answers nothing without its password: its default user has the queue's
    # rights behind it (the append-only file replays as default: redis_secret.queue_acl_users).
    assert "NOAUTH" in redis_cli(queue, "ping")
    assert "NOAUTH" in redis_cli(queue, "keys", "*")
    jobs = {"password": stack.env["QUEUE_REDIS_PASSWORD"]}
    assert redis_cli(queue, "ping", **jobs) == "PONG"
    assert redis_cli(queue, "--user", "scopa-jobs", "exists", "scopa:job:probe", **jobs) == "0"
    assert "NOPERM" in redis_cli(queue, "--user", "scopa-jobs", "config", "get", "dir", **jobs)
    # The queue's append-only file, on the named volume.
    assert "appendonlydir" in docker("exec", queue, "ls", "/data")


def test_a_job_runs_to_one_line_per_record_undisturbed(undisturbed: list[bytes]) -> None:
    assert len(undisturbed) == RECORDS


def test_a_job_outlives_a_worker_killed_in_the_middle_of_a_record(
    stack: Stack, undisturbed: list[bytes]
) -> None:
    progress = follow(stack, started_job(stack), lambda p: len(p.kept_at) >= 2)
    victim, in_hand = pause_mid_record(stack, progress.job["id"])
    killed_at = time.monotonic()
    docker("kill", victim)
    before = set(progress.kept_at)
    try:
        follow(stack, progress)
        lines = record_lines(stack, progress)
    finally:
        # Back to two workers for what follows.
        docker("start", victim)
        wait_taking_tasks(victim, started=2)
    survivor = next(worker for worker in stack.containers("worker") if worker != victim)
    # The dead worker's record went back on the queue and the other one reviewed it.
    assert in_hand in records_logged(survivor, progress.job["id"], "kept")
    assert in_hand not in records_logged(victim, progress.job["id"], "kept")
    back_at = progress.kept_at[in_hand]
    later = [at for i, at in progress.kept_at.items() if i not in before]
    during = progress.kept_between(killed_at, back_at)
    after = progress.kept_between(back_at + 1e-9, float("inf"))
    end_s = max(progress.kept_at.values()) - killed_at
    report(
        "drill worker killed",
        f"{RECORDS} records: {len(before)} before, {len(during)} during, {len(after)} after; "
        f"problems 0, failed polls {progress.failed_polls}; next line "
        f"{min(later) - killed_at:.1f} s after the SIGKILL, the lost record {in_hand} back "
        f"after {back_at - killed_at:.1f} s, job end after {end_s:.1f} s",
        before=len(before),
        during=len(during),
        after=len(after),
        failed_polls=progress.failed_polls,
        next_line_s=min(later) - killed_at,
        lost_record_back_s=back_at - killed_at,
        end_s=end_s,
    )
    assert lines == undisturbed


def test_a_job_outlives_a_queue_redis_restart_in_its_middle(
    stack: Stack, undisturbed: list[bytes]
) -> None:
    progress = follow(stack, started_job(stack), lambda p: len(p.kept_at) >= 2)
    queue = stack.container("queue-redis")
    started_before = {worker: starts(worker) for worker in stack.containers("worker")}
    restarted_at = time.monotonic()
    docker("restart", queue)
    back_at = time.monotonic()
    # PING answers once the append-only file is loaded (LOADING before).
    password = stack.env["QUEUE_REDIS_PASSWORD"]
    eventually(lambda: answers_ping(queue, password), 30, "the queue Redis loaded")
    refused = times_said(queue, "AOF-loading-client")
    assert refused == 0, (
        f"the queue Redis refused {refused} commands of its append-only file when it started "
        "again: Redis replays MULTI/EXEC blocks as its default user, which the file allows only "
        "PING, and EXEC checks the ACL again (redis/redis#14541, fixed by redis/redis#14545), "
        "so every transaction since the file's last rewrite is lost"
    )
    before = {i for i, at in progress.kept_at.items() if at < restarted_at}
    assert len(before) < RECORDS
    follow(stack, progress)
    lines = record_lines(stack, progress)
    during = progress.kept_between(restarted_at, back_at)
    after = progress.kept_between(back_at, float("inf"))
    assert after, "every record was kept before the queue Redis came back"
    next_s = min(progress.kept_at[i] for i in after) - restarted_at
    end_s = max(progress.kept_at.values()) - restarted_at
    report(
        "drill queue redis restarted",
        f"{RECORDS} records: {len(before)} before, {len(during)} during, {len(after)} after; "
        f"problems 0, failed polls {progress.failed_polls}; restart took "
        f"{back_at - restarted_at:.1f} s, next line {next_s:.1f} s after it began, "
        f"job end after {end_s:.1f} s",
        before=len(before),
        during=len(during),
        after=len(after),
        failed_polls=progress.failed_polls,
        restart_s=back_at - restarted_at,
        next_line_s=next_s,
        end_s=end_s,
    )
    # The queue Redis did stop and start again (loading its file); the workers went on through
    # it (meeting it stopped, or reconnecting after it came back), neither of them restarted.
    assert times_said(queue, "Ready to accept connections") >= 2
    assert {worker: starts(worker) for worker in stack.containers("worker")} == started_before
    assert all(running(worker) for worker in stack.containers("worker"))
    assert lines == undisturbed
