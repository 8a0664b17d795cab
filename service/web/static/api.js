// Calls to the public HTTP API, and its RFC 9457 problems in plain words.
//
// The calls go through openapi-fetch (./openapi-fetch.js, its ESM build vendored by
// `make clients`; no build step) and are typed by the types generated from openapi.yaml into
// clients/typescript/src/schema.d.ts: `tsc --checkJs` (clients/typescript/tsconfig.web.json,
// run by the test suite) checks every path, request body and answer of the page against it.

import { t } from "./i18n.js";
import createClient from "./openapi-fetch.js";

/** @typedef {import("../../../clients/typescript/src/schema").paths} paths */
/** @typedef {import("../../../clients/typescript/src/schema").Problem} Problem */
/** @typedef {import("../../../clients/typescript/src/schema").DealRequest} DealRequest */
/** @typedef {import("../../../clients/typescript/src/schema").MovesRequest} MovesRequest */
/** @typedef {import("../../../clients/typescript/src/schema").PlayRequest} PlayRequest */
/** @typedef {import("../../../clients/typescript/src/schema").ScoreRequest} ScoreRequest */
/** @typedef {import("../../../clients/typescript/src/schema").AdviceRequest} AdviceRequest */
/** @typedef {import("../../../clients/typescript/src/schema").BotRequest} BotRequest */
/** @typedef {import("../../../clients/typescript/src/schema").ViewRequest} ViewRequest */
/** @typedef {import("../../../clients/typescript/src/schema").RecordRequest} RecordRequest */
/** @typedef {import("../../../clients/typescript/src/schema").ReplayRequest} ReplayRequest */
/** @typedef {import("../../../clients/typescript/src/schema").ReviewRequest} ReviewRequest */
/** @typedef {import("../../../clients/typescript/src/schema").LedgerRequest} LedgerRequest */
/** @typedef {import("../../../clients/typescript/src/schema").InsightsRequest} InsightsRequest */
/** @typedef {import("../../../clients/typescript/src/schema").DrillsRequest} DrillsRequest */
/** @typedef {import("../../../clients/typescript/src/schema").FairPlayRequest} FairPlayRequest */
/**
 * A problem as the page shows it: the service's own, or one made up for a failed call.
 * @typedef {{ type?: string, title?: string, detail?: string, errors?: Record<string, string[] | string> }} ShownProblem
 */

// The API key the user gave, when the service needs one (SCOPA_API_KEYS_FILE): kept in
// sessionStorage only, so it is gone when the tab closes, and sent as a Bearer token.
export const KEY_STORE = "scopa.api-key";
export const UNAUTHORIZED = "urn:scopa:problem:unauthorized";

/** @returns {string | null} the key given in this tab, if any */
export function getApiKey() {
  try {
    return window.sessionStorage.getItem(KEY_STORE);
  } catch {
    return null;
  }
}
/** @param {string} key */
export function setApiKey(key) {
  window.sessionStorage.setItem(KEY_STORE, key);
}
export function clearApiKey() {
  try {
    window.sessionStorage.removeItem(KEY_STORE);
  } catch {
    // A browser without storage has no key to forget.
  }
}

// The page is served by the service it calls: paths are relative to its origin.
/** @type {import("./openapi-fetch.js").Client<paths>} */
const client = createClient({ headers: { Accept: "application/json" } });
client.use({
  onRequest({ request }) {
    const key = getApiKey();
    if (key) {
      request.headers.set("Authorization", `Bearer ${key}`);
    }
    return request;
  },
});

// The language of the service's words (problems, descriptions): every call asks for it.
let lang = "en";
/** @param {string} code */
export function setLanguage(code) {
  lang = code;
}
/** The header of every call: the language (Accept-Language; the service answers Vary). */
const inLanguage = () => ({ params: { header: { "Accept-Language": lang } } });

