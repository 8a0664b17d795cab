"""deploy/k8s/redis-ha: the scripts that start a Redis group's data servers and Sentinels, run
for real on loopback. Each server and Sentinel has its own loopback address (127.x.y.z is all
this machine's) and the same port, as pods have their own names and the same port:

- the group's first start: the first peer is the primary, the others replicate it, and a client
  given the Sentinels' URL writes to it;
- the primary killed: a replica is promoted; the killed server, started again by its script,
  follows the new primary;
- the primary killed and started again before the Sentinels call it down: its script waits for
  them to promote a replica and follows it, and a write that a replica acknowledged (WAIT) is
  still there.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis

from service.redis_address import connect
from tests.deploy.deploy_scripts import redis_secret
from tests.deploy.dockerfile import ROOT
from tests.integration.redis_sentinel import wait_until
from tests.integration.redis_server import free_port, redis_server_binary

pytestmark = pytest.mark.integration

# How long the group may take to form or to promote a replica.
LIMIT_S = 40.0
SCRIPTS = ROOT / "deploy" / "k8s" / "redis-ha"
SERVICE = "scopa-jobs"
REPLICA_PASSWORD = "0123456789abcdef" * 2
SENTINEL_PASSWORD = "fedcba9876543210" * 2
APP_PASSWORD = "89abcdef01234567" * 2
# The queue Redis's users of deploy/redis_secret.py, KEDA's aside.
USERS = redis_secret.queue_acl_users(APP_PASSWORD, None, REPLICA_PASSWORD, SENTINEL_PASSWORD)


class Group:
    """Three data servers and three Sentinels started by the deploy scripts."""

    def __init__(self, workdir: Path) -> None:
        if shutil.which("redis-cli") is None:
            redis_server_binary()  # skips, or fails under CI, with the reason
            pytest.skip("redis-cli is not installed (apt-get install redis-tools)")
        base = f"127.{random.randrange(10, 250)}.{random.randrange(1, 250)}"
        self.workdir = workdir
        self.port = free_port()
        self.sentinel_port = free_port()
        self.servers = [f"{base}.{n}" for n in (1, 2, 3)]
        self.sentinels = [f"{base}.{n}" for n in (11, 12, 13)]
        self.processes: dict[str, subprocess.Popen[bytes]] = {}

    def env(self, me: str) -> dict[str, str]:
        return {
            **os.environ,
            "PATH": f"{Path(redis_server_binary()).parent}:{os.environ['PATH']}",
            "REDIS_HA_SERVICE": SERVICE,
            "REDIS_HA_ME": me,
            "REDIS_HA_PEERS": " ".join(self.servers),
            "REDIS_HA_SENTINELS": " ".join(f"{s}:{self.sentinel_port}" for s in self.sentinels),
            "REDIS_HA_PORT": str(self.port),
            "REDIS_HA_SENTINEL_PORT": str(self.sentinel_port),
            "REDIS_HA_REPLICA_PASSWORD": REPLICA_PASSWORD,
            "REDIS_HA_SENTINEL_PASSWORD": SENTINEL_PASSWORD,
            "REDIS_HA_SENTINEL_DIR": str(self.workdir / f"sentinel-{me}"),
            "REDIS_HA_DATA": str(self.workdir / f"redis-{me}"),
            "REDIS_HA_DOWN_AFTER_MS": "1000",
            "REDIS_HA_FAILOVER_TIMEOUT_MS": "10000",
        }

    def start_server(self, me: str) -> None:
        folder = self.workdir / f"redis-{me}"
        folder.mkdir(exist_ok=True)
        users = [arg for user in USERS for arg in ("--user", *user)]
        arguments = ["--bind", me, "--save", "", "--dir", str(folder)]
        arguments += ["--appendonly", "yes", "--appendfsync", "everysec", *users]
        self.launch(me, SCRIPTS / "redis.sh", arguments)
        wait_until(lambda: answers(me, self.port), f"{me} answers", LIMIT_S)

    def start_sentinel(self, me: str) -> None:
        self.launch(me, SCRIPTS / "sentinel.sh", ["--bind", me])
        wait_until(lambda: answers(me, self.sentinel_port), f"sentinel {me} answers", LIMIT_S)

    def launch(self, me: str, script: Path, arguments: list[str]) -> None:
        log = (self.workdir / f"{script.stem}-{me}.log").open("ab")
        with log:
            self.processes[me] = subprocess.Popen(
                ["sh", str(script), *arguments],
                env=self.env(me),
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def primary(self) -> str:
        """The primary's host as the first Sentinel that answers names it."""
        for sentinel in self.sentinels:
            try:
                with redis.Redis(sentinel, self.sentinel_port, socket_timeout=1) as client:
                    found = client.sentinel_get_master_addr_by_name(SERVICE)
            except redis.ConnectionError:
                continue
            if found:
                host: bytes | str = found[0]
                return host.decode() if isinstance(host, bytes) else host
        raise AssertionError("no Sentinel answered")

    def role(self, host: str) -> str:
        """The server's role, as the Sentinels' user reads it (ROLE is administrative)."""
        with self.watch_client(host) as client:
            return str(client.execute_command("ROLE")[0], "ascii")

    def app_client(self, host: str) -> redis.Redis:
        """A client of one server as the application's user."""
        return redis.Redis(
            host, self.port, username="scopa-jobs", password=APP_PASSWORD, socket_timeout=1
        )

    def watch_client(self, host: str) -> redis.Redis:
        """A client of one server as the Sentinels' user."""
        return redis.Redis(
            host, self.port, username="sentinel", password=SENTINEL_PASSWORD, socket_timeout=1
        )

    def kill(self, host: str) -> None:
        process = self.processes.pop(host)
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)

    def url(self) -> str:
        hosts = ",".join(f"{s}:{self.sentinel_port}" for s in self.sentinels)
        return f"redis+sentinel://scopa-jobs:{APP_PASSWORD}@{hosts}/{SERVICE}"

    def logs(self) -> str:
        return "\n".join(f"{p.name}:\n{p.read_text()[-1500:]}" for p in self.workdir.glob("*.log"))


