"""The first hour on a fresh machine, timed: the README's two commands and its first examples,
run in an empty folder on a clone of the repository.

    python -m scripts.fresh_clone [--commit HEAD] [--examples 5] [--skip-tests] [--keep]

1. ``git clone`` of the commit (committed work only) into an empty temporary folder.
2. ``make serve`` there, as the README says (on free ports): the time from the command to
   ``/healthz`` and to ``/readyz`` answering 200, cold (the virtual environment made, the
   runtime set installed, the search kernel compiled), and the size of that environment.
3. The README's first console examples run against that server, each compared with what the
   README shows (scripts/doc_examples.py matching); any difference fails the check.
4. ``make serve`` again: the time to ready once the environment exists (warm).
5. ``make test`` (skipped with ``--skip-tests``): its time, its status, and the environment's
   size with the development set added.

Exits 1 when a step fails. The figures are quoted in docs/operations.md ("From a fresh clone").
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scripts import doc_examples

ROOT = doc_examples.ROOT
READY_TIMEOUT_S = 900.0


def size_mb(folder: Path) -> float:
    """The disk space a folder's files take, in MB (du's count of blocks)."""
    out = subprocess.run(["du", "-sk", str(folder)], capture_output=True, text=True, check=True)
    return int(out.stdout.split()[0]) / 1024


def serve(
    clone: Path, api: str, metrics: str, log: Path
) -> tuple[subprocess.Popen[bytes], float, float]:
    """``make serve`` in the clone; the process and its seconds to the master's /healthz (the
    monitoring port) and to the API's /readyz."""
    env = doc_examples.fresh_environment({"SCOPA_METRICS_PORT": metrics.rpartition(":")[2]})
    start = time.monotonic()
    process = subprocess.Popen(
        ["make", "serve", f"BIND={api}"],
        cwd=clone,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    healthy = None
    while True:
        if process.poll() is not None:
            raise SystemExit(f"make serve stopped (status {process.returncode}): see {log}")
        if time.monotonic() - start > READY_TIMEOUT_S:
            stop(process)
            raise SystemExit(f"make serve was not ready within {READY_TIMEOUT_S:.0f} s")
        if healthy is None and doc_examples.answers(f"http://{metrics}/healthz"):
            healthy = time.monotonic() - start
        if doc_examples.answers(f"http://{api}/readyz"):
            return process, healthy or time.monotonic() - start, time.monotonic() - start
        time.sleep(0.2)


def stop(process: subprocess.Popen[bytes]) -> None:
    """Stop ``make serve`` and its gunicorn."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def first_examples(clone: Path, api: str, metrics: str, count: int) -> list[str]:
    """Run the clone's README's first ``count`` console examples; their differences."""
    readme = clone / "README.md"
    lines = readme.read_text(encoding="utf-8").split("\n")
    examples = [e for block in doc_examples.blocks_of(lines) for e in block.examples][:count]
    addresses = doc_examples.Addresses({doc_examples.API: api, doc_examples.METRICS: metrics})
    problems = []
    with tempfile.TemporaryDirectory(prefix="scopa-first-") as folder:
        shell = doc_examples.Shell(Path(folder), doc_examples.fresh_environment())
        try:
            for example in examples:
                text = addresses.to_real("\n".join(example.command).removeprefix("$ "))
                printed = [addresses.to_shown(out) for out in shell.run(text)]
                status = "same" if doc_examples.matches(example.output, printed) else "DIFFERS"
                print(f"  {status}: {example.command[0][:90]}")
                if status != "same":
                    problems.append(
                        f"{example.command[0]}\n  shown: {example.output}\n  printed: {printed}"
                    )
        finally:
            shell.close()
    return problems


def main(argv: list[str] | None = None) -> int:
    """Run the steps and print their figures; the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--commit", default="HEAD", help="what to clone (committed work only)")
    parser.add_argument("--examples", type=int, default=5, help="the README's first examples")
    parser.add_argument("--skip-tests", action="store_true", help="leave make test out")
    parser.add_argument("--keep", action="store_true", help="keep the folder")
    args = parser.parse_args(argv)
    top = Path(tempfile.mkdtemp(prefix="scopa-fresh-"))
    clone, log = top / "scopa", top / "make.log"
    commit = subprocess.run(
        ["git", "rev-parse", args.commit], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    subprocess.run(["git", "clone", "--quiet", "--no-checkout", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "checkout", "--quiet", commit], cwd=clone, check=True)
    print(f"fresh clone of {commit[:12]} in {clone}")
    api = f"127.0.0.1:{doc_examples.free_port()}"
    metrics = f"127.0.0.1:{doc_examples.free_port()}"
    failed = False
    process, healthy, ready = serve(clone, api, metrics, log)
    print(f"make serve, cold: master /healthz {healthy:.1f} s, API /readyz {ready:.1f} s")
    print(f"serving environment (.venv): {size_mb(clone / '.venv'):.0f} MB")
    try:
        print(f"the README's first {args.examples} examples:")
        problems = first_examples(clone, api, metrics, args.examples)
        failed = bool(problems)
        for problem in problems:
            print(problem)
    finally:
        stop(process)
    process, healthy, ready = serve(clone, api, metrics, log)
    stop(process)
    print(f"make serve, warm: master /healthz {healthy:.1f} s, API /readyz {ready:.1f} s")
    if not args.skip_tests:
        start = time.monotonic()
        status = subprocess.call(
            ["make", "test"],
            cwd=clone,
            env=doc_examples.fresh_environment(),
            stdout=log.open("ab"),
            stderr=subprocess.STDOUT,
        )
        took = time.monotonic() - start
        print(f"make test: status {status} after {took / 60:.1f} min (log: {log})")
        print(f"environment with the development set: {size_mb(clone / '.venv'):.0f} MB")
        failed = failed or status != 0
    if args.keep or failed:
        print(f"kept {top}")
    else:
        subprocess.run(["rm", "-rf", str(top)], check=False)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
