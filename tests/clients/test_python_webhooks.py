"""clients/python's verify_webhook: a delivery the service signed is verified, one changed or
late is refused (the fixed delivery of tests/webhooks/vector.json, and fresh ones)."""

from __future__ import annotations

import time

import pytest
from scopa_client.webhooks import WebhookVerificationError, verify_webhook

from service.webhooks.signing import new_secret, signed_headers
from tests.webhooks.test_signing import VECTOR


def vector_headers() -> dict[str, str]:
    return {
        "Webhook-Id": VECTOR["id"],
        "Webhook-Timestamp": str(VECTOR["timestamp"]),
        "Webhook-Signature": VECTOR["signature"],
    }


def test_the_fixed_delivery_is_verified_and_its_event_given() -> None:
    body, now = VECTOR["body"].encode(), VECTOR["timestamp"] + 10
    event = verify_webhook(VECTOR["secret"], body, vector_headers(), now=now)
    assert (event["type"], event["data"]["id"]) == ("job.done", "Vb3kQ9yLr2TtX0cW8mHn4A")


def test_a_fresh_delivery_is_verified_and_a_changed_or_late_one_refused() -> None:
    secret, body = new_secret(), b'{"type":"job.failed","data":{"id":"j"}}'
    headers = signed_headers(secret, "job-j-failed", int(time.time()), body)
    assert verify_webhook(secret, body, headers)["type"] == "job.failed"
    rotated = {**headers, "webhook-signature": "v1,AAAA " + headers["webhook-signature"]}
    assert verify_webhook(secret, body, rotated)["data"] == {"id": "j"}
    refusals = [
        (secret, body.replace(b"failed", b"done"), headers),
        (secret, body, {**headers, "webhook-id": "job-k-failed"}),
        (new_secret(), body, headers),
        (secret, body, {"webhook-id": "job-j-failed"}),
        (secret, body, {**headers, "webhook-timestamp": "soon"}),
    ]
    for key, sent, given in refusals:
        with pytest.raises(WebhookVerificationError):
            verify_webhook(key, sent, given)
    with pytest.raises(WebhookVerificationError, match="replay"):
        verify_webhook(secret, body, headers, now=time.time() + 301)
