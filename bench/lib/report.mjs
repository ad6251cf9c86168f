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
});
/** @typedef {keyof typeof LABELS} PathName */
/**
 * @typedef {{ method: "GET" | "POST", n: number, connections: number, path: PathName, rps: number, p50: number, p99: number,
 *   peakRss: number, bytesPerResponse: number, cpuMsPerRequest: number }} Cell
 * @typedef {Cell & { vsProxy: { rps: number, p50: number }, vsService: { rps: number, p50: number } }} Row
 * @typedef {{ n: number, path: PathName, acceptEncoding: string, status: number, contentEncoding: string, vary: string,
 *   wireBytes: number, decodedBytes: number, ms: number }} Compression
 * @typedef {{ n: number, etag: string | null, status: number | null, wireBytes: number | null, ms: number | null }} Refresh
 * @typedef {{ n: number, app: number, browser: number, browserReceived: number, proxy: number, service: number }} SingleRead
 * @typedef {{ cells: Cell[], compression: Compression[], refreshes: Refresh[], singleReads: SingleRead[], firstReads: { n: number, app: number, service: number }[],
 *   growth: { n: number, before: number, after: number }[], problems: string[] }} Results
 */

/** @param {number} value @param {string} unit three significant digits, whole from 100 */
const figure = (value, unit = "") =>
  Number.isFinite(value)
    ? `${value >= 100 ? Math.round(value).toLocaleString("en-US") : value.toPrecision(3)}${unit}`
    : "–";
/** @type {Record<"rate" | "ms" | "count" | "ratio" | "bytes", (value: number) => string>} */
export const format = {
  rate: (value) => figure(value),
  ms: (value) => figure(value, " ms"),
  count: (value) => value.toLocaleString("en-US"),
  ratio: (value) =>
    !Number.isFinite(value) ? "–" : value >= 10 ? `${Math.round(value)}×` : `${value.toPrecision(2)}×`,
  bytes: (value) =>
    !Number.isFinite(value)
      ? "–"
      : value < 1024
        ? `${Math.round(value)} B`
        : value < 1024 ** 2
          ? `${(value / 1024).toFixed(1)} KiB`
          : `${(value / 1024 ** 2).toFixed(1)} MiB`,
};

