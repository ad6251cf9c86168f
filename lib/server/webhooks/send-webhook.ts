import "server-only";
import http from "node:http";
import https from "node:https";
import { remember } from "@epic-web/remember";
import { checkedLookup, literalAddressRefusal } from "./address-check";

// Kept-alive connections, each made through checkedLookup: every new connection's address is checked as it is made,
// and one already checked is reused. No limit per host: the worker bounds the attempts under way, and endpoints on one
// host (Slack's) must not wait for each other. Idle ones close first on this side, as the catalogue client's do.
const IDLE_SOCKET_MS = 4_000;
const agents = () =>
  remember("webhook-http-agents", () => ({
    "http:": new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS, lookup: checkedLookup }),
    "https:": new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS, lookup: checkedLookup }),
  }));

/** How one attempt ended: the answer's status (null when none came), what went wrong, and its body's first 8 KiB. */
export type AttemptOutcome = {
  status: number | null;
  error: string | null;
  durationMs: number;
  response: string | null;
  /** The answer's Retry-After, when it had one. */
  retryAfterMs?: number;
};

/** At most this much of an answer's body is read and kept. */
const ANSWER_MAX_BYTES = 8 * 1024;

function retryAfterMs(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (/^\d+$/.test(header.trim()) && Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function describe(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"))
    return `no answer within ${timeoutMs / 1000} s`;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

const answerText = (chunks: Buffer[]) =>
  Buffer.concat(chunks).subarray(0, ANSWER_MAX_BYTES).toString("utf8").toWellFormed().replaceAll("\u0000", "\u2400");

/**
 * POSTs `body` to `url` once, on a connection whose address was checked as it was made (checkedLookup), no redirect
 * followed, the whole attempt ended after `timeoutMs`. Never rejects: a failure is an outcome.
 */
export function postWebhook(
  url: URL,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const refusal = literalAddressRefusal(url);
  if (refusal) return Promise.resolve({ status: null, error: refusal.message, durationMs: 0, response: null });
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<AttemptOutcome, "durationMs">) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, durationMs: took() });
    };
    const transport = url.protocol === "https:" ? https : http;
    const request = transport.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      agent: agents()[url.protocol === "https:" ? "https:" : "http:"],
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      const done = (cut: boolean) => {
        const redirect = status >= 300 && status < 400;
        finish({
          status,
          error: redirect ? `redirect${location ? ` to ${location}` : ""} not followed` : null,
          response: answerText(chunks),
          retryAfterMs: retryAfterMs(response.headers["retry-after"]),
        });
        // Read no further than the limit; a body read to its end leaves the connection for the next attempt.
        if (cut) response.destroy();
      };
      response.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= ANSWER_MAX_BYTES) done(true);
      });
      response.on("end", () => done(false));
      // Cut off while its body came (the timeout): the status arrived, and says how the attempt went.
      response.on("error", () => done(true));
    });
    request.on("error", (error) => finish({ status: null, error: describe(error, timeoutMs), response: null }));
    request.end(body);
  });
}
