"""Where a Redis is: one server's URL, or the Sentinels that know which server is the primary.

A plain URL (``redis://``, ``rediss://``, ``unix://``) names one server. A Sentinel URL,
``redis+sentinel://[user:password@]host:port[,host:port...]/service_name``, names the Sentinels
watching a primary and its replicas (the form of the ``limits`` library, which the rate limits
use): the client asks them for the current primary, and asks again after a connection error, so
that a failover needs no change of setting. The user and password are the data servers'; the
Sentinels' own, where they require one, go in the query (``?sentinel_username=..&
sentinel_password=..``). The database is always 0, as ``limits`` reads the path as the name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import redis
from redis.connection import parse_url
from redis.sentinel import Sentinel

SENTINEL_SCHEME = "redis+sentinel"
PLAIN_SCHEMES = ("redis", "rediss", "unix")
SENTINEL_QUERY = ("sentinel_username", "sentinel_password")


@dataclass(frozen=True)
class SentinelAddress:
    """The Sentinels of a primary, its service name, and the credentials of each side."""

    sentinels: tuple[tuple[str, int], ...]
    service_name: str
    username: str | None = None
    password: str | None = None
    sentinel_username: str | None = None
    sentinel_password: str | None = None

    def sentinel_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options of a connection to a Sentinel: the socket ones of ``options`` and the
        Sentinels' own user and password (None: they ask for none)."""
        sockets = {key: value for key, value in options.items() if key.startswith("socket_")}
        return {**sockets, "username": self.sentinel_username, "password": self.sentinel_password}

    def server_credentials(self) -> dict[str, str]:
        """The data servers' user and password, those given."""
        given = {"username": self.username, "password": self.password}
        return {name: value for name, value in given.items() if value is not None}

    def storage_uri(self) -> str:
        """The Sentinels and the service as a ``limits`` storage URI, without credentials
        (``limits`` reads them unquoted from a URI: they go as options instead)."""
        hosts = ",".join(
            f"[{host}]:{port}" if ":" in host else f"{host}:{port}" for host, port in self.sentinels
        )
        return f"{SENTINEL_SCHEME}://{hosts}/{self.service_name}"


def is_sentinel(url: str) -> bool:
    """Whether ``url`` names Sentinels rather than one server."""
    return url.split("://", 1)[0].lower() == SENTINEL_SCHEME


def sentinel_address(url: str) -> SentinelAddress:
    """The parts of a ``redis+sentinel://`` URL; ValueError naming what is wrong."""
    parts = urlsplit(url)
    if parts.scheme.lower() != SENTINEL_SCHEME:
        raise ValueError(f"a Sentinel URL starts with {SENTINEL_SCHEME}://")
    service_name = parts.path.strip("/")
    if not service_name or "/" in service_name:
        raise ValueError(
            "name the primary's service after the hosts, as in "
            f"{SENTINEL_SCHEME}://sentinel-1:26379,sentinel-2:26379/mymaster"
        )
    netloc = parts.netloc.rsplit("@", 1)[-1]
    sentinels = tuple(_host_port(host) for host in netloc.split(","))
    query = parse_qs(parts.query, keep_blank_values=True)
    unknown = sorted(set(query) - set(SENTINEL_QUERY))
    if unknown:
        raise ValueError(
            f"unknown query parameter {unknown[0]!r} (known: {', '.join(SENTINEL_QUERY)})"
        )
    username, password = _credentials(parts.netloc)
    return SentinelAddress(
        sentinels=sentinels,
        service_name=service_name,
        username=username,
        password=password,
        sentinel_username=_last(query, "sentinel_username"),
        sentinel_password=_last(query, "sentinel_password"),
    )


def validate_url(url: str) -> None:
    """Raise ValueError naming the problem when ``url`` is no Redis or Sentinel URL."""
    if is_sentinel(url):
        sentinel_address(url)
        return
    try:
        parse_url(url)  # type: ignore[no-untyped-call]
    except ValueError as error:
        if "://" in url and url.split("://", 1)[0].lower() not in PLAIN_SCHEMES:
            schemes = ", ".join(f"{scheme}://" for scheme in (*PLAIN_SCHEMES, SENTINEL_SCHEME))
            raise ValueError(f"a Redis URL starts with one of {schemes}") from error
        raise


def connect(url: str, **options: Any) -> redis.Redis:
    """A client of the Redis at ``url`` with these connection options; for Sentinel, a client
    of the current primary that finds the new one after a failover."""
    if not is_sentinel(url):
        return redis.Redis.from_url(url, **options)
    address = sentinel_address(url)
    sentinel = Sentinel(  # type: ignore[no-untyped-call]  # redis-py leaves it untyped
        list(address.sentinels),
        sentinel_kwargs=address.sentinel_options(options),
        **address.server_credentials(),
        **options,
    )
    primary: redis.Redis = sentinel.master_for(  # type: ignore[no-untyped-call]
        address.service_name
    )
    return primary


def _host_port(text: str) -> tuple[str, int]:
    host, colon, port = text.strip().rpartition(":")
    if not colon or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"each Sentinel is host:port, got {text.strip()!r}")
    return host.strip("[]"), int(port)


def _credentials(netloc: str) -> tuple[str | None, str | None]:
    if "@" not in netloc:
        return None, None
    userinfo = netloc.rsplit("@", 1)[0]
    user, colon, password = userinfo.partition(":")
    return (unquote(user) or None), (unquote(password) if colon else None)


def _last(query: dict[str, list[str]], name: str) -> str | None:
    values = query.get(name)
    return values[-1] if values else None
