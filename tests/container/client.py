"""HTTP from the tests to the containers (urllib only), and the docker commands they run."""

from __future__ import annotations

import http.client
import json
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from email.message import Message
from typing import Any, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Answer:
    """A status, the headers and the body of one HTTP answer."""

    status: int
    headers: Message
    body: bytes

    @property
    def content_type(self) -> str:
        """The media type of the body, without its parameters."""
        return self.headers.get_content_type()

    def json(self) -> Any:
        """The body decoded as JSON."""
        return json.loads(self.body)


def fetch(url: str, body: Any = None, method: str | None = None, timeout_s: float = 30) -> Answer:
    """One request (JSON ``body`` when given); HTTP errors are answers, not exceptions."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as answer:
            return Answer(int(answer.status), answer.headers, answer.read())
    except urllib.error.HTTPError as error:
        with error:
            return Answer(int(error.code), error.headers, error.read())


def eventually(attempt: Callable[[], T | None], limit_s: float, what: str) -> T:
    """The first value other than None that ``attempt`` gives (connection errors count as
    None), retried every 50 ms for at most ``limit_s`` seconds."""
    deadline = time.monotonic() + limit_s
    while True:
        try:
            value = attempt()
        except (urllib.error.URLError, http.client.HTTPException, ConnectionError, TimeoutError):
            value = None
        if value is not None:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not within {limit_s:.0f} s")
        time.sleep(0.05)


def docker(*args: str, timeout_s: float = 120, env: dict[str, str] | None = None) -> str:
    """The output of a docker (or docker-compose, as ``args[0]``) command that must succeed."""
    argv = list(args) if args[0] == "docker-compose" else ["docker", *args]
    done = subprocess.run(
        argv, capture_output=True, text=True, check=False, timeout=timeout_s, env=env
    )
    assert done.returncode == 0, f"{' '.join(argv)} exited {done.returncode}:\n{done.stderr}"
    return done.stdout


def host_url(container: str, port: int) -> str:
    """``http://127.0.0.1:<host port>`` of a published container port."""
    published = docker("port", container, f"{port}/tcp").split()[0]
    host_port = published.rsplit(":", 1)[1]
    return f"http://127.0.0.1:{host_port}"


def logs(container: str) -> str:
    """Everything the container wrote, standard output and error alike."""
    done = subprocess.run(
        ["docker", "logs", container],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout


def log_entries(container: str) -> list[dict[str, Any]]:
    """The container's JSON log lines, decoded."""
    return [json.loads(line) for line in logs(container).splitlines() if line.startswith("{")]
