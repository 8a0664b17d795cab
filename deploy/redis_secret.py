"""Print the Kubernetes Secrets that give both Redis servers their users and the pods their URLs.

    python3 deploy/redis_secret.py | kubectl apply -f -

Each run makes new random passwords (standard library only). The output is a YAML stream of two
JSON documents, one Secret each; ``--only cache`` or ``--only queue`` prints one of them alone
(plain JSON), to rotate the passwords of one Redis without touching the other's.

Each Redis is a group of three data servers watched by three Sentinels (``deploy/k8s/redis-ha``):
every server of a group carries the same users, two of them for the group itself, ``replica``
(a replica's link to its primary: PSYNC, REPLCONF, PING) and ``sentinel`` (the commands a Sentinel
runs on the servers it watches), each with a password of its own in the Secret
(``replica-password``, ``sentinel-password``). The URLs name the Sentinels and the group.

The Secret ``scopa-redis-auth``, of the cache Redis (an LRU cache of advice answers and the rate
limiter's counters), holds two keys made from one password:

- ``users.acl``: Redis's ACL file. ``default`` (no password) may only PING, for the probes;
  ``scopa`` may use the data commands the cache and the rate limiter need on their own keys,
  never the administrative or dangerous ones (CONFIG, FLUSHALL, KEYS, DEBUG...).
- ``url``: the API's ``REDIS_URL``,
  ``redis+sentinel://scopa:<password>@scopa-redis-0.scopa-redis:26379,...:26379/scopa-cache``.

The Secret ``scopa-queue-redis-auth``, of the queue Redis (the job queue and the jobs' results,
with AOF and noeviction), holds four keys made from two passwords:

- ``users.acl``: its ACL file. ``scopa-jobs`` (the API and the workers) may use the data and
  scripting commands Dramatiq and the job store need on their own keys (``dramatiq``,
  ``dramatiq:*``, ``scopa:job*``), never the administrative or dangerous ones but KEYS, which
  Dramatiq's maintenance script runs to requeue a dead worker's tasks; ``default`` has the same
  rights behind the same password (a restarted Redis replays its append-only file as
  ``default``: ``queue_acl_users``), so a client without the password may do nothing, not even
  PING; ``scopa-keda`` (KEDA's scaler) may only read the length of the queue's list, with KEDA's
  Lua script.
- ``url``: the API's and the workers' ``SCOPA_JOBS_REDIS_URL``,
  ``redis+sentinel://scopa-jobs:<password>@scopa-queue-redis-0.scopa-queue-redis:26379,...
  /scopa-jobs``.
- ``keda-username`` and ``keda-password``: KEDA's TriggerAuthentication reads them.

To rotate a password, apply a new Secret and restart that Redis, then the pods that use it.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any

# ---- the cache Redis ----
SECRET_NAME = "scopa-redis-auth"
USER = "scopa"
ACL_KEY = "users.acl"
URL_KEY = "url"
DEFAULT_HOST = "scopa-redis"
DEFAULT_PORT = 6379
DEFAULT_DB = 0
# Passwords are hex, so they need no escaping in a URL or in the ACL file.
PASSWORD_BYTES = 32
MIN_PASSWORD_DIGITS = 32

# The keys the API writes: advice cache entries and their locks (service.cache.keys), and the
# rate limiter's counters (the limits library's prefixes around service.api.limits.KEY_PREFIX).
KEY_PATTERNS = ("scopa:*", "LIMITS:LIMITER/scopa-limits/*")
DEFAULT_USER_RULES = ("on", "nopass", "resetchannels", "-@all", "+ping")
SERVICE_USER_RULES = (
    "on",
    *(f"~{pattern}" for pattern in KEY_PATTERNS),
    "resetchannels",
    "+@all",
    "-@admin",
    "-@dangerous",
)

# ---- both: a group of data servers watched by Sentinels (deploy/k8s/redis-ha) ----
GROUP_SIZE = 3
SENTINEL_PORT = 26379
REPLICA_USER = "replica"
SENTINEL_USER = "sentinel"
REPLICA_PASSWORD_KEY = "replica-password"
SENTINEL_PASSWORD_KEY = "sentinel-password"
CACHE_SERVICE = "scopa-cache"
QUEUE_SERVICE = "scopa-jobs"
# A replica's link to its primary.
REPLICA_USER_RULES = ("on", "resetchannels", "-@all", "+psync", "+replconf", "+ping")
# What a Sentinel runs on the servers it watches (Redis's Sentinel documentation, ACL section).
SENTINEL_USER_RULES = (
    "on",
    "allchannels",
    "-@all",
    "+multi",
    "+slaveof",
    "+ping",
    "+exec",
    "+subscribe",
    "+config|rewrite",
    "+role",
    "+publish",
    "+info",
    "+client|setname",
    "+client|kill",
    "+script|kill",
)

# ---- the queue Redis ----
QUEUE_SECRET_NAME = "scopa-queue-redis-auth"
QUEUE_USER = "scopa-jobs"
QUEUE_HOST = "scopa-queue-redis"
KEDA_USER = "scopa-keda"
KEDA_USERNAME_KEY = "keda-username"
KEDA_PASSWORD_KEY = "keda-password"
# The Redis list of the queue's waiting tasks (service.api.jobs.queue.QUEUE_KEY): KEDA reads
# its length.
QUEUE_LIST = "dramatiq:scopa-jobs"
# Dramatiq's keys (under its namespace, service.api.jobs.queue.NAMESPACE, which its dispatch
# script is also given as its one declared key) and the job store's (``scopa:job:<id>...`` and
# ``scopa:jobs:active:<owner>``, service.api.jobs.store).
QUEUE_KEY_PATTERNS = ("dramatiq", "dramatiq:*", "scopa:job*")
QUEUE_RIGHTS = (
    *(f"~{pattern}" for pattern in QUEUE_KEY_PATTERNS),
    "resetchannels",
    "+@all",
    "-@admin",
    "-@dangerous",
    # Dramatiq's dispatch script lists a dead worker's acknowledgement sets with KEYS.
    "+keys",
)
QUEUE_USER_RULES = ("on", *QUEUE_RIGHTS)
# KEDA's redis scaler: PING when it connects, then EVAL of a script that calls TYPE and, on a
# list, LLEN of the one key.
KEDA_USER_RULES = (
    "on",
    f"~{QUEUE_LIST}",
    "resetchannels",
    "-@all",
    "+ping",
    "+eval",
    "+type",
    "+llen",
)

Users = list[tuple[str, ...]]


def new_password() -> str:
    """A random password of 64 hex digits."""
    return secrets.token_hex(PASSWORD_BYTES)


def check_password(password: str) -> str:
    """The password, when it has at least MIN_PASSWORD_DIGITS lower-case hex digits."""
    hex_only = all(c in "0123456789abcdef" for c in password)
    if len(password) < MIN_PASSWORD_DIGITS or not hex_only:
        wanted = f"at least {MIN_PASSWORD_DIGITS} lower-case hex digits"
        raise ValueError(f"the password must be {wanted}")
    return password


def group_users(replica_password: str | None, sentinel_password: str | None) -> Users:
    """The users a group's servers need among themselves, those given a password."""
    users: Users = []
    if replica_password is not None:
        users.append((REPLICA_USER, f">{check_password(replica_password)}", *REPLICA_USER_RULES))
    if sentinel_password is not None:
        password = check_password(sentinel_password)
        users.append((SENTINEL_USER, f">{password}", *SENTINEL_USER_RULES))
    return users


