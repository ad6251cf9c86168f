// @ts-check
// Single requests, each on a fresh connection, that say what a response is rather than how fast:
// its status, encoding, bytes on the wire (status line and headers included) and whether its ids are exact.
import { request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { median } from "./stats.mjs";

/**
 * @typedef {{
 *   status: number, headers: import("node:http").IncomingHttpHeaders, wireBytes: number, bodyBytes: number,
 *   body: Buffer, ms: number,
 * }} Probe
 */

/**
 * One request (a GET unless a body is given) on its own connection; the response's `body` is decoded.
 * @param {string} url @param {Record<string, string>} headers @param {string} [body] sent as JSON with POST
 * @returns {Promise<Probe>}
 */
export function probe(url, headers, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const options = body === undefined
      ? { headers: { ...headers, connection: "close" }, agent: false }
      : { method: "POST", headers: { ...headers, connection: "close", "content-type": "application/json", "content-length": Buffer.byteLength(body) }, agent: false };
    const request = httpRequest(url, options, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const ms = performance.now() - started;
        const raw = Buffer.concat(chunks);
        try {
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            wireBytes: response.socket?.bytesRead ?? Number.NaN,
            bodyBytes: raw.length,
            body: decode(raw, String(response.headers["content-encoding"] ?? "identity")),
            ms,
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    request.setTimeout(120_000, () => request.destroy(new Error(`no answer from ${url} within 120 s`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** @param {Buffer} raw @param {string} encoding */
function decode(raw, encoding) {
  if (encoding === "gzip") return gunzipSync(raw);
  if (encoding === "br") return brotliDecompressSync(raw);
  if (encoding === "deflate") return inflateSync(raw);
  if (encoding === "identity") return raw;
  throw new Error(`cannot decode a response in ${encoding}`);
}

/** The same probe `times` times; the figures of the one with the median time. @param {string} url @param {Record<string, string>} headers @param {number} times */
export async function probeMedian(url, headers, times = 3) {
  const probes = [];
  for (let i = 0; i < times; i++) probes.push(await probe(url, headers));
  const middle = median(probes.map((p) => p.ms));
  return { ...(/** @type {Probe} */ (probes.find((p) => p.ms === middle) ?? probes[0])), ms: middle };
}

/**
 * What is wrong with a list response, if anything: not 200, not a JSON array of `count` items,
 * or the id beyond 2^53 not written with every digit as a bare number.
 * @param {Probe} response @param {number} count @param {string} bigId
 * @returns {string | undefined}
 */
export function listProblem(response, count, bigId) {
  if (response.status !== 200) return `answered ${response.status}`;
  const text = response.body.toString("utf8");
  let items;
  try {
    items = JSON.parse(text);
  } catch {
    return "sent a body that is not JSON";
  }
  if (!Array.isArray(items)) return "sent JSON that is not an array";
  if (items.length !== count) return `listed ${items.length} categories, not ${count}`;
  if (!text.includes(`"id":${bigId},`) && !text.includes(`"id":${bigId}}`)) return `did not write id ${bigId} exactly`;
  return undefined;
}
