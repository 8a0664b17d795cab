"""The overload drill, short form (tests/benchmarks/drill_overload.py; the full form is
``make drill-overload``): many clients of cache-missing advice against the default gunicorn,
probes answered at once by the master, every answer a 200 in time or a 503 with Retry-After."""

from __future__ import annotations

import os

import pytest

from scripts.local_gunicorn import gunicorn_path
from tests.benchmarks.drill_overload import run_drill

# Run alone, after the rest (scripts/run_tests.py): it measures answer times under a load it
# makes itself.
pytestmark = [pytest.mark.integration, pytest.mark.serial]

if gunicorn_path() is None and os.environ.get("CI", "").lower() != "true":
    pytest.skip("gunicorn is not installed (never skipped in CI)", allow_module_level=True)


def test_an_overloaded_server_sheds_searches_and_keeps_its_probes_fast() -> None:
    report = run_drill(seconds=6.0, clients=64, processes=2)
    print("\n".join(report.lines()))
    assert report.passed, report.failures
    assert report.ok > 0
    # 64 clients of default (50 ms) searches on the default workers: more than they can start
    # in time.
    assert report.shed > 0
