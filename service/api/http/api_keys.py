"""API keys and their quotas: off unless the operator names a keys file
(``SCOPA_API_KEYS_FILE``).

With keys on, every request under ``/v1/`` needs one, sent as ``Authorization: Bearer KEY`` or
``X-API-Key: KEY``; the health checks, the documentation, the metrics, the web page's files and
CORS preflights (which carry no credentials) do not. A request without a key, or with one the
file does not hold, is a 401 problem with ``WWW-Authenticate: Bearer``. The file holds each
key's name, the SHA-256 of the key (never the key itself), its quotas: requests a minute
and search milliseconds a day (``null``: none), and optionally the secret that signs its jobs'
webhooks (``webhook_secret``; without it, ``SCOPA_WEBHOOK_SECRET`` signs them).
A presented key is hashed and compared with every stored hash in constant time
(``hmac.compare_digest``), so the time taken says nothing of which key nearly matched. The key
is never logged, echoed or used as a metric label: the request log, the metrics and the
problems name the key by its ``name``.

Quotas count in fixed windows in the rate limits' storage (Redis with ``REDIS_URL``, shared by
every worker and replica; this worker's memory without it, or while Redis fails, Redis tried
again after a back-off of 1 s doubling to 32 s, as the rate limits do, so that no more than one
keyed request a back-off waits on an unreachable Redis): a request
spends one of its minute's requests before it runs, and a searching request is refused when
the day's search milliseconds are spent; the milliseconds its searches took (cache hits take
none) are added once its answer is sent, a stream's once it ends. A key over a quota gets a 429
``quota-exceeded`` problem naming the quota, with ``Retry-After``.

``python -m service.api.http.api_keys new NAME [--requests-per-minute N]
[--search-ms-per-day N]`` makes a key and its webhook secret: it prints both once, and the entry
for the file.
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import logging
import math
import re
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask, Response, current_app, g, request
from limits import RateLimitItem, RateLimitItemPerDay, RateLimitItemPerMinute
from limits.storage import Storage

from service.api.http.limits import KEYS_EXTENSION, Fallback, counts_storages
from service.api.http.metrics import (
    record_key_refused,
    record_key_request,
    record_key_search,
    searches_of_request,
)
from service.api.http.operations import Operation, declared
from service.api.http.problems import (
    QUOTA_EXCEEDED,
    QUOTA_EXCEEDED_TITLE,
    UNAUTHORIZED,
    UNAUTHORIZED_TITLE,
    problem_response,
)
from service.config import Settings
from service.engine.message import Message
from service.webhooks.signing import new_secret, secret_bytes

API_PREFIX = "/v1/"
KEY_PREFIX = "scopa-keys"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9_.-]{1,64}$")
DIGEST_PATTERN = re.compile(r"^[0-9a-f]{64}$")
KEY_BYTES = 32
KEY_START = "scopa_"

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class ApiKey:
    """A key's name, the SHA-256 of the key (hex), its quotas (None: none) and the secret that
    signs its jobs' webhooks (None: the server's)."""

    name: str
    sha256: str
    requests_per_minute: int | None = None
    search_ms_per_day: int | None = None
    webhook_secret: str | None = None


def digest_of(secret: str) -> str:
    """The SHA-256 of a key, in hex, as the keys file stores it."""
    return hashlib.sha256(secret.encode()).hexdigest()


def _quota(entry: dict[str, Any], field: str, where: str) -> int | None:
    value = entry.get(field)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"{where}.{field} must be a positive integer or null")
    return value


def keys_of(data: Any, source: str) -> tuple[ApiKey, ...]:
    """The keys of a keys file's JSON, or a ValueError naming what is wrong."""
    entries = data.get("keys") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not entries:
        raise ValueError(f'{source}: expected {{"keys": [...]}} with at least one key')
    found: list[ApiKey] = []
    for i, entry in enumerate(entries):
        where = f"{source}: keys[{i}]"
        if not isinstance(entry, dict):
            raise ValueError(f"{where} must be an object")
        unknown = set(entry) - {
            "name",
            "sha256",
            "requests_per_minute",
            "search_ms_per_day",
            "webhook_secret",
        }
        if unknown:
            raise ValueError(f"{where} has unknown fields: {', '.join(sorted(unknown))}")
        name, digest = entry.get("name"), entry.get("sha256")
        if not isinstance(name, str) or not NAME_PATTERN.match(name):
            raise ValueError(f"{where}.name must be 1-64 letters, digits, '_', '.' or '-'")
        if not isinstance(digest, str) or not DIGEST_PATTERN.match(digest):
            raise ValueError(f"{where}.sha256 must be 64 lowercase hex digits")
        if any(k.name == name for k in found) or any(k.sha256 == digest for k in found):
            raise ValueError(f"{where}: its name or key is listed twice")
        found.append(
            ApiKey(
                name,
                digest,
                _quota(entry, "requests_per_minute", where),
                _quota(entry, "search_ms_per_day", where),
                _webhook_secret(entry, where),
            )
        )
    return tuple(found)


