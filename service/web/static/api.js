// Calls to the public HTTP API, and its RFC 9457 problems in plain words.

export class ApiError extends Error {
  constructor(status, problem, retryAfter) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
    this.retryAfter = retryAfter;
  }
}

export async function call(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    throw new ApiError(0, {
      title: "The service cannot be reached",
      detail: `${method} ${path} failed: ${error.message || error}`,
      errors: {},
    }, 0);
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const problem = data && typeof data === "object" ? data : {
      title: `The service answered ${response.status} ${response.statusText}`,
      detail: text.slice(0, 300),
      errors: {},
    };
    const retryAfter = Number(response.headers.get("Retry-After")) || 0;
    throw new ApiError(response.status, problem, retryAfter);
  }
  return data;
}

// A call retried while the service answers 503 with Retry-After (a busy advisor worker).
export async function callPatiently(method, path, body, onWait, attempts = 30) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call(method, path, body);
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

// The problem as a title, a sentence, and one line per field.
export function describeProblem(error, doing) {
  const problem = error instanceof ApiError ? error.problem : { title: String(error), errors: {} };
  const status = error instanceof ApiError && error.status ? ` (HTTP ${error.status})` : "";
  const lines = [];
  for (const [field, messages] of Object.entries(problem.errors || {})) {
    const list = Array.isArray(messages) ? messages : [messages];
    lines.push(`${field}: ${list.join("; ")}`);
  }
  return {
    title: `${doing}: ${problem.title || "something went wrong"}${status}`,
    detail: problem.detail || "",
    lines,
  };
}