def acl_users(
    password: str, replica_password: str | None = None, sentinel_password: str | None = None
) -> Users:
    """The cache Redis's users, name first: ``default`` may only PING, ``scopa`` needs auth,
    and so do the group's ``replica`` and ``sentinel`` when given a password."""
    check_password(password)
    return [
        ("default", *DEFAULT_USER_RULES),
        (USER, f">{password}", *SERVICE_USER_RULES),
        *group_users(replica_password, sentinel_password),
    ]


def queue_acl_users(
    password: str,
    keda_password: str | None = None,
    replica_password: str | None = None,
    sentinel_password: str | None = None,
) -> Users:
    """The queue Redis's users: ``scopa-jobs`` (API and workers) and ``default`` with its
    rights and password, ``scopa-keda`` (KEDA's scaler) and the group's ``replica`` and
    ``sentinel`` when given a password.

    ``default`` may do what ``scopa-jobs`` does, behind the same password, because a restarted
    Redis replays its append-only file as ``default`` and, before redis/redis#14545 (Debian's
    7.0.15 among them: tests/container's restart drill), checks ``default``'s rights again at
    each ``EXEC``: a ``default`` allowed less would silently drop every transaction and script
    of the file."""
    check_password(password)
    users = [
        ("default", "on", f">{password}", *QUEUE_RIGHTS),
        (QUEUE_USER, f">{password}", *QUEUE_USER_RULES),
    ]
    if keda_password is not None:
        users.append((KEDA_USER, f">{check_password(keda_password)}", *KEDA_USER_RULES))
    return [*users, *group_users(replica_password, sentinel_password)]


def acl_text(users: Users) -> str:
    """The text of an ACL file (``--aclfile``) of these users."""
    return "".join("user " + " ".join(rules) + "\n" for rules in users)


def acl_file(
    password: str, replica_password: str | None = None, sentinel_password: str | None = None
) -> str:
    """The text of the cache Redis's ACL file."""
    return acl_text(acl_users(password, replica_password, sentinel_password))


