"""A Redis primary, its replicas and three Sentinels on loopback, for the failover drills.

Each server and each Sentinel is its own process on its own port, with its own folder; the
Sentinels are ``redis-server --sentinel`` (no other binary needed). They call a primary down
after ``DOWN_AFTER_MS`` without an answer and promote a replica when two of the three agree.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import redis

from tests.integration.redis_server import RedisServer, free_port, redis_server_binary

HOST = "127.0.0.1"
DOWN_AFTER_MS = 1000
FAILOVER_TIMEOUT_MS = 10_000
QUORUM = 2


class SentinelGroup:
    """A primary and ``replicas`` replicas watched by three Sentinels under ``service``."""

    def __init__(
        self, workdir: Path, service: str, *, replicas: int = 2, durable: bool = False
    ) -> None:
        self.workdir = workdir
        self.service = service
        self.durable = durable
        self.servers: list[RedisServer] = []
        primary_port = free_port()
        for number in range(replicas + 1):
            port = primary_port if number == 0 else free_port()
            folder = workdir / f"redis-{port}"
            folder.mkdir(parents=True, exist_ok=True)
            follow = () if number == 0 else ("--replicaof", HOST, str(primary_port))
            self.servers.append(RedisServer(folder, port, durable=durable, extra_args=follow))
        self.sentinel_ports = [free_port() for _ in range(3)]
        self.sentinels: list[subprocess.Popen[bytes]] = []
        self.first_primary_port = primary_port

    @property
    def url(self) -> str:
        """The service's address as the settings take it."""
        hosts = ",".join(f"{HOST}:{port}" for port in self.sentinel_ports)
        return f"redis+sentinel://{hosts}/{self.service}"

    def start(self) -> None:
        """Start the servers, wait for every replica's link, then start the Sentinels and wait
        until each knows the replicas and the other Sentinels."""
        for server in self.servers:
            server.start()
        for server in self.servers[1:]:
            wait_until(partial(link_up, server.port), f"replica {server.port} in sync")
        for port in self.sentinel_ports:
            self.sentinels.append(self.start_sentinel(port))
        for port in self.sentinel_ports:
            wait_until(partial(self.sentinel_ready, port), f"sentinel {port} ready")

    def start_sentinel(self, port: int) -> subprocess.Popen[bytes]:
        folder = self.workdir / f"sentinel-{port}"
        folder.mkdir(parents=True, exist_ok=True)
        conf = folder / "sentinel.conf"
        conf.write_text(
            "\n".join(
                [
                    f"port {port}",
                    f"bind {HOST}",
                    f"dir {folder}",
                    f"sentinel monitor {self.service} {HOST} {self.first_primary_port} {QUORUM}",
                    f"sentinel down-after-milliseconds {self.service} {DOWN_AFTER_MS}",
                    f"sentinel failover-timeout {self.service} {FAILOVER_TIMEOUT_MS}",
                    f"sentinel parallel-syncs {self.service} 1",
                    "",
                ]
            )
        )
        with (folder / "sentinel.log").open("ab") as log:
            return subprocess.Popen(
                [redis_server_binary(), str(conf), "--sentinel"],
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def sentinel_ready(self, port: int) -> bool:
        """Whether the Sentinel on ``port`` sees every replica and both other Sentinels."""
        try:
            with redis.Redis(host=HOST, port=port, socket_timeout=1) as sentinel:
                state = sentinel.sentinel_master(self.service)
        except (redis.ConnectionError, redis.ResponseError):
            return False
        return bool(
            int(state["num-slaves"]) == len(self.servers) - 1
            and int(state["num-other-sentinels"]) == len(self.sentinel_ports) - 1
        )

    def primary_port(self) -> int:
        """The primary's port as a Sentinel reports it now."""
        for port in self.sentinel_ports:
            try:
                with redis.Redis(host=HOST, port=port, socket_timeout=1) as sentinel:
                    address = sentinel.sentinel_get_master_addr_by_name(self.service)
            except redis.ConnectionError:
                continue
            if address:
                return int(address[1])
        raise RuntimeError("no Sentinel answered")

    def server(self, port: int) -> RedisServer:
        """The server on ``port``."""
        return next(server for server in self.servers if server.port == port)

    def kill_primary(self) -> int:
        """SIGKILL the current primary; its port."""
        port = self.primary_port()
        self.server(port).kill()
        return port

    def wait_failover(self, old_port: int, limit_s: float = 30.0) -> int:
        """The new primary's port, once the Sentinels have promoted one and it takes writes."""
        wait_until(lambda: self.primary_port() != old_port, "a replica promoted", limit_s)
        port = self.primary_port()
        wait_until(partial(is_primary, port), f"{port} taking writes", limit_s)
        return port

    def stop(self) -> None:
        """Stop every Sentinel and server."""
        for process in self.sentinels:
            process.terminate()
        for process in self.sentinels:
            process.wait(timeout=10)
        for server in self.servers:
            server.stop()

    def __enter__(self) -> SentinelGroup:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()


def link_up(port: int) -> bool:
    """Whether the replica on ``port`` is linked to its primary and in sync."""
    with redis.Redis(host=HOST, port=port, socket_timeout=1) as client:
        return bool(client.info("replication").get("master_link_status") == "up")


def is_primary(port: int) -> bool:
    """Whether the server on ``port`` says it is a primary."""
    try:
        with redis.Redis(host=HOST, port=port, socket_timeout=1) as client:
            return bool(client.info("replication").get("role") == "master")
    except redis.ConnectionError:
        return False


def wait_until(check: Callable[[], bool], what: str, limit_s: float = 30.0) -> None:
    """Return once ``check()`` is true; RuntimeError naming ``what`` after ``limit_s``."""
    deadline = time.monotonic() + limit_s
    while not check():
        if time.monotonic() > deadline:
            raise RuntimeError(f"not seen within {limit_s:.0f} s: {what}")
        time.sleep(0.05)
