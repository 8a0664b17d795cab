"""The API's job reads against a jobs' Redis that accepts connections and never answers (a
silent outage): each is a 503 with Retry-After after the reads' own short timeout
(``SCOPA_JOBS_READ_TIMEOUT_MS``), not the writes' 10 s."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from service.api.app import create_app
from tests.api.problem_asserts import assert_problem

READ_TIMEOUT_MS = 300
# Far under the writes' 10 s read timeout, well over the reads' 0.3 s.
BUDGET_S = 3.0


@pytest.fixture
def silent_port() -> Iterator[int]:
    """A TCP server that accepts every connection and never sends a byte."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                connection, _ = server.accept()
            except OSError:
                return
            held.append(connection)

    threading.Thread(target=accept, daemon=True).start()
    yield server.getsockname()[1]
    server.close()
    for connection in held:
        connection.close()


@pytest.mark.parametrize(
    "path", ["/v1/jobs", "/v1/jobs/abc", "/v1/jobs/abc/results", "/v1/jobs/abc/download"]
)
def test_a_job_read_from_a_silent_store_is_a_quick_503(silent_port: int, path: str) -> None:
    app = create_app(
        {
            "TESTING": True,
            "JOBS_REDIS_URL": f"redis://127.0.0.1:{silent_port}/0",
            "JOBS_READ_TIMEOUT_MS": READ_TIMEOUT_MS,
        }
    )
    start = time.monotonic()
    answer = app.test_client().get(path)
    took_s = time.monotonic() - start
    assert_problem(answer, 503)
    assert int(answer.headers["Retry-After"]) > 0
    assert READ_TIMEOUT_MS / 1000 <= took_s < BUDGET_S
