"""Where a webhook may go: an absolute http(s) URL without credentials whose host resolves only
to public addresses, unless the operator allows some networks (``SCOPA_WEBHOOK_ALLOWED_NETWORKS``)
or plain HTTP (``SCOPA_WEBHOOK_ALLOW_HTTP``).

The URL is checked when a job is posted and its host resolved again at each delivery, which
connects to an address it checked (a name that later resolves to a private address, DNS
rebinding, is refused then): no caller can make the service call its own network.
"""

from __future__ import annotations

import ipaddress
import socket
import threading
from dataclasses import dataclass
from urllib.parse import SplitResult, urlsplit

from service.engine.message import Message

MAX_URL_LENGTH = 2048
# How long a host's name may take to resolve before it counts as not resolving.
RESOLVE_TIMEOUT_S = 2.0

IpNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network
IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address


class RefusedAddressError(ValueError):
    """A webhook URL the service will not call, with the reason as a ``Message``."""

    def __init__(self, reason: Message) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Target:
    """A checked webhook URL: its parts, its host and port, and the addresses to connect to."""

    url: str
    scheme: str
    host: str
    port: int
    target: str
    addresses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AddressPolicy:
    """What the operator allows besides public HTTPS addresses."""

    allow_http: bool = False
    allowed_networks: tuple[IpNetwork, ...] = ()

    def allows(self, address: IpAddress) -> bool:
        """Whether the service may connect to this address."""
        mapped = getattr(address, "ipv4_mapped", None)
        if mapped is not None:
            address = mapped
        if any(address in network for network in self.allowed_networks):
            return True
        return address.is_global and not address.is_multicast


def networks_of(text: str) -> tuple[IpNetwork, ...]:
    """The networks of a comma-separated list of CIDRs (a ValueError naming a bad one)."""
    found = []
    for part in (item.strip() for item in text.split(",")):
        if part:
            found.append(ipaddress.ip_network(part, strict=False))
    return tuple(found)


def parsed_url(url: str, policy: AddressPolicy) -> SplitResult:
    """The parts of a webhook URL, or RefusedAddressError for one the service will not call."""
    if len(url) > MAX_URL_LENGTH:
        raise RefusedAddressError(Message("longer than {most} characters", most=MAX_URL_LENGTH))
    parts = urlsplit(url)
    allowed = ("https", "http") if policy.allow_http else ("https",)
    if parts.scheme not in allowed:
        if parts.scheme == "http":
            return _refuse(Message("plain HTTP is not allowed here: use https://"))
        return _refuse(Message("not an https:// URL"))
    if not parts.hostname:
        return _refuse(Message("the URL names no host"))
    if parts.username is not None or parts.password is not None:
        return _refuse(Message("the URL may not hold a user or password"))
    if parts.fragment:
        return _refuse(Message("the URL may not hold a fragment (#...)"))
    try:
        parts.port  # noqa: B018 (raises on a port out of range)
    except ValueError:
        return _refuse(Message("the URL's port is not a number from 1 to 65535"))
    return parts


def _refuse(reason: Message) -> SplitResult:
    raise RefusedAddressError(reason)


def resolve(host: str, port: int, timeout_s: float = RESOLVE_TIMEOUT_S) -> list[str]:
    """The addresses a host resolves to (a literal address is its own), waiting at most
    ``timeout_s``; an OSError when it does not resolve in time."""
    found: list[list[str]] = []
    failed: list[OSError] = []

    def look_up() -> None:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            found.append(list(dict.fromkeys(str(info[4][0]) for info in infos)))
        except OSError as error:
            failed.append(error)

    # getaddrinfo has no timeout of its own: it runs in a thread left behind if it is slow.
    thread = threading.Thread(target=look_up, name="scopa-webhook-resolve", daemon=True)
    thread.start()
    thread.join(timeout_s)
    if found:
        return found[0]
    if failed:
        raise failed[0]
    raise TimeoutError(f"{host} did not resolve within {timeout_s} s")


def checked_target(url: str, policy: AddressPolicy, timeout_s: float = RESOLVE_TIMEOUT_S) -> Target:
    """A webhook URL checked and its host resolved: RefusedAddressError when the service will
    not call it (syntax, scheme, or an address it does not allow)."""
    parts = parsed_url(url, policy)
    host = parts.hostname or ""
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        addresses = resolve(host, port, timeout_s)
    except OSError:
        raise RefusedAddressError(Message("its host {host} does not resolve", host=host)) from None
    refused = [a for a in addresses if not policy.allows(ipaddress.ip_address(a.split("%")[0]))]
    if refused or not addresses:
        address = (refused or ["nothing"])[0]
        if address == host.strip("[]"):
            reason = Message(
                "{address} is a loopback, private, link-local or otherwise non-public address "
                "this server does not call",
                address=address,
            )
        else:
            reason = Message(
                "its host {host} is at {address}, a loopback, private, link-local or "
                "otherwise non-public address this server does not call",
                host=host,
                address=address,
            )
        raise RefusedAddressError(reason)
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    return Target(url, parts.scheme, host, port, target, tuple(addresses))
