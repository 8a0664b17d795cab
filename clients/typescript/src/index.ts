// The Scopa service client: openapi-fetch typed by the paths that openapi-typescript generates
// from openapi.yaml into ./schema.d.ts (`make clients`). This file is written by hand; it
// also reads the NDJSON stream of POST /v1/review/batch line by line (reviewBatch, readNdjson),
// waits for a job to end (waitForJob) and reads its results as they download (jobLines); a
// job's webhook is checked by verifyWebhook (./webhooks.ts, also written by hand).
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type {
  BatchReviewLine,
  BatchReviewRequest,
  Job,
  JobDownloadLine,
  Problem,
  paths,
} from "./schema.js";

export type * from "./schema.js";
export { type VerifyWebhookOptions, WebhookVerificationError, verifyWebhook } from "./webhooks.js";

/** A client whose GET and POST take the spec's paths, bodies and answers. */
export type ScopaClient = Client<paths>;

/** Options of a client: openapi-fetch's, and the API key of a server that needs one. */
export type ScopaClientOptions = Omit<ClientOptions, "baseUrl"> & { apiKey?: string };

/**
 * A client of the service at `baseUrl`, such as "http://127.0.0.1:8000". With `apiKey`, every
 * request sends it as `Authorization: Bearer <apiKey>`.
 */
export function createScopaClient(
  baseUrl: string,
  options: ScopaClientOptions = {},
): ScopaClient {
  const { apiKey, ...rest } = options;
  if (apiKey === undefined) {
    return createClient<paths>({ ...rest, baseUrl });
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(rest.headers ?? {})) {
    if (value !== null && value !== undefined) headers.set(name, String(value));
  }
  headers.set("Authorization", `Bearer ${apiKey}`);
  return createClient<paths>({ ...rest, headers, baseUrl });
}

/** An answer other than a success: its status, its RFC 9457 problem, and Retry-After on a 503. */
export class ProblemError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;
  readonly retryAfter: number | undefined;

  constructor(response: Response, body: unknown) {
    const problem = isProblem(body) ? body : undefined;
    const text = typeof body === "string" ? body.slice(0, 300) : "";
    super(problem?.detail || problem?.title || text || `HTTP ${response.status}`);
    this.name = "ProblemError";
    this.status = response.status;
    this.problem = problem;
    const retryAfter = Number(response.headers.get("Retry-After"));
    this.retryAfter = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
  }
}

function isProblem(body: unknown): body is Problem {
  return typeof body === "object" && body !== null && "type" in body && "status" in body;
}

/** The data of a successful call, else a thrown ProblemError: `await unwrap(client.POST(...))`. */
export async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<NonNullable<R["data"]>> {
  const { data, error, response } = await call;
  if (!response.ok || data === undefined || data === null) {
    throw new ProblemError(response, error);
  }
  return data;
}

/** A stream that ended before its summary line, or in the middle of a line. */
export class StreamCutShortError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StreamCutShortError";
  }
}

/**
 * Each JSON object of an NDJSON answer as it arrives; a line may span chunks. A non-OK answer
 * is a thrown ProblemError; a last line without its "\n" a StreamCutShortError.
 */
export async function* readNdjson<T = unknown>(response: Response): AsyncGenerator<T, void> {
  if (!response.ok) {
    const text = await response.text();
    throw new ProblemError(response, parsedOrText(text));
  }
  if (response.body === null) {
    return;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let ended = false;
  try {
    while (!ended) {
      const { done, value } = await reader.read();
      ended = done;
      pending += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line.trim()) {
          yield JSON.parse(line) as T;
        }
      }
    }
  } finally {
    // A reader that stops early (break, an error) closes the connection.
    if (!ended) {
      await reader.cancel().catch(() => undefined);
    }
    reader.releaseLock();
  }
  if (pending.trim()) {
    throw new StreamCutShortError(
      `the stream ended in the middle of a line: ${pending.slice(0, 80)}`,
    );
  }
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What reviewBatch takes besides the body: keep-alive lines yielded too, an abort signal. */
export interface ReviewBatchOptions {
  keepalives?: boolean;
  signal?: AbortSignal;
}

/**
 * POST /v1/review/batch and yield each line as it arrives (keep-alives only when asked): review
 * and problem lines in record order, the summary last. A refused batch is a thrown
 * ProblemError; a stream without its summary a StreamCutShortError.
 */
export async function* reviewBatch(
  client: ScopaClient,
  body: BatchReviewRequest,
  options: ReviewBatchOptions = {},
): AsyncGenerator<BatchReviewLine, void> {
  const { error, response } = await client.POST("/v1/review/batch", {
    body,
    parseAs: "stream",
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    throw new ProblemError(response, error);
  }
  let summary = false;
  for await (const line of readNdjson<BatchReviewLine>(response)) {
    summary ||= line.type === "summary";
    if (line.type !== "keepalive" || options.keepalives) {
      yield line;
    }
  }
  if (!summary) {
    throw new StreamCutShortError("the batch's stream ended without its summary line");
  }
}

/** What waitForJob takes: the polling interval, a time limit, an abort signal. */
export interface WaitForJobOptions {
  pollMs?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const JOB_ENDED = new Set(["done", "cancelled", "failed"]);

/**
 * GET the job every `pollMs` (1 s by default) until it has ended (done, cancelled or failed)
 * and give it; a ProblemError for a job the server does not have (404), an Error after
 * `timeoutMs`.
 */
export async function waitForJob(
  client: ScopaClient,
  jobId: string,
  options: WaitForJobOptions = {},
): Promise<Job> {
  const pollMs = options.pollMs ?? 1000;
  const deadline = options.timeoutMs === undefined ? undefined : Date.now() + options.timeoutMs;
  for (;;) {
    const { data, error, response } = await client.GET("/v1/jobs/{job_id}", {
      params: { path: { job_id: jobId } },
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (data === undefined) {
      throw new ProblemError(response, error);
    }
    if (JOB_ENDED.has(data.state)) {
      return data;
    }
    if (deadline !== undefined && Date.now() >= deadline) {
      throw new Error(`job ${jobId} is still ${data.state} after ${options.timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * GET a job's results as NDJSON and yield each line as it arrives: review and problem lines in
 * record order, the summary last. A stream without its summary is a StreamCutShortError.
 */
export async function* jobLines(
  client: ScopaClient,
  jobId: string,
  options: { signal?: AbortSignal } = {},
): AsyncGenerator<JobDownloadLine, void> {
  const { error, response } = await client.GET("/v1/jobs/{job_id}/download", {
    params: { path: { job_id: jobId } },
    parseAs: "stream",
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) {
    throw new ProblemError(response, error);
  }
  let summary = false;
  for await (const line of readNdjson<JobDownloadLine>(response)) {
    summary ||= line.type === "summary";
    yield line;
  }
  if (!summary) {
    throw new StreamCutShortError("the job's download ended without its summary line");
  }
}
