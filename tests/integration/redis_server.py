"""A throwaway redis-server on a free loopback port that tests may stop, pause and restart."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import redis

from tests.required_tools import required_tool


def redis_server_binary() -> str:
    """The redis-server path; skip without one, but fail under CI where Redis is required."""
    return required_tool("redis-server", "redis-server")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class RedisServer:
    """One redis-server process, restartable on the same port: without persistence, or with
    an append-only file written at every command (``durable``), as a job queue's Redis."""

    def __init__(
        self,
        workdir: Path,
        port: int | None = None,
        *,
        durable: bool = False,
        extra_args: tuple[str, ...] = (),
    ):
        self.binary = redis_server_binary()
        self.workdir = workdir
        self.port = port or free_port()
        self.durable = durable
        self.extra_args = extra_args
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def client(self) -> redis.Redis:
        """A plain client for inspecting the server from a test."""
        return redis.Redis(host="127.0.0.1", port=self.port, socket_timeout=2)

    def start(self) -> None:
        """Start the server and wait until it answers PING."""
        log = (self.workdir / "redis.log").open("ab")
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                *(
                    ("--appendonly", "yes", "--appendfsync", "always")
                    if self.durable
                    else ("--appendonly", "no")
                ),
                "--dir",
                str(self.workdir),
                *self.extra_args,
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        log.close()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(
                    f"redis-server exited: {(self.workdir / 'redis.log').read_text()}"
                )
            try:
                with self.client() as client:
                    if client.ping():
                        return
            except redis.ConnectionError:
                time.sleep(0.02)
        raise RuntimeError("redis-server did not answer PING within 10 s")

    def stop(self) -> None:
        """Stop the server (its data is gone, unless it is durable)."""
        if self.process is None:
            return
        self.resume()
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process = None

    def kill(self) -> None:
        """SIGKILL, as a lost machine: nothing is flushed or handed over."""
        if self.process is None:
            return
        self.resume()
        self.process.kill()
        self.process.wait(timeout=10)
        self.process = None

    def pause(self) -> None:
        """Freeze the server so clients hit their read timeout instead of a refusal."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        """Unfreeze a paused server."""
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)


def clients_settle(inspect: Any, expected: int, limit_s: float = 5.0) -> int:
    """The server's count of connected clients, once it is ``expected`` or ``limit_s`` has
    passed."""
    deadline = time.monotonic() + limit_s
    while True:
        connected = int(inspect.info("clients")["connected_clients"])
        if connected == expected or time.monotonic() > deadline:
            return connected
        time.sleep(0.02)