export class ApiError extends Error {
  /**
   * @param {number} status 0 when the service could not be reached
   * @param {ShownProblem} problem
   * @param {number} retryAfter seconds, from a 503's Retry-After (0 when absent)
   */
  constructor(status, problem, retryAfter) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

/** A 401 `unauthorized` problem: the service needs an API key, and this tab has none it takes. */
export class KeyNeeded extends ApiError {}

/**
 * The data of a call, else an ApiError with the service's problem (or one in words when the
 * service cannot be reached or its answer is not a problem).
 * @template {{ data?: unknown, error?: unknown, response: Response }} R
 * @param {string} label the method and path, for the words of a failed call
 * @param {Promise<R>} pending
 * @returns {Promise<NonNullable<R["data"]>>}
 */
async function settle(label, pending) {
  let outcome;
  try {
    outcome = await pending;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const unreachable = error instanceof TypeError;
    throw new ApiError(0, {
      title: unreachable ? t("The service cannot be reached") : t("The service's answer cannot be read"),
      detail: t("{call} failed: {reason}", { call: label, reason }),
      errors: {},
    }, 0);
  }
  const { data, error, response } = outcome;
  if (response.ok && data !== undefined && data !== null) {
    return data;
  }
  const problem = error && typeof error === "object" ? /** @type {ShownProblem} */ (error) : {
    title: t("The service answered {status} {text}", { status: response.status, text: response.statusText }),
    detail: typeof error === "string" ? error.slice(0, 300) : "",
    errors: {},
  };
  if (response.status === 401 && problem.type === UNAUTHORIZED) {
    throw new KeyNeeded(response.status, problem, 0);
  }
  const retryAfter = Number(response.headers.get("Retry-After")) || 0;
  throw new ApiError(response.status, problem, retryAfter);
}

// One function per endpoint the page uses; the answers carry the spec's types.
export const getRules = () => settle("GET /v1/rules", client.GET("/v1/rules", inLanguage()));
/** @param {string} code the language of the names */
export const getNames = (code) =>
  settle("GET /v1/names", client.GET("/v1/names", { params: { header: { "Accept-Language": code } } }));
/** @param {DealRequest} body */
export const deal = (body) => settle("POST /v1/deal", client.POST("/v1/deal", { body, ...inLanguage() }));
/** @param {MovesRequest} body */
export const listMoves = (body) =>
  settle("POST /v1/moves", client.POST("/v1/moves", { body, ...inLanguage() }));
/** @param {PlayRequest} body */
export const play = (body) => settle("POST /v1/play", client.POST("/v1/play", { body, ...inLanguage() }));
/** @param {ScoreRequest} body */
export const score = (body) =>
  settle("POST /v1/score", client.POST("/v1/score", { body, ...inLanguage() }));
/** @param {AdviceRequest} body */
export const advise = (body) =>
  settle("POST /v1/advice", client.POST("/v1/advice", { body, ...inLanguage() }));
export const getLevels = () => settle("GET /v1/bot", client.GET("/v1/bot", inLanguage()));
/** @param {BotRequest} body */
export const botMove = (body) => settle("POST /v1/bot", client.POST("/v1/bot", { body, ...inLanguage() }));
/** @param {ViewRequest} body */
export const seatView = (body) =>
  settle("POST /v1/view", client.POST("/v1/view", { body, ...inLanguage() }));
/** @param {RecordRequest} body */
export const record = (body) =>
  settle("POST /v1/record", client.POST("/v1/record", { body, ...inLanguage() }));
/** @param {ReplayRequest} body */
export const replay = (body) =>
  settle("POST /v1/replay", client.POST("/v1/replay", { body, ...inLanguage() }));
/** @param {ReviewRequest} body */
export const review = (body) =>
  settle("POST /v1/review", client.POST("/v1/review", { body, ...inLanguage() }));
/** @param {InsightsRequest} body */
export const insights = (body) =>
  settle("POST /v1/insights", client.POST("/v1/insights", { body, ...inLanguage() }));
/** @param {FairPlayRequest} body */
export const fairPlay = (body) =>
  settle("POST /v1/fair-play", client.POST("/v1/fair-play", { body, ...inLanguage() }));
/** @param {DrillsRequest} body */
export const drills = (body) =>
  settle("POST /v1/drills", client.POST("/v1/drills", { body, ...inLanguage() }));
/**
 * The tally form of some rules.
 * @param {string} rules a preset's name, or the JSON text of rule options
 */
export const getTally = (rules) =>
  settle(
    "GET /v1/rules/tally",
    client.GET("/v1/rules/tally", { params: { query: { rules }, header: { "Accept-Language": lang } } }),
  );
/** @param {LedgerRequest} body */
export const matchLedger = (body) =>
  settle("POST /v1/match", client.POST("/v1/match", { body, ...inLanguage() }));

/**
 * A call retried while the service answers 503 with Retry-After (a busy advisor worker).
 * @template T
 * @param {() => Promise<T>} send
 * @param {(seconds: number) => void} onWait
 * @param {number} [attempts]
 * @returns {Promise<T>}
 */
export async function patiently(send, onWait, attempts = 30) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 503 || attempt >= attempts) {
        throw error;
      }
      const seconds = Math.min(Math.max(error.retryAfter, 1), 10);
      onWait(seconds);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}

/**
 * The problem as a title, a sentence, and one line per field.
 * @param {unknown} error
 * @param {string} doing
 */
export function describeProblem(error, doing) {
  /** @type {ShownProblem} */
  const problem = error instanceof ApiError ? error.problem : { title: String(error), errors: {} };
  const status = error instanceof ApiError && error.status ? ` (HTTP ${error.status})` : "";
  const lines = [];
  for (const [field, messages] of Object.entries(problem.errors || {})) {
    const list = Array.isArray(messages) ? messages : [messages];
    lines.push(`${field}: ${list.join("; ")}`);
  }
  return {
    title: `${doing}: ${problem.title || t("something went wrong")}${status}`,
    detail: problem.detail || "",
    lines,
  };
}
