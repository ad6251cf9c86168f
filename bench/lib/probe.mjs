// @ts-check
// Single requests, each on a fresh connection, that say what a response is rather than how fast under load: its status,
// headers, bytes on the wire (status line and headers included), decoded body, and the time to its last byte and to
// its body decoded.
import { request } from "node:http";
import { buffer } from "node:stream/consumers";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { median } from "./report.mjs";

/**
 * @typedef {{ status: number, headers: import("node:http").IncomingHttpHeaders, wireBytes: number, bodyBytes: number,
 *   body: Buffer, receivedMs: number, ms: number }} Probe
 */

/** A GET, or a POST of `body` as JSON. */
/** @param {string} url @param {Record<string, string>} headers @param {string} [body] @returns {Promise<Probe>} */
export async function probe(url, headers, body) {
  const started = performance.now();
  const json = body && { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) };
  const method = body === undefined ? "GET" : "POST";
  /** @type {import("node:http").IncomingMessage} */
  const response = await new Promise((resolve, reject) => {
    const sent = request(url, { method, headers: { ...headers, ...json, connection: "close" }, agent: false }, resolve);
    sent.setTimeout(120_000, () => sent.destroy(new Error(`no answer from ${url} within 120 s`)));
    sent.on("error", reject).end(body);
  });
  const raw = await buffer(response);
  const receivedMs = performance.now() - started;
  const encoding = response.headers["content-encoding"];
  const decoded = encoding === "gzip" ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw;
  const ms = performance.now() - started;
  const { statusCode: status = 0, headers: got, socket } = response;
  const wireBytes = socket?.bytesRead ?? NaN;
  return { status, headers: got, wireBytes, bodyBytes: raw.length, body: decoded, receivedMs, ms };
}

/** Five probes; the one with the median time. @param {string} url @param {Record<string, string>} headers */
export async function probeMedian(url, headers) {
  const probes = [];
  for (let i = 0; i < 5; i++) probes.push(await probe(url, headers));
  const middle = median(probes.map((p) => p.ms));
  return /** @type {Probe} */ (probes.find((p) => p.ms === middle));
}

/** What is wrong with a list: not 200, not a JSON array of `count` items, or `bigId` not written with every digit. */
/** @param {Probe} response @param {number} count @param {string} bigId */
export function listProblem(response, count, bigId) {
  const text = response.body.toString("utf8");
  if (response.status !== 200) return `answered ${response.status}`;
  if (!text.startsWith("[") || JSON.parse(text).length !== count) return `did not list ${count} categories`;
  return new RegExp(`"id":${bigId}[,}]`).test(text) ? undefined : `did not write id ${bigId} exactly`;
}
