"""Print the Kubernetes Secret that gives Redis its users and the API its REDIS_URL.

    python3 deploy/redis_secret.py | kubectl apply -f -

Each run makes a new random password (standard library only; the output is JSON, which kubectl
reads as YAML). The Secret ``scopa-redis-auth`` holds two keys made from that one password:

- ``users.acl``: Redis's ACL file. ``default`` (no password) may only PING, for the probes;
  ``scopa`` may use the data commands the cache and the rate limiter need on their own keys,
  never the administrative or dangerous ones (CONFIG, FLUSHALL, KEYS, DEBUG...).
- ``url``: the API's ``REDIS_URL``, ``redis://scopa:<password>@scopa-redis:6379/0``.

To rotate the password, apply a new Secret and restart Redis, then the API.
"""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from typing import Any

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


def new_password() -> str:
    """A random password of 64 hex digits."""
    return secrets.token_hex(PASSWORD_BYTES)


def acl_users(password: str) -> list[tuple[str, ...]]:
    """The ACL rules of each user, name first: ``default`` may only PING, ``scopa`` needs auth."""
    hex_only = all(c in "0123456789abcdef" for c in password)
    if len(password) < MIN_PASSWORD_DIGITS or not hex_only:
        wanted = f"at least {MIN_PASSWORD_DIGITS} lower-case hex digits"
        raise ValueError(f"the password must be {wanted}")
    return [("default", *DEFAULT_USER_RULES), (USER, f">{password}", *SERVICE_USER_RULES)]


def acl_file(password: str) -> str:
    """The text of Redis's ACL file (``--aclfile``)."""
    return "".join("user " + " ".join(rules) + "\n" for rules in acl_users(password))


def redis_url(
    password: str, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT, db: int = DEFAULT_DB
) -> str:
    """The API's REDIS_URL for the service user."""
    return f"redis://{USER}:{password}@{host}:{port}/{db}"


def secret_manifest(password: str) -> dict[str, Any]:
    """The Secret holding the ACL file and the URL, labelled like every other resource."""
    return {
        "apiVersion": "v1",
        "kind": "Secret",
        "metadata": {
            "name": SECRET_NAME,
            "labels": {
                "app.kubernetes.io/name": "scopa-redis",
                "app.kubernetes.io/part-of": "scopa",
            },
        },
        "type": "Opaque",
        "stringData": {ACL_KEY: acl_file(password), URL_KEY: redis_url(password)},
    }


def main(argv: list[str] | None = None) -> int:
    """Print the Secret as JSON, with a new password unless one is given."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--password", help="use this password (hex) instead of a new one")
    args = parser.parse_args(argv)
    try:
        manifest = secret_manifest(args.password or new_password())
    except ValueError as error:
        parser.error(str(error))
    json.dump(manifest, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
