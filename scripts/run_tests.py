"""The test suite in three groups, so that every core is busy and the timed tests run alone.

    python -m scripts.run_tests [PYTEST ARGUMENTS...]

1. The tests marked neither ``serial``, ``own_process`` nor ``container``, under pytest-xdist
   on every core (one test file per worker), while the ``own_process`` tests run beside them in
   a pytest of their own: schemathesis's generated cases share one test id, which pytest-xdist
   cannot deal out. Their output is printed once they end.
2. The ``container`` tests alone: building an image keeps every core busy, which would starve
   the browser tests' deadlines.
3. The ``serial`` tests alone: they time themselves.

The arguments go to every run. A run that selects no test (pytest's status 5) counts as passed;
the status is the first failing run's.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile

NO_TESTS_SELECTED = 5


def pytest_command(marks: str, extra: list[str], *, workers: bool = False) -> list[str]:
    """A pytest command line for the tests of ``marks``."""
    spread = ["-n", "auto", "--dist", "loadfile"] if workers else []
    return [sys.executable, "-m", "pytest", *spread, "-m", marks, *extra]


def passed(status: int) -> bool:
    """Whether a pytest exit status counts as passed."""
    return status in (0, NO_TESTS_SELECTED)


def main(extra: list[str]) -> int:
    """Run the groups; the first failing status, else 0."""
    with tempfile.TemporaryFile("w+") as aside_output:
        aside = subprocess.Popen(
            pytest_command("own_process", extra),
            stdout=aside_output,
            stderr=subprocess.STDOUT,
            text=True,
        )
        spread = subprocess.call(
            pytest_command("not serial and not own_process and not container", extra, workers=True)
        )
        aside_status = aside.wait()
        aside_output.seek(0)
        print(aside_output.read(), end="", flush=True)
    containers = subprocess.call(pytest_command("container", extra))
    alone = subprocess.call(pytest_command("serial", extra))
    for status in (spread, aside_status, containers, alone):
        if not passed(status):
            return status
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
