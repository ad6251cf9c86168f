// @ts-check
// Single requests, each on a fresh connection, about the responses rather than their speed under load:
// compression by Accept-Encoding, a conditional refresh, and the first read of a list that has just changed.
import { formatCount } from "./format.mjs";
import { probe, probeMedian } from "./probes.mjs";
import { median } from "./stats.mjs";

import { BROWSER_ENCODINGS } from "./report.mjs";

let created = 0;
const runTag = Date.now().toString(36);
/** A create's body, with a name no other create of any run has used. */
export const postBody = () => JSON.stringify({ name: `Bench category ${runTag}-${++created}`, description: "Created by the benchmark" });

/** @typedef {{ url: string, headers: Record<string, string>, pid: number, upstreamPid: number | undefined }} Path */

/**
 * @param {number} n
 * @param {Record<"app" | "proxy" | "service", Path>} targets
 * @param {import("./report.mjs").Measurements} sink
 * @returns {Promise<string | null>} the ETag of the list as the app sent it, if it sent one
 */
export async function probeResponses(n, targets, sink) {
  const { problems, compression, conditional } = sink;
  /** @type {[ "app" | "proxy" | "service", string[]][]} */
  const asked = [["app", ["identity", "gzip", "br", BROWSER_ENCODINGS]], ["proxy", ["identity", BROWSER_ENCODINGS]], ["service", ["identity", BROWSER_ENCODINGS]]];
  for (const [name, encodings] of asked) {
    for (const acceptEncoding of encodings) {
      const p = await probeMedian(targets[name].url, { ...targets[name].headers, "accept-encoding": acceptEncoding });
      const contentEncoding = String(p.headers["content-encoding"] ?? "identity");
      const vary = String(p.headers.vary ?? "");
      compression.push({ n, target: name, acceptEncoding, status: p.status, contentEncoding, vary, wireBytes: p.wireBytes, decodedBytes: p.body.length, ms: p.ms });
    }
  }
  const appHeaders = { ...targets.app.headers, "accept-encoding": BROWSER_ENCODINGS };
  const first = await probe(targets.app.url, appHeaders);
  const etag = typeof first.headers.etag === "string" ? first.headers.etag : null;
  const refresh = etag === null ? undefined : await probeMedian(targets.app.url, { ...appHeaders, "if-none-match": etag });
  conditional.push({ n, acceptEncoding: BROWSER_ENCODINGS, etag, status: refresh?.status ?? null, wireBytes: refresh?.wireBytes ?? null, ms: refresh?.ms ?? null });
  if (refresh?.status === 304 && refresh.bodyBytes > 0) problems.push(`The app's 304 at N = ${formatCount(n)} has a body of ${refresh.bodyBytes} bytes.`);

  // The load above reads an unchanged list, which the app validates once per version; the first read
  // after a change pays for parsing and validating it. Three changes, made directly at the service.
  const firstReads = [];
  for (let change = 1; change <= 3; change++) {
    const create = await probe(targets.service.url, targets.service.headers, postBody());
    if (create.status !== 201) problems.push(`A create at the service answered ${create.status} at N = ${formatCount(n)}.`);
    const app = await probe(targets.app.url, targets.app.headers);
    const service = await probe(targets.service.url, targets.service.headers);
    if (app.status !== 200) problems.push(`The app's first read of a changed list answered ${app.status} at N = ${formatCount(n)}.`);
    firstReads.push({ app: app.ms, service: service.ms });
  }
  sink.changedList.push({ n, appMs: median(firstReads.map((r) => r.app)), serviceMs: median(firstReads.map((r) => r.service)) });
  return etag;
}