def queue_acl_file(
    password: str,
    keda_password: str,
    replica_password: str | None = None,
    sentinel_password: str | None = None,
) -> str:
    """The text of the queue Redis's ACL file."""
    return acl_text(queue_acl_users(password, keda_password, replica_password, sentinel_password))


def sentinel_hosts(group: str, size: int = GROUP_SIZE, port: int = SENTINEL_PORT) -> str:
    """The Sentinels of a group's StatefulSet, pod by pod through its headless Service."""
    return ",".join(f"{group}-{n}.{group}:{port}" for n in range(size))


def redis_url(
    password: str, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, db: int = DEFAULT_DB
) -> str:
    """A REDIS_URL of the service user on one server (a test's, a laptop's)."""
    return f"redis://{USER}:{password}@{host}:{port}/{db}"


def queue_redis_url(
    password: str, host: str = QUEUE_HOST, port: int = DEFAULT_PORT, db: int = DEFAULT_DB
) -> str:
    """A SCOPA_JOBS_REDIS_URL of the queue user on one server (a test's, a laptop's)."""
    return f"redis://{QUEUE_USER}:{password}@{host}:{port}/{db}"


def sentinel_url(password: str) -> str:
    """The API's REDIS_URL: the service user, through the cache group's Sentinels."""
    return f"redis+sentinel://{USER}:{password}@{sentinel_hosts(DEFAULT_HOST)}/{CACHE_SERVICE}"


def queue_sentinel_url(password: str) -> str:
    """The API's and the workers' SCOPA_JOBS_REDIS_URL, through the queue group's Sentinels."""
    hosts = sentinel_hosts(QUEUE_HOST)
    return f"redis+sentinel://{QUEUE_USER}:{password}@{hosts}/{QUEUE_SERVICE}"


def _secret(name: str, redis_name: str, data: dict[str, str]) -> dict[str, Any]:
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "metadata": {
            "name": name,
            "labels": {
                "app.kubernetes.io/name": redis_name,
                "app.kubernetes.io/part-of": "scopa",
            },
        },
        "type": "Opaque",
        "stringData": data,
    }


def secret_manifest(
    password: str, replica_password: str | None = None, sentinel_password: str | None = None
) -> dict[str, Any]:
    """The cache Redis's Secret: its ACL file, the API's REDIS_URL, the group's passwords."""
    replica_password = replica_password or new_password()
    sentinel_password = sentinel_password or new_password()
    data = {
        ACL_KEY: acl_file(password, replica_password, sentinel_password),
        URL_KEY: sentinel_url(password),
        REPLICA_PASSWORD_KEY: replica_password,
        SENTINEL_PASSWORD_KEY: sentinel_password,
    }
    return _secret(SECRET_NAME, DEFAULT_HOST, data)


def queue_secret_manifest(
    password: str,
    keda_password: str,
    replica_password: str | None = None,
    sentinel_password: str | None = None,
) -> dict[str, Any]:
    """The queue Redis's Secret: its ACL file, SCOPA_JOBS_REDIS_URL, KEDA's credentials and the
    group's passwords."""
    replica_password = replica_password or new_password()
    sentinel_password = sentinel_password or new_password()
    data = {
        ACL_KEY: queue_acl_file(password, keda_password, replica_password, sentinel_password),
        URL_KEY: queue_sentinel_url(password),
        KEDA_USERNAME_KEY: KEDA_USER,
        KEDA_PASSWORD_KEY: keda_password,
        REPLICA_PASSWORD_KEY: replica_password,
        SENTINEL_PASSWORD_KEY: sentinel_password,
    }
    return _secret(QUEUE_SECRET_NAME, QUEUE_HOST, data)


def secret_manifests(
    password: str, queue_password: str, keda_password: str, only: str | None = None
) -> list[dict[str, Any]]:
    """Both Secrets (or ``only`` the ``cache`` or the ``queue`` one); the groups' own
    passwords are new each time."""
    made = []
    if only in {None, "cache"}:
        made.append(secret_manifest(password))
    if only in {None, "queue"}:
        made.append(queue_secret_manifest(queue_password, keda_password))
    return made


def main(argv: list[str] | None = None) -> int:
    """Print the Secrets as JSON documents, with new passwords unless some are given."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", choices=("cache", "queue"), help="print only this Secret")
    parser.add_argument("--password", help="the cache user's password (hex), not a new one")
    parser.add_argument("--queue-password", help="the queue user's password (hex)")
    parser.add_argument("--keda-password", help="KEDA's user's password on the queue (hex)")
    args = parser.parse_args(argv)
    given = (args.password, args.queue_password, args.keda_password)
    password, queue_password, keda_password = (value or new_password() for value in given)
    try:
        manifests = secret_manifests(password, queue_password, keda_password, args.only)
    except ValueError as error:
        parser.error(str(error))
    sys.stdout.write("---\n".join(json.dumps(m, indent=2) + "\n" for m in manifests))
    return 0


if __name__ == "__main__":
    sys.exit(main())
