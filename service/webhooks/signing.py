"""The signature of a webhook, in the Standard Webhooks scheme (standardwebhooks.com).

A secret is ``whsec_`` and the base64 of at least 24 random bytes. Each delivery carries
``webhook-id`` (the same on every attempt of one event: the receiver drops a second one),
``webhook-timestamp`` (seconds since the epoch, of this attempt) and ``webhook-signature``:
``v1,`` and the base64 of the HMAC-SHA256, keyed with the secret's bytes, of
``{id}.{timestamp}.{body}``. A receiver recomputes it over the body's bytes as received,
compares in constant time, and refuses a timestamp far from its clock (a replay).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets

SECRET_START = "whsec_"
SECRET_BYTES = 32
MIN_SECRET_BYTES = 24
VERSION = "v1"
# How far a receiver should accept a timestamp from its own clock (the scheme's five minutes).
TOLERANCE_S = 300


def new_secret() -> str:
    """A new random signing secret."""
    return SECRET_START + base64.b64encode(secrets.token_bytes(SECRET_BYTES)).decode()


def secret_bytes(secret: str) -> bytes:
    """The key bytes of a secret, or a ValueError saying what is wrong with it."""
    if not secret.startswith(SECRET_START):
        raise ValueError(f"a webhook secret starts with {SECRET_START}")
    try:
        key = base64.b64decode(secret.removeprefix(SECRET_START), validate=True)
    except binascii.Error:
        raise ValueError(f"a webhook secret is {SECRET_START} and base64") from None
    if len(key) < MIN_SECRET_BYTES:
        raise ValueError(f"a webhook secret holds at least {MIN_SECRET_BYTES} bytes")
    return key


def signature(secret: str, message_id: str, timestamp: int, body: bytes) -> str:
    """The ``webhook-signature`` of a body sent with this id at this time."""
    signed = f"{message_id}.{timestamp}.".encode() + body
    digest = hmac.new(secret_bytes(secret), signed, hashlib.sha256).digest()
    return f"{VERSION},{base64.b64encode(digest).decode()}"


def signed_headers(secret: str, message_id: str, timestamp: int, body: bytes) -> dict[str, str]:
    """The headers that let a receiver check who sent a body, and when."""
    return {
        "webhook-id": message_id,
        "webhook-timestamp": str(timestamp),
        "webhook-signature": signature(secret, message_id, timestamp, body),
    }
