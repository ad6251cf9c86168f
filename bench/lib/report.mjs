// @ts-check
// From measurements to what people read: medians of the runs, ratios to the minimal proxy and the service, issue 5's
// targets, and the one Markdown table printer every bench report uses. Pure, so it is unit-tested.

export const BROWSER_ENCODINGS = "gzip, deflate, br, zstd"; // what a browser sends
export const LABELS = /** @type {const} */ ({
  app: "app (Next, signed in)",
  "app-gzip": "app, Accept-Encoding: gzip",
  "app-health": "app's /api/health (no session, no upstream)",
  proxy: "minimal Node proxy",
  service: "catalogue service",
  before: "app, the baseline build",
});
/** @typedef {keyof typeof LABELS} PathName */
/**
 * @typedef {{ method: "GET" | "POST", n: number, connections: number, path: PathName, rps: number, p50: number,
 *   p99: number, peakRss: number, bytesPerResponse: number, cpuMsPerRequest: number }} Cell
 * @typedef {Cell & { vsProxy: { rps: number, p50: number }, vsService: { rps: number, p50: number } }} Row
 * @typedef {{ n: number, path: PathName, acceptEncoding: string, status: number, contentEncoding: string, vary: string,
 *   wireBytes: number, decodedBytes: number, ms: number }} Compression
 * @typedef {{ n: number, etag: string | null, status: number | null, wireBytes: number | null, ms: number | null }}
 *   Refresh
 * @typedef {{ n: number, app: number, browser: number, browserReceived: number, proxy: number, service: number,
 *   before?: number, beforeBrowser?: number }} SingleRead
 * @typedef {{ cells: Cell[], compression: Compression[], refreshes: Refresh[], singleReads: SingleRead[],
 *   firstReads: { n: number, app: number, service: number }[], growth: { n: number, before: number, after: number }[],
 *   problems: string[] }} Results
 */

/** @param {number} value @param {string} unit three significant digits, whole from 100 */
const figure = (value, unit = "") =>
  Number.isFinite(value)
    ? `${value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toPrecision(3)}${unit}`
    : "–";
const MiB = 1024 ** 2;
/** @type {Record<"rate" | "ms" | "count" | "ratio" | "bytes", (value: number) => string>} */
export const format = {
  rate: (value) => figure(value),
  ms: (value) => figure(value, " ms"),
  count: (value) => value.toLocaleString("en-US"),
  ratio: (value) => (!Number.isFinite(value) ? "–" : `${value >= 10 ? Math.round(value) : value.toPrecision(2)}×`),
  bytes: (value) => {
    if (!Number.isFinite(value) || value < 1024) return Number.isFinite(value) ? `${Math.round(value)} B` : "–";
    return value < MiB ? `${(value / 1024).toFixed(1)} KiB` : `${(value / MiB).toFixed(1)} MiB`;
  },
};