def _webhook_secret(entry: dict[str, Any], where: str) -> str | None:
    secret = entry.get("webhook_secret")
    if secret is None:
        return None
    if not isinstance(secret, str):
        raise ValueError(f"{where}.webhook_secret must be a string or null")
    try:
        secret_bytes(secret)
    except ValueError as error:
        raise ValueError(f"{where}.webhook_secret: {error}") from None
    return secret


def load_keys(path: str) -> tuple[ApiKey, ...]:
    """The keys of a keys file (JSON), or a ValueError naming what is wrong."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise ValueError(f"{path}: cannot read the API keys: {error}") from None
    return keys_of(data, path)


class KeyRing:
    """The configured keys, found by a presented key in constant time."""

    def __init__(self, keys: Sequence[ApiKey]) -> None:
        self.keys = tuple(keys)

    def find(self, secret: str) -> ApiKey | None:
        """The key whose hash is the presented key's, comparing with every one."""
        wanted = digest_of(secret).encode()
        found = None
        for key in self.keys:
            if hmac.compare_digest(wanted, key.sha256.encode()):
                found = key
        return found


def presented_key() -> str | None:
    """The key the request sends: a Bearer token, else X-API-Key (None: neither)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return request.headers.get("X-API-Key") or None


def unauthorized(reason: Message) -> Response:
    """The 401 problem of a request without a known key."""
    return problem_response(
        401,
        reason,
        {"Authorization": [reason]},
        UNAUTHORIZED,
        UNAUTHORIZED_TITLE,
        headers=[("WWW-Authenticate", 'Bearer realm="scopa"')],
    )


def over_quota(key: ApiKey, quota: str, limit: int, reset_at: float) -> Response:
    """The 429 problem of a key over one of its quotas, naming it, with Retry-After."""
    record_key_refused(key.name, quota)
    wait_s = max(1, math.ceil(reset_at - time.time()))
    return problem_response(
        429,
        Message(
            "the API key {name} has spent its quota {quota} of {limit}; retry after {wait} s",
            name=key.name,
            quota=quota,
            limit=limit,
            wait=wait_s,
        ),
        type_=QUOTA_EXCEEDED,
        title=QUOTA_EXCEEDED_TITLE,
        headers=[("Retry-After", str(wait_s))],
        quota={"key": key.name, "name": quota, "limit": limit},
    )


@dataclass(frozen=True, slots=True)
class Window:
    """One quota of a key as a fixed window: its name, limit, storage key and length (s)."""

    quota: str
    limit: int
    key: str
    expiry: int

    @classmethod
    def of(
        cls, name: str, quota: str, limit: int | None, item: type[RateLimitItem]
    ) -> Window | None:
        """A key's window for a quota (None without a limit)."""
        if limit is None:
            return None
        window = item(limit)
        return cls(quota, limit, window.key_for(KEY_PREFIX, name), window.get_expiry())


MINUTE, DAY = RateLimitItemPerMinute, RateLimitItemPerDay


