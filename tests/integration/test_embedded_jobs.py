"""The embedded jobs (no Redis: an SQLite file and each web process's own worker thread) through
the real server: gunicorn killed with SIGKILL in the middle of a job, master and workers at once
(a machine's crash, an OOM kill of the group), and started again on the same jobs folder. The
job is adopted by the new processes once the dead ones have not been seen for 30 s, ends with
one line a record, byte-identical to an undisturbed run's. The drill prints its figures."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from scripts.local_gunicorn import running_gunicorn
from service.api.jobs.queue import STALE_S
from tests.integration.job_workers import record_lines, wait_for
from tests.integration.test_jobs_durability import assert_once_each, made, review_job

RECORDS = 12


def server_processes(port: int) -> list[int]:
    """The pids of the gunicorn bound to the port: its master and its workers (forked from it,
    they share its command line)."""
    bind = f"127.0.0.1:{port}"
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"--bind" in words and bind.encode() in words:
            found.append(int(entry.name))
    return found


def embedded_env(jobs_dir: Path) -> dict[str, str]:
    """A server with no Redis at all: the jobs in an SQLite file in ``jobs_dir``."""
    return {
        "REDIS_URL": "",
        "SCOPA_REDIS_URL": "",
        "SCOPA_JOBS_REDIS_URL": "",
        "SCOPA_JOBS_DIR": str(jobs_dir),
        "SCOPA_ADVICE_CACHE": "false",
    }


def test_a_job_outlives_the_embedded_server_killed_and_started_again(tmp_path: Path) -> None:
    env = embedded_env(tmp_path / "jobs")
    with running_gunicorn(workers=2, threads=4, env=env) as port:
        job = made(port, review_job(RECORDS))
        before = wait_for(port, job["links"]["self"], done_at_least=2)
        processes = server_processes(port)
        assert len(processes) == 3  # the master and its two workers
        for pid in processes:
            os.kill(pid, signal.SIGKILL)
        killed_at = time.monotonic()
    with running_gunicorn(workers=2, threads=4, env=env) as port:
        restarted_s = time.monotonic() - killed_at
        disturbed = wait_for(port, job["links"]["self"], limit_s=STALE_S + 120)
        ended_s = time.monotonic() - killed_at
        lines = record_lines(port, disturbed)
        again = wait_for(port, made(port, review_job(RECORDS))["links"]["self"])
        undisturbed = record_lines(port, again)
    print(
        f"\n[drill] embedded server killed (SIGKILL, master and workers) mid-job: records "
        f"{RECORDS}, done when killed {before['done']}, server up again {restarted_s:.1f} s "
        f"after, job {disturbed['state']} {ended_s:.1f} s after the kill (adopted once the dead "
        f"processes were unseen for {STALE_S:.0f} s), lines {len(lines)}, identical to an "
        f"undisturbed run: {lines == undisturbed}"
    )
    assert before["done"] < RECORDS
    assert disturbed["state"] == "done" and disturbed["done"] == RECORDS
    assert_once_each(lines, RECORDS)
    assert lines == undisturbed
