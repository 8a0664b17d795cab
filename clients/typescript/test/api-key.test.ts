// createScopaClient's apiKey: every request sends it as a Bearer token (no server: a fake fetch).
import assert from "node:assert/strict";
import { test } from "node:test";

import { createScopaClient, unwrap } from "../src/index.js";

function recording(seen: Request[]): (request: Request) => Promise<Response> {
  return async (request: Request) => {
    seen.push(request);
    return new Response(JSON.stringify({ levels: [] }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  };
}

test("a client with an API key sends it as a Bearer token, with its other headers", async () => {
  const seen: Request[] = [];
  const client = createScopaClient("http://scopa.test", {
    apiKey: "scopa_secret",
    headers: { "Accept-Language": "it" },
    fetch: recording(seen),
  });
  await unwrap(client.GET("/v1/bot"));
  const [sent] = seen;
  assert.ok(sent && seen.length === 1);
  assert.equal(sent.headers.get("Authorization"), "Bearer scopa_secret");
  assert.equal(sent.headers.get("Accept-Language"), "it");
});

test("a client without a key sends no Authorization header", async () => {
  const seen: Request[] = [];
  const client = createScopaClient("http://scopa.test", { fetch: recording(seen) });
  await unwrap(client.GET("/v1/bot"));
  const [sent] = seen;
  assert.ok(sent);
  assert.equal(sent.headers.get("Authorization"), null);
});
