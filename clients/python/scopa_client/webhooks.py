"""Checking a job's webhook: that the service sent it, untouched, and lately.

Written by hand (scripts/gen_clients.py keeps it across `make clients`). The service signs each
delivery in the Standard Webhooks scheme with the secret its operator gave you (``whsec_...``);
pass the request's body exactly as received (bytes) and its headers:

    event = verify_webhook(SECRET, request.get_data(), request.headers)
    if seen(event_id := request.headers["webhook-id"]):
        return "", 204  # a delivery tried again: already handled
    ...  # event["type"] is "job.done", "job.cancelled" or "job.failed"; event["data"] the job

A body, id or time that does not match its signature, or a timestamp more than five minutes
from this machine's clock (a replay), raises ``WebhookVerificationError``. Answer 2xx once
handled; anything else (or no answer in 10 s) is tried again later with the same ``webhook-id``.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import time
from collections.abc import Mapping
from typing import Any

SECRET_START = "whsec_"
TOLERANCE_S = 300


class WebhookVerificationError(ValueError):
    """A delivery that did not come from the service as it was sent, or came too late."""


def verify_webhook(
    secret: str,
    body: bytes,
    headers: Mapping[str, str],
    *,
    tolerance_s: int = TOLERANCE_S,
    now: float | None = None,
) -> Any:
    """The event a delivery carries (its JSON body), once its signature and time are checked."""
    found = {name.lower(): value for name, value in headers.items()}
    message_id = found.get("webhook-id")
    timestamp = found.get("webhook-timestamp")
    signatures = found.get("webhook-signature")
    if not (message_id and timestamp and signatures):
        raise WebhookVerificationError("webhook-id, webhook-timestamp and webhook-signature are needed")
    try:
        sent = int(timestamp)
    except ValueError:
        raise WebhookVerificationError("webhook-timestamp is not a number of seconds") from None
    clock = time.time() if now is None else now
    if abs(clock - sent) > tolerance_s:
        raise WebhookVerificationError("webhook-timestamp is too far from this clock: a replay?")
    try:
        key = base64.b64decode(secret.removeprefix(SECRET_START), validate=True)
    except binascii.Error:
        raise WebhookVerificationError("the secret is not whsec_ and base64") from None
    digest = hmac.new(key, f"{message_id}.{sent}.".encode() + body, hashlib.sha256).digest()
    expected = "v1," + base64.b64encode(digest).decode()
    # Several signatures may come, space-separated (a secret being rotated): one must match.
    if not any(hmac.compare_digest(expected, given) for given in signatures.split(" ")):
        raise WebhookVerificationError("no signature matches the body")
    return json.loads(body)
