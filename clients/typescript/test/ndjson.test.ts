// readNdjson and reviewBatch on answers made here (no server): lines split across chunks, a
// cut-short stream, a refused batch.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  type BatchReviewLine,
  ProblemError,
  StreamCutShortError,
  createScopaClient,
  readNdjson,
  reviewBatch,
} from "../src/index.js";

// A 200 NDJSON answer whose body comes in exactly these chunks.
function chunked(chunks: Uint8Array[], status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) {
        controller.enqueue(chunk);
      }
      controller.close();
    },
  });
  return new Response(body, { status, headers: { "Content-Type": "application/x-ndjson" } });
}

function split(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks = [];
  for (let i = 0; i < bytes.length; i += size) {
    chunks.push(bytes.slice(i, i + size));
  }
  return chunks;
}

async function all<T>(lines: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const line of lines) {
    found.push(line);
  }
  return found;
}

// A client whose every answer is `text` with `status`, sent in chunks of three bytes.
function fakeClient(text: string, status = 200) {
  return createScopaClient("http://scopa.test", {
    fetch: async (request: Request) => {
      assert.equal(new URL(request.url).pathname, "/v1/review/batch");
      return chunked(split(new TextEncoder().encode(text), 3), status);
    },
  });
}

test("lines are split across chunk boundaries, a character's bytes too", async () => {
  // "è" is two bytes in UTF-8: some chunk sizes cut it in half.
  const bytes = new TextEncoder().encode('{"a":"è"}\n\n{"b":[1,2]}\n{"c":null}\n');
  for (let size = 1; size <= bytes.length; size += 1) {
    const lines = await all(readNdjson(chunked(split(bytes, size))));
    assert.deepEqual(lines, [{ a: "è" }, { b: [1, 2] }, { c: null }], `chunks of ${size} bytes`);
  }
});

test("a stream that ends in the middle of a line was cut short", async () => {
  const bytes = new TextEncoder().encode('{"a":1}\n{"b":');
  const seen: unknown[] = [];
  await assert.rejects(async () => {
    for await (const line of readNdjson(chunked([bytes]))) {
      seen.push(line);
    }
  }, StreamCutShortError);
  assert.deepEqual(seen, [{ a: 1 }]);
});

test("a non-OK answer is a ProblemError with its problem", async () => {
  const problem = { type: "urn:scopa:problem:validation", title: "t", status: 422, detail: "d" };
  const response = chunked([new TextEncoder().encode(JSON.stringify(problem))], 422);
  await assert.rejects(all(readNdjson(response)), (error: unknown) => {
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 422);
    assert.equal(error.problem?.type, problem.type);
    return true;
  });
});

const REVIEW = '{"type":"review","index":0,"review":{}}\n';
const KEEPALIVE = '{"type":"keepalive","index":1,"done":1}\n';
const SUMMARY = '{"type":"summary","records":1,"reviewed":1,"problems":0}\n';

test("reviewBatch leaves keep-alives out unless asked", async () => {
  const text = REVIEW + KEEPALIVE + SUMMARY;
  const types = (lines: BatchReviewLine[]) => lines.map((line) => line.type);
  assert.deepEqual(types(await all(reviewBatch(fakeClient(text), { reviews: [] }))), [
    "review",
    "summary",
  ]);
  const asked = reviewBatch(fakeClient(text), { reviews: [] }, { keepalives: true });
  assert.deepEqual(types(await all(asked)), ["review", "keepalive", "summary"]);
});

test("reviewBatch throws when the stream ends without its summary", async () => {
  const seen: string[] = [];
  await assert.rejects(async () => {
    for await (const line of reviewBatch(fakeClient(REVIEW + KEEPALIVE), { reviews: [] })) {
      seen.push(line.type);
    }
  }, StreamCutShortError);
  assert.deepEqual(seen, ["review"]);
});

test("reviewBatch throws a refused batch's problem", async () => {
  const problem = { type: "urn:scopa:problem:budget-too-large", title: "t", status: 422 };
  await assert.rejects(
    all(reviewBatch(fakeClient(JSON.stringify(problem), 422), { reviews: [] })),
    (error: unknown) => error instanceof ProblemError && error.problem?.type === problem.type,
  );
});