class KeyGuard:
    """Checks every /v1 request's key and quotas, and charges its searches once sent."""

    def __init__(
        self,
        ring: KeyRing,
        storage: Storage,
        fallback: Storage,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ring = ring
        self.counts = Fallback(storage, fallback, clock, "API key quota")
        # Each key's windows, made once: its requests a minute and search ms a day.
        self.windows = {
            key.name: (
                Window.of(key.name, "requests_per_minute", key.requests_per_minute, MINUTE),
                Window.of(key.name, "search_ms_per_day", key.search_ms_per_day, DAY),
            )
            for key in ring.keys
        }

    def refused(self, key: ApiKey, window: Window) -> Response:
        """The 429 of a key over one of its quotas, when its window renews."""
        reset_at = self.counts.counted(lambda s: s.get_expiry(window.key))
        return over_quota(key, window.quota, window.limit, reset_at)

    def before_request(self) -> Response | None:
        """401 without a known key; 429 over a quota; else the request goes on, its key's
        name kept for the log and its searches counted."""
        # A CORS preflight carries no credentials by design: the call it asks for will.
        if not request.path.startswith(API_PREFIX) or request.method == "OPTIONS":
            return None
        secret = presented_key()
        if secret is None:
            return unauthorized(
                Message(
                    "this server needs an API key: send Authorization: Bearer KEY or X-API-Key: KEY"
                )
            )
        key = self.ring.find(secret)
        if key is None:
            return unauthorized(Message("the API key is not one this server knows"))
        g.api_key = key.name
        record_key_request(key.name)
        minute, day = self.windows[key.name]
        if minute is not None:
            count = self.counts.counted(lambda s: s.incr(minute.key, minute.expiry, amount=1))
            if count > minute.limit:
                return self.refused(key, minute)
        endpoint = declared(current_app, request.endpoint)
        searching = isinstance(endpoint, Operation) and endpoint.searching
        queued = isinstance(endpoint, Operation) and endpoint.queued
        # A job's searches are charged as its records run; a spent day takes no new job.
        if (searching or queued) and day is not None:
            spent = self.counts.counted(lambda s: s.get(day.key))
            if spent >= day.limit:
                return self.refused(key, day)
        if searching:
            g.key_charged = True
        return None

    def after_request(self, response: Response) -> Response:
        """Charge the request's search milliseconds to its key once the answer is sent."""
        name: str | None = g.get("api_key")
        if not g.get("key_charged") or name is None:
            return response
        spent = searches_of_request()

        def charge() -> None:
            self.charge(name, math.ceil(spent.ms))

        if response.is_streamed:  # a batch's searches run while its lines are sent
            response.call_on_close(charge)
        else:
            charge()
        return response

    def charge(self, name: str, ms: int) -> None:
        """Count search milliseconds against a key's day (a request's, or a job's record)."""
        if name not in self.windows:
            return
        record_key_search(name, ms / 1000.0)
        day = self.windows[name][1]
        if ms and day is not None:
            self.counts.counted(lambda s: s.incr(day.key, day.expiry, amount=ms))


def webhook_secret_of(app: Flask, name: str) -> str | None:
    """The secret that signs the webhooks of a key's jobs: its own, else the server's
    (``SCOPA_WEBHOOK_SECRET``); None: neither is set."""
    guard: KeyGuard | None = app.extensions.get(KEYS_EXTENSION)
    if guard is not None:
        own = next((k.webhook_secret for k in guard.ring.keys if k.name == name), None)
        if own is not None:
            return own
    secret: str | None = app.config["WEBHOOK_SECRET"]
    return secret


def charge_key(app: Flask, name: str, ms: int) -> None:
    """Charge a job's search milliseconds to the key that made it, when the app has keys."""
    guard: KeyGuard | None = app.extensions.get(KEYS_EXTENSION)
    if guard is not None:
        guard.charge(name, ms)


def install_api_keys(app: Flask, settings: Settings) -> None:
    """Require keys on /v1 when a keys file is named (module docstring)."""
    if settings.api_keys_file is None:
        return
    keys = load_keys(settings.api_keys_file)
    guard = KeyGuard(KeyRing(keys), *counts_storages(settings))
    app.before_request(guard.before_request)
    app.after_request(guard.after_request)
    app.extensions[KEYS_EXTENSION] = guard


def new_key() -> str:
    """A new random key."""
    return KEY_START + secrets.token_urlsafe(KEY_BYTES)


def main(argv: Sequence[str] | None = None) -> None:
    """Print a new key once, and its entry for the keys file."""
    parser = argparse.ArgumentParser(description="Make an API key and its keys-file entry.")
    commands = parser.add_subparsers(dest="command", required=True)
    made = commands.add_parser("new", help="a new key")
    made.add_argument("name")
    made.add_argument("--requests-per-minute", type=int)
    made.add_argument("--search-ms-per-day", type=int)
    args = parser.parse_args(argv)
    secret = new_key()
    entry = {
        "name": args.name,
        "sha256": digest_of(secret),
        "requests_per_minute": args.requests_per_minute,
        "search_ms_per_day": args.search_ms_per_day,
        "webhook_secret": new_secret(),
    }
    keys_of({"keys": [entry]}, "the new entry")
    print(f"key (shown once; give it to the integrator): {secret}")
    print(f"webhook secret (give it to the integrator too): {entry['webhook_secret']}")
    print('entry for the keys file\'s "keys" list:')
    print(json.dumps(entry))


if __name__ == "__main__":
    main()
