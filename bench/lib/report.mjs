// @ts-check
// From the raw measurements to the figures people read: medians per cell, ratios to the minimal
// proxy and the service, and the targets met or not. Pure.
import { formatBytes, formatCount, formatMs, formatRate, formatRatio } from "./format.mjs";
import { median, ratio } from "./stats.mjs";

/** What a browser sends. */
export const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

/** @typedef {"app" | "app-gzip" | "app-health" | "proxy" | "service"} TargetName */
/**
 * @typedef {import("./load.mjs").CellResult & {
 *   method: "GET" | "POST", n: number, connections: number, target: TargetName, run: number, amount: number | null, retries: number,
 * }} Cell
 */
/**
 * @typedef {{
 *   method: "GET" | "POST", n: number, connections: number, target: TargetName, runs: number,
 *   rps: number, p50: number, p99: number, peakRssBytes: number, bytesPerResponse: number, cpuMsPerRequest: number,
 *   non2xx: number, errors: number, otherCpuShare: number,
 *   vsProxy: { rps: number, p50: number, p99: number }, vsService: { rps: number, p50: number, p99: number },
 * }} Summary
 */
/**
 * @typedef {{ n: number, target: TargetName, acceptEncoding: string, status: number, contentEncoding: string, vary: string,
 *   wireBytes: number, decodedBytes: number, ms: number }} CompressionProbe
 * @typedef {{ n: number, acceptEncoding: string, etag: string | null, status: number | null, wireBytes: number | null, ms: number | null }} ConditionalProbe
 * @typedef {{ id: string, label: string, value: number | null, measured: string, limit: string, met: boolean | null, note: string }} Target
 * @typedef {{
 *   cells: Cell[], compression: CompressionProbe[], conditional: ConditionalProbe[], store: { n: number, before: number, after: number }[],
 *   appPeakRss: { n: number, bytes: number }[], changedList: { n: number, appMs: number, serviceMs: number }[],
 *   problems: string[], notes: string[],
 * }} Measurements what a run collects, filled in as it goes so that a run that stops early still reports what it measured
 */

export const TARGET_LABELS = /** @type {const} */ ({
  app: "app (Next, signed in)",
  "app-gzip": "app, Accept-Encoding: gzip",
  "app-health": "app's /api/health (no session, no upstream)",
  proxy: "minimal Node proxy",
  service: "catalogue service",
});
const ORDER = ["app", "app-gzip", "app-health", "proxy", "service"];

/** Medians of the runs of each (method, N, connections, target), with ratios to the proxy and service. @param {readonly Cell[]} cells @returns {Summary[]} */
export function summarise(cells) {
  /** @type {Map<string, Cell[]>} */
  const groups = new Map();
  for (const cell of cells) {
    const key = [cell.method, cell.n, cell.connections, cell.target].join(" ");
    groups.set(key, [...(groups.get(key) ?? []), cell]);
  }
  const rows = [...groups.values()].map((runs) => {
    const first = /** @type {Cell} */ (runs[0]);
    /** @param {(cell: Cell) => number} pick */
    const mid = (pick) => median(runs.map(pick));
    return {
      method: first.method,
      n: first.n,
      connections: first.connections,
      target: first.target,
      runs: runs.length,
      rps: mid((c) => c.rps),
      p50: mid((c) => c.p50),
      p99: mid((c) => c.p99),
      peakRssBytes: Math.max(...runs.map((c) => c.peakRssBytes)),
      bytesPerResponse: mid((c) => c.bytesPerResponse),
      cpuMsPerRequest: mid((c) => c.cpuMsPerRequest),
      non2xx: runs.reduce((sum, c) => sum + c.non2xx, 0),
      errors: runs.reduce((sum, c) => sum + c.errors, 0),
      otherCpuShare: Math.max(...runs.map((c) => c.otherCpuShare)),
    };
  });
  return rows
    .map((row) => {
      /** @param {TargetName} target */
      const peer = (target) => rows.find((r) => r.method === row.method && r.n === row.n && r.connections === row.connections && r.target === target);
      /** @param {TargetName} target */
      const versus = (target) => {
        const other = peer(target);
        return { rps: ratio(row.rps, other?.rps), p50: ratio(row.p50, other?.p50), p99: ratio(row.p99, other?.p99) };
      };
      return { ...row, vsProxy: versus("proxy"), vsService: versus("service") };
    })
    .sort((a, b) => a.method.localeCompare(b.method) || a.n - b.n || a.connections - b.connections || ORDER.indexOf(a.target) - ORDER.indexOf(b.target));
}