/** A Markdown table, pipes in cells escaped. */
/** @param {readonly string[]} header @param {readonly (readonly (string | number)[])[]} rows */
export function table(header, rows) {
  /** @param {readonly (string | number)[]} cells */
  const line = (cells) => `| ${cells.map((cell) => String(cell).replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** The `p`th percentile, nearest rank (NaN when there are no values). @param {readonly number[]} values @param {number} p */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The median of the finite values (NaN when none). @param {readonly number[]} values */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2
    ? /** @type {number} */ (sorted[Math.floor(middle)])
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** a / b, or NaN without a measured, non-zero b. @param {number | undefined} a @param {number | undefined} b */
export const ratio = (a = Number.NaN, b = Number.NaN) =>
  Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : Number.NaN;

/** Per (method, N, connections, path) in the order first measured: medians of the runs, the largest RSS, ratios. */
/** @param {readonly Cell[]} cells @returns {Row[]} */
export function summarise(cells) {
  /** @type {Map<string, Cell[]>} */
  const groups = new Map();
  const key = (/** @type {Cell} */ c, path = c.path) => `${c.method} ${c.n} ${c.connections} ${path}`;
  for (const cell of cells) groups.set(key(cell), [...(groups.get(key(cell)) ?? []), cell]);
  const rows = [...groups.values()].map((runs) => {
    const fields = /** @type {const} */ (["rps", "p50", "p99", "bytesPerResponse", "cpuMsPerRequest"]);
    const medians = Object.fromEntries(fields.map((field) => [field, median(runs.map((c) => c[field]))]));
    return { .../** @type {Cell} */ (runs[0]), ...medians, peakRss: Math.max(...runs.map((c) => c.peakRss)) };
  });
  const versus = (/** @type {Cell} */ row, /** @type {PathName} */ path) => {
    const peer = rows.find((r) => key(r) === key(row, path));
    return { rps: ratio(row.rps, peer?.rps), p50: ratio(row.p50, peer?.p50) };
  };
  return rows.map((row) => ({ ...row, vsProxy: versus(row, "proxy"), vsService: versus(row, "service") }));
}

/**
 * Issue 5's targets as table rows (target, measured, limit, verdict), judged on this run's figures.
 * @param {readonly Row[]} rows @param {readonly Compression[]} compression @param {readonly Refresh[]} refreshes
 * @param {readonly SingleRead[]} singleReads
 */
export function judgeTargets(rows, compression, refreshes, singleReads) {
  const row = (/** @type {number} */ n, /** @type {number} */ connections, /** @type {PathName} */ path = "app") =>
    rows.find((r) => r.method === "GET" && r.n === n && r.connections === connections && r.path === path);
  const [small, health, large] = [row(20, 32), row(20, 32, "app-health"), row(100_000, 1)];
  const answer = (/** @type {string} */ asked) =>
    compression.filter((p) => p.path === "app" && p.acceptEncoding === asked).at(-1)?.contentEncoding;
  const [read, refresh] = [singleReads.at(-1), refreshes.at(-1)];
  // Judged on the uncompressed read, as issue 11 measures it; a browser's read and the minimal proxy's (the same bytes
  // through a bare pipe: what a second hop costs on this machine) are shown beside it.
  const vsService = (/** @type {number | undefined} */ ms, until = "") =>
    `${format.ratio(ratio(ms, read?.service))}${until} (${format.ms(ms ?? NaN)})`;
  const before = Number.isFinite(read?.before)
    ? `; the baseline build: ${vsService(read?.before)}, a browser's ${vsService(read?.beforeBrowser)} to the last byte`
    : "";
  /** @type {[string, string | undefined, string, boolean][]} */
  const targets = [
    [
      "GET at N = 20, 32 connections: app req/s vs the minimal proxy",
      small &&
        `${format.ratio(small.vsProxy.rps)} (${format.rate(small.rps)} req/s); ` +
          `the app's /api/health: ${format.ratio(health?.vsProxy.rps ?? NaN)}`,
      "≥ 0.25×",
      (small?.vsProxy.rps ?? 0) >= 0.25,
    ],
    [
      "GET at N = 100,000, 1 connection: app p50 vs the service's",
      large && `${format.ratio(large.vsService.p50)} (${format.ms(large.p50)})`,
      "≤ 2×",
      (large?.vsService.p50 ?? Infinity) <= 2,
    ],
    [
      "Compression by Accept-Encoding (largest N)",
      compression.length
        ? ["gzip", "br", BROWSER_ENCODINGS, "identity"].map((a) => `${a} → ${answer(a)}`).join("; ")
        : undefined,
      "compressed as asked, none for identity",
      answer("gzip") === "gzip" &&
        /^(gzip|br)$/.test(answer(BROWSER_ENCODINGS) ?? "") &&
        answer("identity") === "identity",
    ],
    [
      "One read of the list, whole body, single requests in turn with the service's (largest N, median of 5): " +
        "app vs the service, uncompressed (issue 11); the minimal proxy's and a browser's beside it",
      read &&
        `${vsService(read.app)}; the minimal proxy: ${vsService(read.proxy)}; a browser's, gzip: ` +
          `${vsService(read.browserReceived, " to the last byte")}, ${vsService(read.browser, " decoded")}; ` +
          `service ${format.ms(read.service)}${before}`,
      "≤ 1.5× (uncompressed)",
      ratio(read?.app, read?.service) <= 1.5,
    ],
    [
      `Refresh with the list's ETag (N = ${format.count(refresh?.n ?? 0)})`,
      refresh && `${refresh.status ?? "no ETag"}, ${format.bytes(refresh.wireBytes ?? NaN)} on the wire`,
      "304, < 1 KiB with headers",
      refresh?.status === 304 && (refresh.wireBytes ?? Infinity) < 1024,
    ],
  ];
  const verdict = (/** @type {string | undefined} */ measured, /** @type {boolean} */ met) =>
    measured === undefined ? "not measured" : met ? "**met**" : "**not met**";
  return targets.map(([target, measured, limit, met]) => [target, measured ?? "–", limit, verdict(measured, met)]);
}
