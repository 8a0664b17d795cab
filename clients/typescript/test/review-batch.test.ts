// reviewBatch against the real service under gunicorn: tests/clients/test_typescript_client.py
// starts it on loopback and runs `npm test` with its address in SCOPA_BASE_URL.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  type BatchReviewLine,
  type HandRecord,
  type State,
  createScopaClient,
  reviewBatch,
  unwrap,
} from "../src/index.js";

const baseUrl = process.env.SCOPA_BASE_URL;
if (!baseUrl) {
  throw new Error(
    "SCOPA_BASE_URL is not set: run these tests through tests/clients/test_typescript_client.py, " +
      "which serves the API under gunicorn",
  );
}
const client = createScopaClient(baseUrl);

// The record of a hand of scopa after its first four moves (the first legal move each time).
async function shortRecord(): Promise<HandRecord> {
  const dealt = await unwrap(client.POST("/v1/deal", { body: { rules: "scopa", seed: 42 } }));
  let state: State = dealt.state;
  let moves = dealt.moves;
  for (let i = 0; i < 4; i += 1) {
    const move = moves[0];
    assert.ok(move);
    state = (await unwrap(client.POST("/v1/play", { body: { state, move } }))).state;
    moves = (await unwrap(client.POST("/v1/moves", { body: { state } }))).moves;
  }
  return (await unwrap(client.POST("/v1/record", { body: { state } }))).record;
}

test("a batch streams a line per record in order, a bad record a problem line", async () => {
  const record = await shortRecord();
  const [first, second] = record.moves ?? [];
  assert.ok(first && second);
  // The second move played by the seat that played the first: an illegal record.
  const illegal = { ...record, moves: [first, { ...second, seat: first.seat }] };
  const budget = { iterations: 20 };
  const lines: BatchReviewLine[] = [];
  const body = {
    reviews: [
      { record, budget, seed: 1 },
      { record: illegal, budget, seed: 2 },
      { record, seats: [1], budget, seed: 3 },
    ],
  };
  for await (const line of reviewBatch(client, body)) {
    lines.push(line);
  }
  assert.deepEqual(
    lines.map((line) => [line.type, line.index]),
    [
      ["review", 0],
      ["problem", 1],
      ["review", 2],
      ["summary", undefined],
    ],
  );
  assert.deepEqual(lines[0]?.review?.seats, [0, 1]);
  assert.equal(lines[1]?.problem?.status, 422);
  assert.equal(lines[1]?.problem?.type, "urn:scopa:problem:illegal-move");
  assert.deepEqual(lines[2]?.review?.seats, [1]);
  const summary = lines[3];
  assert.deepEqual([summary?.records, summary?.reviewed, summary?.problems], [3, 2, 1]);
});
