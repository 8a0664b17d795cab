"""Hosts of the project's own in network namespaces on this machine, for the network drills.

A ``NetworkHost`` is a namespace joined to this machine's by a veth pair: its own address,
this machine at the other end with two addresses, one it calls the host from (``gateway``) and
one for the servers a drill cuts (``services``: a server of this machine that binds it is
reachable from the host). ``cut_from`` drops, silently as a broken network does,
every packet between the host and an address (iptables in the host's namespace), and
``reconnect`` lets them through again. Needs root, iproute2 and iptables: without them the
drills skip with the reason, except under CI, where they must run.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest

TOOLS = ("ip", "iptables")
_numbers = itertools.count()


def require_namespaces() -> None:
    """Skip (fail under CI) unless this machine can make network namespaces."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    reason = ""
    if missing:
        reason = f"{', '.join(missing)} not installed (apt-get install iproute2 iptables)"
    elif os.geteuid() != 0:
        reason = "network namespaces need root"
    else:
        probe = subprocess.run(["ip", "netns", "list"], check=False, capture_output=True, text=True)
        if probe.returncode != 0:
            reason = f"ip netns does not work here: {probe.stderr.strip()}"
    if not reason:
        return
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        pytest.fail(f"{reason}; the network drills must run in CI")
    pytest.skip(reason)


@dataclass(frozen=True)
class NetworkHost:
    """A network namespace with its address, and this machine's addresses on its link."""

    name: str
    address: str
    gateway: str
    services: str
    outer_link: str

    @property
    def launcher(self) -> tuple[str, ...]:
        """The command prefix that runs a program on this host."""
        return ("ip", "netns", "exec", self.name)

    def cut_from(self, address: str) -> None:
        """Drop every packet between this host and ``address``, both ways."""
        for rule in self._rules(address):
            self._iptables("-I", *rule)

    def reconnect(self, address: str) -> None:
        """Undo ``cut_from(address)``."""
        for rule in self._rules(address):
            self._iptables("-D", *rule)

    @staticmethod
    def _rules(address: str) -> list[tuple[str, ...]]:
        return [("OUTPUT", "-d", address, "-j", "DROP"), ("INPUT", "-s", address, "-j", "DROP")]

    def _iptables(self, *arguments: str) -> None:
        _run(*self.launcher, "iptables", "-w", *arguments)


@contextmanager
def network_host() -> Iterator[NetworkHost]:
    """A new namespace on its own /29, this machine at .1 and .3 (its services), the host at
    .2; removed afterwards with its link."""
    require_namespaces()
    number = next(_numbers)
    tag = f"{os.getpid() % 100_000}{number}"
    subnet = f"10.{200 + (os.getpid() % 50)}.{(os.getpid() // 50 + number) % 250}"
    host = NetworkHost(
        name=f"scopa-{tag}",
        address=f"{subnet}.2",
        gateway=f"{subnet}.1",
        services=f"{subnet}.3",
        outer_link=f"sc{tag}o"[:15],
    )
    inner_link = f"sc{tag}i"[:15]
    _run("ip", "netns", "add", host.name)
    try:
        _run("ip", "link", "add", host.outer_link, "type", "veth", "peer", "name", inner_link)
        _run("ip", "link", "set", inner_link, "netns", host.name)
        for own in (host.gateway, host.services):
            _run("ip", "addr", "add", f"{own}/29", "dev", host.outer_link)
        _run("ip", "link", "set", host.outer_link, "up")
        _run("ip", "-n", host.name, "addr", "add", f"{host.address}/29", "dev", inner_link)
        _run("ip", "-n", host.name, "link", "set", inner_link, "up")
        _run("ip", "-n", host.name, "link", "set", "lo", "up")
        yield host
    finally:
        subprocess.run(["ip", "link", "del", host.outer_link], check=False, capture_output=True)
        subprocess.run(["ip", "netns", "del", host.name], check=False, capture_output=True)


def _run(*command: str) -> None:
    done = subprocess.run(command, check=False, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)}: {done.stderr.strip()}")
