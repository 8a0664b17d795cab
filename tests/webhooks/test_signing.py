"""The webhooks' signatures are the Standard Webhooks scheme: the scheme's own library (another
author's code) signs the same and verifies ours; a body or id changed is refused."""

from __future__ import annotations

import datetime
import json
import time
from pathlib import Path

import pytest
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from service.webhooks.signing import new_secret, secret_bytes, signature, signed_headers

# A fixed delivery and its signature, also checked by the TypeScript client's verify helper.
VECTOR = json.loads((Path(__file__).parent / "vector.json").read_text(encoding="utf-8"))


def test_the_vector_s_signature_is_the_scheme_library_s() -> None:
    moment = datetime.datetime.fromtimestamp(VECTOR["timestamp"], datetime.UTC)
    theirs = Webhook(VECTOR["secret"]).sign(VECTOR["id"], moment, VECTOR["body"].encode())
    ours = signature(VECTOR["secret"], VECTOR["id"], VECTOR["timestamp"], VECTOR["body"].encode())
    assert ours == theirs == VECTOR["signature"]


def test_the_scheme_library_verifies_a_fresh_delivery_and_refuses_one_changed() -> None:
    secret = new_secret()
    body = b'{"type":"job.done","data":{"id":"x"}}'
    headers = signed_headers(secret, "job-x-done", int(time.time()), body)
    assert Webhook(secret).verify(body, headers) == {"type": "job.done", "data": {"id": "x"}}
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body.replace(b"done", b"fail"), headers)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, {**headers, "webhook-id": "job-y-done"})
    with pytest.raises(WebhookVerificationError):
        Webhook(new_secret()).verify(body, headers)
    stale = signed_headers(secret, "job-x-done", int(time.time()) - 3600, body)
    with pytest.raises(WebhookVerificationError):
        Webhook(secret).verify(body, stale)


@pytest.mark.parametrize(
    ("secret", "reason"),
    [
        ("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=", "starts with whsec_"),
        ("whsec_not base64!", "base64"),
        ("whsec_AAECAwQFBgcICQoLDA0ODw==", "at least 24 bytes"),
    ],
)
def test_a_malformed_secret_says_what_is_wrong(secret: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        secret_bytes(secret)


def test_new_secrets_are_random_and_well_formed() -> None:
    first, second = new_secret(), new_secret()
    assert first != second
    assert len(secret_bytes(first)) == 32