/** The app's /api/health (no session, no upstream) against the proxy at N = 20, in this run. @param {readonly Summary[]} summary @param {number | undefined} connections */
function floorNote(summary, connections) {
  const health = summary.find((r) => r.method === "GET" && r.n === 20 && r.connections === connections && r.target === "app-health");
  return health ? `the app's /api/health does ${formatRatio(health.vsProxy.rps)} the proxy (${formatRate(health.rps)} req/s)` : "not measured";
}

/**
 * Issue 5's targets, judged on this run's figures; `met` is null when the run did not measure it.
 * @param {readonly Summary[]} summary @param {readonly CompressionProbe[]} compression @param {readonly ConditionalProbe[]} conditional
 * @returns {Target[]}
 */
export function judgeTargets(summary, compression, conditional) {
  /** @param {number} n @param {TargetName} target @param {"min" | "max"} which */
  const get = (n, target, which) => {
    const rows = summary.filter((r) => r.method === "GET" && r.n === n && r.target === target);
    const connections = rows.map((r) => r.connections);
    const wanted = which === "min" ? Math.min(...connections) : Math.max(...connections);
    return rows.find((r) => r.connections === wanted);
  };
  const targets = [];

  const small = get(20, "app", "max");
  const floor = small?.vsProxy.rps;
  targets.push({
    id: "get-20-throughput",
    value: Number.isFinite(floor) ? /** @type {number} */ (floor) : null,
    label: `GET at N = 20, ${small?.connections ?? 32} connections: app throughput vs the minimal proxy`,
    measured: small ? `${formatRatio(floor ?? Number.NaN)} (${formatRate(small.rps)} vs ${formatRate(ratio(small.rps, floor))} req/s)` : "not measured",
    limit: "≥ 0.25×",
    met: small && Number.isFinite(floor) ? /** @type {number} */ (floor) >= 0.25 : null,
    note: `framework floor: ${floorNote(summary, small?.connections)}; 0.22× in the stack notes`,
  });

  const large = get(100_000, "app", "min");
  const time = large?.vsService.p50;
  targets.push({
    id: "get-100k-time",
    value: Number.isFinite(time) ? /** @type {number} */ (time) : null,
    label: `GET at N = 100,000, ${large?.connections ?? 1} connection: app p50 time vs the service's own`,
    measured: large ? `${formatRatio(time ?? Number.NaN)} (${formatMs(large.p50)} vs ${formatMs(ratio(large.p50, time))})` : "not measured",
    limit: "≤ 2×",
    met: large && Number.isFinite(time) ? /** @type {number} */ (time) <= 2 : null,
    note: "the naive handler needs about 8×",
  });

  const largest = Math.max(...compression.filter((p) => p.target === "app").map((p) => p.n));
  const app = compression.filter((p) => p.target === "app" && p.n === largest);
  const encodingFor = (/** @type {string} */ acceptEncoding) => app.find((p) => p.acceptEncoding === acceptEncoding)?.contentEncoding;
  const gzip = encodingFor("gzip");
  const br = encodingFor("br");
  const browser = encodingFor(BROWSER_ENCODINGS);
  const identity = encodingFor("identity");
  targets.push({
    id: "compression",
    value: null,
    label: `Compression of the list by Accept-Encoding (N = ${Number.isFinite(largest) ? formatCount(largest) : "–"})`,
    measured: app.length ? `gzip → ${gzip}; br → ${br}; a browser's → ${browser}; identity → ${identity}` : "not measured",
    limit: "compressed as asked, none for identity",
    met: app.length ? gzip === "gzip" && (browser === "gzip" || browser === "br") && identity === "identity" : null,
    note: br === "br" ? "single requests; see the compression table" : "no brotli: a client asking for br only gets identity",
  });

  const refresh = conditional.find((p) => p.n === 100_000) ?? conditional.at(-1);
  targets.push({
    id: "conditional-refresh",
    value: refresh?.wireBytes ?? null,
    label: `Refresh of an unchanged list with If-None-Match (N = ${refresh ? formatCount(refresh.n) : "–"})`,
    measured: !refresh ? "not measured" : refresh.etag === null ? "no ETag sent" : `${refresh.status}, ${formatBytes(refresh.wireBytes ?? Number.NaN)} on the wire`,
    limit: "304, < 1 KiB",
    met: refresh ? refresh.status === 304 && (refresh.wireBytes ?? Infinity) < 1024 : null,
    note: "status line and headers included",
  });
  return targets;
}
