// @ts-check
// The Markdown table the README links to (bench/results/latest.md). Pure.
import { formatBytes, formatCount, formatMs, formatPercent, formatRate, formatRatio, markdownTable } from "./format.mjs";
import { TARGET_LABELS } from "./report.mjs";
import { ratio } from "./stats.mjs";

/** @typedef {import("./report.mjs").Summary} Summary */
/** @typedef {import("./report.mjs").Target} Target */
/** @typedef {import("./report.mjs").Measurements} Measurements */

/** @param {boolean | null} met */
const verdict = (met) => (met === null ? "not measured" : met ? "**met**" : "**not met**");

/** @param {readonly Summary[]} rows */
function loadTable(rows) {
  return markdownTable(
    ["N", "conns", "path", "req/s", "p50", "p99", "peak RSS", "bytes/resp", "CPU/req", "req/s vs proxy", "req/s vs service", "p50 vs proxy", "p50 vs service", "other CPU"],
    rows.map((r) => [
      formatCount(r.n),
      String(r.connections),
      TARGET_LABELS[r.target] + (r.non2xx + r.errors > 0 ? ` ⚠ ${r.non2xx} non-2xx, ${r.errors} errors` : ""),
      formatRate(r.rps),
      formatMs(r.p50),
      formatMs(r.p99),
      formatBytes(r.peakRssBytes),
      formatBytes(r.bytesPerResponse),
      formatMs(r.cpuMsPerRequest),
      formatRatio(r.vsProxy.rps),
      formatRatio(r.vsService.rps),
      formatRatio(r.vsProxy.p50),
      formatRatio(r.vsService.p50),
      formatPercent(r.otherCpuShare),
    ]),
  );
}

/**
 * @param {{
 *   meta: { startedAt: string, commit: string, node: string, cpu: string, cores: number, loadAverage: number[], busyAtStart: number, mode: string,
 *     settings: string, durationSeconds: number },
 *   summary: readonly Summary[], targets: readonly Target[],
 * } & Measurements} results
 */
export function toMarkdown(results) {
  const { meta, summary, targets, compression, conditional, appPeakRss, changedList, store, problems, notes } = results;
  const get = summary.filter((r) => r.method === "GET");
  const post = summary.filter((r) => r.method === "POST");
  const parts = [
    "# Benchmark results",
    "",
    `Measured by \`npm run bench\` ([how](../README.md)) on ${meta.startedAt.slice(0, 10)}: commit ${meta.commit}, Node ${meta.node}, ` +
      `${meta.cores} × ${meta.cpu}; other processes used ${formatPercent(meta.busyAtStart)} of the machine just before (load average ` +
      `${meta.loadAverage.map((l) => l.toFixed(2)).join(" / ")}). ${meta.mode === "CI" ? "CI" : "Full"} run: ${meta.settings}.`,
    "Figures are medians of the runs; each run measures the app, the minimal proxy and the service one after the other (interleaved). " +
      "Latency is per request as autocannon's client sees it; peak RSS is the process's largest resident set during the cell; CPU/req is the target process's own CPU time per response; " +
      "other CPU is the largest share of the machine that processes outside the benchmark used during a run of that row (above a few per cent, the figures are lower than an idle machine gives).",
    "",
    "## Targets (issue 5)",
    "",
    markdownTable(["target", "measured", "limit", "verdict", "note"], targets.map((t) => [t.label, t.measured, t.limit, verdict(t.met), t.note])),
    "",
    "## GET /api/categories",
    "",
    get.length ? loadTable(get) : "Not measured.",
    "",
    "## POST /api/categories",
    "",
    post.length ? loadTable(post) : "Not measured.",
    "",
    store.length ? `Creates grow the list: ${store.map((s) => `from ${formatCount(s.before)} to ${formatCount(s.after)} categories at N = ${formatCount(s.n)}`).join("; ")}. ` +
      "Every create makes the embedded service rewrite and fsync its whole data file, so later creates cost it more; interleaving gives every path the same share of that growth." : "",
    "",
    "## App peak RSS per list size",
    "",
    markdownTable(["N", "app peak RSS (whole run at this N)"], appPeakRss.map((r) => [formatCount(r.n), formatBytes(r.bytes)])),
    "",
    "## Compression (single requests, median time of 3)",
    "",
    markdownTable(
      ["N", "path", "Accept-Encoding", "status", "Content-Encoding", "Vary: Accept-Encoding", "on the wire", "decoded", "time"],
      compression.map((p) => [
        formatCount(p.n), TARGET_LABELS[p.target], p.acceptEncoding, String(p.status), p.contentEncoding,
        /\baccept-encoding\b/i.test(p.vary) ? "yes" : "no", formatBytes(p.wireBytes), formatBytes(p.decodedBytes), formatMs(p.ms),
      ]),
    ),
    "",
    "## Conditional refresh (If-None-Match with the list's own ETag)",
    "",
    markdownTable(
      ["N", "Accept-Encoding", "ETag", "refresh status", "refresh on the wire", "refresh time"],
      conditional.map((p) => [formatCount(p.n), p.acceptEncoding, p.etag ?? "none", p.status === null ? "–" : String(p.status), p.wireBytes === null ? "–" : formatBytes(p.wireBytes), p.ms === null ? "–" : formatMs(p.ms)]),
    ),
    "",
    "## First read after the list changed (single requests, median of 3)",
    "",
    "The load figures read an unchanged list, which the app validates once per version. After each of three creates made at the service, one read through the app (which parses and validates the new list) and one from the service directly:",
    "",
    markdownTable(
      ["N", "app", "service", "app vs service"],
      changedList.map((r) => [formatCount(r.n), formatMs(r.appMs), formatMs(r.serviceMs), formatRatio(ratio(r.appMs, r.serviceMs))]),
    ),
  ];
  if (notes.length) parts.push("", "## Notes", "", ...notes.map((note) => `- ${note}`));
  if (problems.length) parts.push("", "## Problems", "", ...problems.map((problem) => `- ${problem}`));
  return `${parts.join("\n").replace(/\n{3,}/g, "\n\n")}\n`;
}
