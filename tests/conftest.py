"""Suite-wide pytest hooks and fixtures: the search kernel backend in the header, and a
private Redis server for the tests that need a real one."""

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

# Apps the tests make do not warm their search up (seconds of CPU each); the tests of the
# warm-up ask for it.
os.environ.setdefault("SCOPA_WARMUP", "false")
# Jobs without Redis are kept in an SQLite file: this run's own, not the machine's.
os.environ.setdefault("SCOPA_JOBS_DIR", tempfile.mkdtemp(prefix="scopa-test-jobs-"))

from service.search.kernel.backend import active_backend, requested
from tests.integration.redis_server import RedisServer


def pytest_report_header() -> str:
    """The search kernel backend in use (SCOPA_KERNEL)."""
    return f"search kernel: {active_backend()} (SCOPA_KERNEL={requested()})"


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of the test's own on a free loopback port, stopped afterwards."""
    server = RedisServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()
