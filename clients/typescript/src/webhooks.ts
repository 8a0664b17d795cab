// Checking a job's webhook: that the service sent it, untouched, and lately. The service signs
// each delivery in the Standard Webhooks scheme with the secret its operator gave you
// ("whsec_..."): an HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}". Web Crypto only,
// so it runs in Node.js 20 and later, Deno, Bun and edge runtimes alike.

/** A delivery that did not come from the service as it was sent, or came too late. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookVerificationError";
  }
}

/** Options of verifyWebhook: how far a timestamp may be from the clock, and the clock. */
export interface VerifyWebhookOptions {
  /** Seconds a timestamp may be from `now` (5 minutes): an older delivery is a replay. */
  toleranceSeconds?: number;
  /** The time to check against, in seconds since the epoch (the machine's clock). */
  now?: number;
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function header(headers: Headers | Record<string, string | undefined>, name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? "";
  const found = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  return found?.[1] ?? "";
}

/**
 * The event a delivery carries (its JSON body), once its signature and time are checked. Pass
 * the body exactly as received (a string or its bytes) and the request's headers; a body, id
 * or time that does not match, or a timestamp too far from the clock, throws
 * WebhookVerificationError. Answer 2xx once handled; a delivery tried again has the same
 * `webhook-id`, to be handled once.
 */
export async function verifyWebhook(
  secret: string,
  body: string | Uint8Array,
  headers: Headers | Record<string, string | undefined>,
  options: VerifyWebhookOptions = {},
): Promise<unknown> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      "webhook-id, webhook-timestamp and webhook-signature are needed",
    );
  }
  const sent = Number(timestamp);
  if (!/^\d+$/.test(timestamp) || !Number.isSafeInteger(sent)) {
    throw new WebhookVerificationError("webhook-timestamp is not a number of seconds");
  }
  const now = options.now ?? Date.now() / 1000;
  if (Math.abs(now - sent) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookVerificationError("webhook-timestamp is too far from this clock: a replay?");
  }
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const prefix = new TextEncoder().encode(`${id}.${timestamp}.`);
  const signed = new Uint8Array(prefix.length + bytes.length);
  signed.set(prefix);
  signed.set(bytes, prefix.length);
  const key = await crypto.subtle.importKey(
    "raw",
    decodeBase64(secret.replace(/^whsec_/, "")),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  // Several signatures may come, space-separated (a secret being rotated): one must match.
  // subtle.verify compares in constant time.
  for (const given of signatures.split(" ")) {
    const [version, value] = given.split(",", 2);
    if (version !== "v1" || !value) continue;
    let candidate: Uint8Array<ArrayBuffer>;
    try {
      candidate = decodeBase64(value);
    } catch {
      continue;
    }
    if (await crypto.subtle.verify("HMAC", key, candidate, signed)) {
      return JSON.parse(new TextDecoder().decode(bytes));
    }
  }
  throw new WebhookVerificationError("no signature matches the body");
}