@contextmanager
def started_group(workdir: Path, *, sentinels_first: bool = False) -> Iterator[Group]:
    """The group started as a first start: servers then Sentinels, or the other way round (as
    pods starting in parallel may)."""
    group = Group(workdir)
    try:
        starts = [(group.start_server, server) for server in group.servers]
        starts += [(group.start_sentinel, sentinel) for sentinel in group.sentinels]
        if sentinels_first:
            starts.reverse()
        for start, host in starts:
            start(host)
        agreed = "every Sentinel sees two replicas and two peers"
        wait_until(lambda: sentinels_agree(group), agreed, LIMIT_S)
        yield group
    except BaseException:
        print(group.logs())
        raise
    finally:
        for process in group.processes.values():
            process.send_signal(signal.SIGKILL)
            process.wait(timeout=10)


def sentinels_agree(group: Group) -> bool:
    for sentinel in group.sentinels:
        with redis.Redis(sentinel, group.sentinel_port, socket_timeout=1) as client:
            state = client.sentinel_master(SERVICE)
        if int(state["num-slaves"]) != 2 or int(state["num-other-sentinels"]) != 2:
            return False
    return True


def named_primaries(group: Group) -> set[str]:
    """The primary each Sentinel names."""
    found = set()
    for sentinel in group.sentinels:
        with redis.Redis(sentinel, group.sentinel_port, socket_timeout=1) as client:
            host: bytes | str = client.sentinel_get_master_addr_by_name(SERVICE)[0]
        found.add(host.decode() if isinstance(host, bytes) else host)
    return found


def follows_the_primary(group: Group, host: str) -> bool:
    """Whether every Sentinel names one primary and ``host`` is its replica (not yet, while
    one of them does not answer)."""
    try:
        primaries = named_primaries(group)
        if len(primaries) != 1 or group.role(host) != "slave":
            return False
        with group.watch_client(host) as client:
            return bool(client.info("replication")["master_host"] in primaries)
    except redis.ConnectionError:
        return False


def answers(host: str, port: int) -> bool:
    try:
        with redis.Redis(host, port, socket_timeout=1) as client:
            return bool(client.ping())
    except redis.AuthenticationError:
        return True  # up, and asking for a password even to PING (the queue's servers)
    except redis.ConnectionError:
        return False


# How long a write may wait for a replica: one that has just attached takes a full resync first,
# which the servers delay 5 s to serve several replicas at once (diskless sync, seen in CI).
REPLICA_WAIT_MS = 15_000


def replicated_write(group: Group, key: str, value: str) -> None:
    """Write through the Sentinels' URL and WAIT for one replica (the client's read timeout
    past the WAIT's own)."""
    client = connect(group.url(), socket_timeout=REPLICA_WAIT_MS / 1000 + 5)
    with client:
        client.set(key, value)
        assert client.wait(1, REPLICA_WAIT_MS) >= 1


@pytest.mark.parametrize("sentinels_first", [False, True], ids=["servers-first", "sentinels-first"])
def test_the_first_peer_starts_as_the_primary_and_clients_find_it(
    tmp_path: Path, sentinels_first: bool
) -> None:
    with started_group(tmp_path, sentinels_first=sentinels_first) as group:
        first, *others = group.servers
        assert group.primary() == first
        assert [group.role(host) for host in group.servers] == ["master", "slave", "slave"]
        replicated_write(group, "scopa:job:probe", "kept")
        for host in others:
            with group.app_client(host) as client:
                assert client.get("scopa:job:probe") == b"kept"


def test_a_killed_primary_comes_back_as_a_replica_of_the_promoted_one(tmp_path: Path) -> None:
    with started_group(tmp_path) as group:
        old = group.primary()
        replicated_write(group, "scopa:job:before", "1")
        group.kill(old)
        wait_until(lambda: group.primary() != old, "a replica promoted", LIMIT_S)
        group.start_server(old)
        # It follows the primary the Sentinels name. Which one that is may change once more:
        # on a loaded machine a second Sentinel can start a failover of its own beside the
        # first, and once it learns of the first's promotion it carries on against the new
        # primary (seen in CI: epoch 1 promoted one replica, epoch 2 the other). The end state
        # is what a client relies on: every Sentinel names one primary, not the old server,
        # and the old server replicates it.
        following = f"{old} replicating the primary every Sentinel names"
        wait_until(lambda: follows_the_primary(group, old), following, LIMIT_S)
        assert group.primary() != old
        replicated_write(group, "scopa:job:after", "2")


def test_a_primary_back_before_it_is_called_down_hands_over_first(tmp_path: Path) -> None:
    with started_group(tmp_path) as group:
        old = group.primary()
        replicated_write(group, "scopa:job:acknowledged", "by a replica")
        group.kill(old)
        group.start_server(old)  # at once: the Sentinels still name it the primary
        wait_until(lambda: group.primary() != old, "the Sentinels promoted a replica", LIMIT_S)
        following = f"{old} replicating the new primary"
        wait_until(lambda: group.role(old) == "slave", following, LIMIT_S)
        log = (tmp_path / f"redis-{old}.log").read_text()
        assert "waiting for them to promote a replica" in log
        client = connect(group.url(), socket_timeout=5)
        with client:
            assert client.get("scopa:job:acknowledged") == b"by a replica"
