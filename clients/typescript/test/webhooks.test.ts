// verifyWebhook against a delivery the service signed (tests/webhooks/vector.json, whose
// signature the Standard Webhooks reference library also computes: tests/webhooks).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { WebhookVerificationError, verifyWebhook } from "../src/index.js";

interface Vector {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
  signature: string;
}

// dist/test/ -> the repository's tests/webhooks/vector.json.
const vector = JSON.parse(
  readFileSync(new URL("../../../../tests/webhooks/vector.json", import.meta.url), "utf-8"),
) as Vector;
const headers = {
  "Webhook-Id": vector.id,
  "Webhook-Timestamp": String(vector.timestamp),
  "Webhook-Signature": vector.signature,
};
const now = vector.timestamp + 10;

test("a delivery the service signed is verified and its event given", async () => {
  const event = (await verifyWebhook(vector.secret, vector.body, headers, { now })) as {
    type: string;
    data: { id: string };
  };
  assert.equal(event.type, "job.done");
  assert.equal(event.data.id, "Vb3kQ9yLr2TtX0cW8mHn4A");
  const bytes = new TextEncoder().encode(vector.body);
  await verifyWebhook(vector.secret, bytes, new Headers(headers), { now });
  const rotated = { ...headers, "Webhook-Signature": `v1,AAAA ${vector.signature}` };
  await verifyWebhook(vector.secret, vector.body, rotated, { now });
});

test("a body, id or secret changed, or a late delivery, is refused", async () => {
  const refused = async (
    body: string,
    given: Record<string, string>,
    secret = vector.secret,
    at = now,
  ) =>
    assert.rejects(verifyWebhook(secret, body, given, { now: at }), WebhookVerificationError);
  await refused(vector.body.replace("done", "fail"), headers);
  await refused(vector.body, { ...headers, "Webhook-Id": "job-other-done" });
  await refused(vector.body, headers, "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh4=");
  await refused(vector.body, headers, vector.secret, vector.timestamp + 301);
  await refused(vector.body, { "Webhook-Id": vector.id });
});