/** A Markdown table, pipes in cells escaped. @param {readonly string[]} header @param {readonly (readonly (string | number)[])[]} rows */
export function table(header, rows) {
  /** @param {readonly (string | number)[]} cells */
  const line = (cells) => `| ${cells.map((cell) => String(cell).replaceAll("|", "\\|")).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
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

/** Per (method, N, connections, path) in the order first measured: medians of the runs, the largest RSS, ratios to the peers. @param {readonly Cell[]} cells @returns {Row[]} */
export function summarise(cells) {
  /** @type {Map<string, Cell[]>} */
  const groups = new Map();
  const key = (/** @type {Cell} */ cell) => `${cell.method} ${cell.n} ${cell.connections} ${cell.path}`;
  for (const cell of cells) groups.set(key(cell), [...(groups.get(key(cell)) ?? []), cell]);
  const rows = [...groups.values()].map((runs) => {
    /** @param {(cell: Cell) => number} pick */
    const mid = (pick) => median(runs.map(pick));
    return {
      .../** @type {Cell} */ (runs[0]),
      rps: mid((c) => c.rps),
      p50: mid((c) => c.p50),
      p99: mid((c) => c.p99),
      bytesPerResponse: mid((c) => c.bytesPerResponse),
      cpuMsPerRequest: mid((c) => c.cpuMsPerRequest),
      peakRss: Math.max(...runs.map((c) => c.peakRss)),
    };
  });
  return rows.map((row) => {
    /** @param {PathName} path */
    const versus = (path) => {
      const peer = rows.find(
        (r) => r.method === row.method && r.n === row.n && r.connections === row.connections && r.path === path,
      );
      return { rps: ratio(row.rps, peer?.rps), p50: ratio(row.p50, peer?.p50) };
    };
    return { ...row, vsProxy: versus("proxy"), vsService: versus("service") };
  });
}

/**
 * Issue 5's targets as table rows (target, measured, limit, verdict), judged on this run's figures.
 * @param {readonly Row[]} rows @param {readonly Compression[]} compression @param {readonly Refresh[]} refreshes @param {readonly SingleRead[]} singleReads
 */
export function judgeTargets(rows, compression, refreshes, singleReads) {
  /** @param {number} n @param {number} connections @param {PathName} path */
  const row = (n, connections, path = "app") =>
    rows.find((r) => r.method === "GET" && r.n === n && r.connections === connections && r.path === path);
  const [small, health, large] = [row(20, 32), row(20, 32, "app-health"), row(100_000, 1)];
  /** The probe of `path` with `asked` at the largest N. @param {PathName} path @param {string} asked */
  const probe = (path, asked) => compression.filter((p) => p.path === path && p.acceptEncoding === asked).at(-1);
  const answer = (/** @type {string} */ asked) => probe("app", asked)?.contentEncoding;
  const read = singleReads.at(-1);
  // Judged on the uncompressed read, as issue 11 measures it. A browser's read is shown beside it: Next gzips each
  // answer anew, and the client's gunzip after the last byte is its own work. So is the minimal proxy's: the same
  // bytes through a bare pipe, which on one machine costs what the second hop costs, session and checks aside.
  const [readRatio, browserRatio, decodedRatio, proxyRatio] = [
    ratio(read?.app, read?.service),
    ratio(read?.browserReceived, read?.service),
    ratio(read?.browser, read?.service),
    ratio(read?.proxy, read?.service),
  ];
  const refresh = refreshes.at(-1);
  /** @type {[string, string | undefined, string, boolean][]} */
  const targets = [
    [
      "GET at N = 20, 32 connections: app req/s vs the minimal proxy",
      small &&
        `${format.ratio(small.vsProxy.rps)} (${format.rate(small.rps)} req/s); ` +
          `the app's /api/health: ${format.ratio(health?.vsProxy.rps ?? Number.NaN)}`,
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
        ? ["gzip", "br", BROWSER_ENCODINGS, "identity"].map((asked) => `${asked} → ${answer(asked)}`).join("; ")
        : undefined,
      "compressed as asked, none for identity",
      answer("gzip") === "gzip" &&
        /^(gzip|br)$/.test(answer(BROWSER_ENCODINGS) ?? "") &&
        answer("identity") === "identity",
    ],
    [
      "One read of the list, whole body, single requests in turn with the service's (largest N, median of 5): app vs the service, uncompressed (issue 11); the minimal proxy's and a browser's beside it",
      read
        ? `${format.ratio(readRatio)} (${format.ms(read.app)}); the minimal proxy: ${format.ratio(proxyRatio)} (${format.ms(read.proxy)}); ` +
          `a browser's, gzip: ${format.ratio(browserRatio)} to the last byte (${format.ms(read.browserReceived)}), ` +
          `${format.ratio(decodedRatio)} decoded (${format.ms(read.browser)}); service ${format.ms(read.service)}`
        : undefined,
      "≤ 1.5× (uncompressed)",
      readRatio <= 1.5,
    ],
    [
      `Refresh with the list's ETag (N = ${format.count(refresh?.n ?? 0)})`,
      refresh && `${refresh.status ?? "no ETag"}, ${format.bytes(refresh.wireBytes ?? Number.NaN)} on the wire`,
      "304, < 1 KiB with headers",
      refresh?.status === 304 && (refresh.wireBytes ?? Infinity) < 1024,
    ],
  ];
  return targets.map(([target, measured, limit, met]) => [
    target,
    measured ?? "–",
    limit,
    measured === undefined ? "not measured" : met ? "**met**" : "**not met**",
  ]);
}
