// waitForJob and jobLines against the real service under gunicorn (jobs in its embedded mode):
// tests/clients/test_typescript_client.py starts it and runs `npm test` with SCOPA_BASE_URL.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  type HandRecord,
  type JobDownloadLine,
  ProblemError,
  createScopaClient,
  jobLines,
  unwrap,
  waitForJob,
} from "../src/index.js";

const baseUrl = process.env.SCOPA_BASE_URL;
if (!baseUrl) {
  throw new Error(
    "SCOPA_BASE_URL is not set: run these tests through tests/clients/test_typescript_client.py, " +
      "which serves the API under gunicorn",
  );
}
const client = createScopaClient(baseUrl);

// A hand of scopa after its first two moves (the first legal move each time).
async function shortRecord(): Promise<HandRecord> {
  const dealt = await unwrap(client.POST("/v1/deal", { body: { rules: "scopa", seed: 7 } }));
  let state = dealt.state;
  let moves = dealt.moves;
  for (let i = 0; i < 2; i += 1) {
    const move = moves[0];
    assert.ok(move);
    state = (await unwrap(client.POST("/v1/play", { body: { state, move } }))).state;
    moves = (await unwrap(client.POST("/v1/moves", { body: { state } }))).moves;
  }
  return (await unwrap(client.POST("/v1/record", { body: { state } }))).record;
}

test("a job is made, waited for and its lines read in record order", async () => {
  const record = await shortRecord();
  const budget = { iterations: 20 };
  const { data, response } = await client.POST("/v1/jobs", {
    body: {
      review: {
        reviews: [
          { record, budget, seed: 1 },
          { record, seats: [1], budget, seed: 2 },
        ],
      },
    },
  });
  assert.equal(response.status, 202);
  assert.ok(data);
  assert.equal(response.headers.get("Location"), data.links.self);
  const ended = await waitForJob(client, data.id, { pollMs: 50, timeoutMs: 60_000 });
  assert.equal(ended.state, "done");
  assert.equal(ended.done, 2);
  const lines: JobDownloadLine[] = [];
  for await (const line of jobLines(client, data.id)) {
    lines.push(line);
  }
  assert.deepEqual(
    lines.map((line) => [line.type, line.index]),
    [
      ["review", 0],
      ["review", 1],
      ["summary", undefined],
    ],
  );
});

test("a job the server does not have is a ProblemError", async () => {
  await assert.rejects(waitForJob(client, "no-such-job"), (error: unknown) => {
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 404);
    return true;
  });
});
