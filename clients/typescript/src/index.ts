// The Scopa service client: openapi-fetch typed by the paths that openapi-typescript generates
// from openapi.yaml into ./schema.d.ts (`make clients`). Only this file is written by hand.
import createClient, { type Client, type ClientOptions } from "openapi-fetch";
import type { Problem, paths } from "./schema.js";

export type * from "./schema.js";

/** A client whose GET and POST take the spec's paths, bodies and answers. */
export type ScopaClient = Client<paths>;

/** A client of the service at `baseUrl`, such as "http://127.0.0.1:8000". */
export function createScopaClient(
  baseUrl: string,
  options: Omit<ClientOptions, "baseUrl"> = {},
): ScopaClient {
  return createClient<paths>({ ...options, baseUrl });
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
