// @ts-check
// `npm run bench`: the app's production build against a minimal Node proxy and the catalogue service itself, at several
// list sizes, on loopback (bench/README.md). Exits 1 when something is broken, never because a figure is slow.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { ensureBuild } from "../scripts/ensure-build.mjs";
import { measure, waitUntilIdle } from "./lib/load.mjs";
import { listProblem, probe, probeMedian } from "./lib/probe.mjs";
import { BROWSER_ENCODINGS, LABELS, format, judgeTargets, median, ratio, summarise, table } from "./lib/report.mjs";
import { BIG_ID } from "./lib/seed.mjs";
import { startStack } from "./lib/stack.mjs";

/** @typedef {import("./lib/report.mjs").PathName} PathName @typedef {Awaited<ReturnType<typeof startStack>>} Stack */
// From N = 100,000 one answer under 32 connections can outlast a timed run: count max(8, connections) requests instead.
const [COUNT_FROM_N, MIN_REQUESTS, GZIP_FROM_N, TIMEOUT_SECONDS] = [100_000, 8, 10_000, 120];

process.chdir(fileURLToPath(new URL("..", import.meta.url)));
const text = { type: /** @type {const} */ ("string") };
const flagNames = { n: text, "post-n": text, connections: text, runs: text, duration: text, out: text, baseline: text };
const { values: flags } = parseArgs({ options: { ci: { type: "boolean", default: false }, ...flagNames } });
/** Whole numbers separated by commas. @param {"n" | "post-n" | "connections" | "runs" | "duration"} name */
const flag = (name, /** @type {string} */ full, ci = full) => {
  const list = flags[name] ?? (flags.ci ? ci : full);
  if (!/^[\d\s,]*$/.test(list)) throw new Error(`bench: --${name} takes whole numbers separated by commas`);
  return list.match(/\d+/g)?.map(Number) ?? [];
};
const options = {
  ci: flags.ci,
  sizes: flag("n", "20,10000,100000", "20"),
  postSizes: flag("post-n", "20"),
  connections: flag("connections", "1,32"),
  runs: flag("runs", "3", "1")[0] ?? 1,
  seconds: flag("duration", "2", "1")[0] ?? 1,
  outDir: flags.out ?? `bench/results${flags.ci ? "/ci" : ""}`,
  // Another checkout, built: its app is read in turn with this one, for a before-and-after in the same run.
  baseline: flags.baseline,
};
ensureBuild();
const workDir = mkdtempSync(join(tmpdir(), "categories-bench-"));
// On Ctrl-C the servers are killed by the exit hook of scripts/lib/standalone-server.mjs.
process.once("exit", () => rmSync(workDir, { recursive: true, force: true }));
process.once("SIGINT", () => process.exit(130));
const startedAt = new Date();
let created = 0;
const createBody = () =>
  JSON.stringify({
    name: `Bench category ${startedAt.getTime().toString(36)}-${++created}`,
    description: "Created by the benchmark",
  });
/** @type {import("./lib/report.mjs").Results} */
const results = {
  cells: [],
  compression: [],
  refreshes: [],
  singleReads: [],
  firstReads: [],
  growth: [],
  problems: [],
};
const { cells, compression, refreshes, singleReads, firstReads, growth, problems } = results;

/**
 * A warm-up, then each path at each connection count, `runs` times, in an order that rotates from run to run.
 * @param {number} n @param {"GET" | "POST"} method @param {PathName[]} paths @param {Stack} stack
 */
async function load(n, method, paths, stack) {
  const amount = method === "GET" && n >= COUNT_FROM_N ? MIN_REQUESTS : undefined;
  const run = (/** @type {PathName} */ path, /** @type {number} */ connections, /** @type {number} */ seconds) => {
    const { url, headers, pid } = stack.paths[path];
    const post = { headers: { ...headers, "content-type": "application/json" }, body: createBody };
    return measure({
      ...(method === "POST" ? post : { headers }),
      ...{ url, method, pid, connections, seconds, timeoutSeconds: TIMEOUT_SECONDS },
      amount: amount && Math.max(amount, connections),
    });
  };
  for (const path of paths)
    await run(path, Math.min(4, ...options.connections), 1).then(() => waitUntilIdle(stack.pids));
  for (const connections of options.connections) {
    for (let r = 0; r < options.runs; r++) {
      for (const path of [...paths.slice(r % paths.length), ...paths.slice(0, r % paths.length)]) {
        const result = await run(path, connections, options.seconds);
        cells.push({ method, n, connections, path, ...result });
        let trouble = "";
        if (result.non2xx + result.errors > 0 || Number.isNaN(result.p50)) {
          const { statusCodeStats, errors, timeouts } = result;
          trouble = ` ⚠ ${JSON.stringify(statusCodeStats)}, ${errors} errors (${timeouts} timeouts)`;
          problems.push(
            `${method} via the ${LABELS[path]} at N = ${format.count(n)}, ${connections} connections:${trouble}`,
          );
        }
        const figures = `${format.rate(result.rps).padStart(7)} req/s  p50 ${format.ms(result.p50)}  p99 `;
        console.log(
          `  ${method} c=${connections} run ${r + 1} ${path.padEnd(10)} ${figures}${format.ms(result.p99)}${trouble}`,
        );
        await waitUntilIdle(stack.pids);
      }
    }
  }
}

/**
 * Issue 11's figure: one whole read as a client sees it, after a warm-up, each path in turn (the order swapped each
 * round) so that all meet the machine in the same state: a script's read (no compression) and a browser's (gzip,
 * decoded by the client), the minimal proxy's (what any second hop costs here) and the service's.
 * @param {Stack["paths"]} paths @returns {Promise<Omit<import("./lib/report.mjs").SingleRead, "n">>}
 */
async function singleRead(paths) {
  /** @type {[string, PathName, string][]} */
  const turns = [
    ["app", "app", "identity"],
    ["browser", "app", BROWSER_ENCODINGS],
    ["proxy", "proxy", "identity"],
    ["service", "service", "identity"],
  ];
  if (paths.before) turns.push(["before", "before", "identity"], ["beforeBrowser", "before", BROWSER_ENCODINGS]);
  /** @type {Map<string, import("./lib/probe.mjs").Probe[]>} */
  const probes = new Map(turns.map(([name]) => [name, []]));
  for (let round = -1; round < 5; round++) {
    for (const [name, path, acceptEncoding] of round % 2 ? turns : [...turns].reverse()) {
      const response = await probe(paths[path].url, { ...paths[path].headers, "accept-encoding": acceptEncoding });
      const encoding = response.headers["content-encoding"] ?? "identity";
      if (response.status !== 200 || encoding !== (acceptEncoding === "identity" ? "identity" : "gzip"))
        problems.push(`A single read (${name}) answered ${response.status}, ${encoding}.`);
      if (round >= 0) probes.get(name)?.push(response);
    }
  }
  const ms = (/** @type {string} */ name, /** @type {"ms" | "receivedMs"} */ until = "ms") =>
    median((probes.get(name) ?? []).map((p) => p[until]));
  return {
    app: ms("app"),
    browser: ms("browser"),
    browserReceived: ms("browser", "receivedMs"),
    proxy: ms("proxy"),
    service: ms("service"),
    before: ms("before"),
    beforeBrowser: ms("beforeBrowser", "receivedMs"),
  };
}

/** Compression by Accept-Encoding, a refresh with the ETag, the first read of a changed list. */
/** @param {number} n @param {Stack["paths"]} paths */
async function probeResponses(n, paths) {
  singleReads.push({ n, ...(await singleRead(paths)) });
  /** @type {[PathName, string[]][]} */
  const asked = [
    ["app", ["identity", "gzip", "br", BROWSER_ENCODINGS]],
    ["proxy", ["identity", BROWSER_ENCODINGS]],
    ["service", ["identity", BROWSER_ENCODINGS]],
  ];
  for (const [path, encodings] of asked) {
    for (const acceptEncoding of encodings) {
      const got = await probeMedian(paths[path].url, { ...paths[path].headers, "accept-encoding": acceptEncoding });
      const { status, headers, wireBytes, body, ms } = got;
      const contentEncoding = String(headers["content-encoding"] ?? "identity");
      const vary = String(headers.vary ?? "");
      const answer = { status, contentEncoding, vary, wireBytes, decodedBytes: body.length, ms };
      compression.push({ n, path, acceptEncoding, ...answer });
    }
  }
  const browser = { ...paths.app.headers, "accept-encoding": BROWSER_ENCODINGS };
  const etag = (await probe(paths.app.url, browser)).headers.etag ?? null;
  const refresh = etag === null ? undefined : await probeMedian(paths.app.url, { ...browser, "if-none-match": etag });
  const { status = null, wireBytes = null, ms = null } = refresh ?? {};
  refreshes.push({ n, etag, status, wireBytes, ms });
  if (refresh?.status === 304 && refresh.bodyBytes > 0)
    problems.push(`The app's 304 at N = ${format.count(n)} has a body.`);
  // The load reads an unchanged list, which the app checks once per version; the first read after a change pays for it.
  const reads = [];
  for (let change = 0; change < 3; change++) {
    const create = await probe(paths.service.url, paths.service.headers, createBody());
    if (create.status !== 201)
      problems.push(`A create at the service answered ${create.status} at N = ${format.count(n)}.`);
    const app = (await probe(paths.app.url, paths.app.headers)).ms;
    reads.push({ app, service: (await probe(paths.service.url, paths.service.headers)).ms });
  }
  firstReads.push({ n, app: median(reads.map((r) => r.app)), service: median(reads.map((r) => r.service)) });
  return etag;
}

/** @param {number} n @param {Stack} stack */
async function measureSize(n, stack) {
  const { paths } = stack;
  for (const path of /** @type {const} */ (["app", "proxy", "service"])) {
    const problem = listProblem(await probe(paths[path].url, paths[path].headers), n, BIG_ID);
    if (problem) problems.push(`GET via the ${LABELS[path]} at N = ${format.count(n)} ${problem}.`);
  }
  const extra = [n >= GZIP_FROM_N && "app-gzip", n === Math.min(...options.sizes) && "app-health"].filter(Boolean);
  await load(n, "GET", /** @type {PathName[]} */ (["app", ...extra, "proxy", "service"]), stack);
  const etag = await probeResponses(n, paths);
  if (!options.postSizes.includes(n)) return;
  const count = async () => JSON.parse((await probe(paths.service.url, paths.service.headers)).body.toString()).length;
  const before = await count();
  await load(n, "POST", ["app", "proxy", "service"], stack);
  growth.push({ n, before, after: await count() });
  const headers = { ...paths.app.headers, "accept-encoding": BROWSER_ENCODINGS, "if-none-match": etag ?? "" };
  if (etag && (await probe(paths.app.url, headers)).status === 304)
    problems.push(`At N = ${format.count(n)} the app answered 304 to the ETag of the list before the creates.`);
}

for (const n of options.sizes) {
  console.log(`\nN = ${format.count(n)}`);
  const { baseline } = options;
  const stack = await startStack({ n, workDir, timeoutSeconds: TIMEOUT_SECONDS, baseline }).catch(
    (/** @type {Error} */ error) => void problems.push(error.message),
  );
  if (!stack) break;
  await measureSize(n, stack).catch((error) =>
    problems.push(`The run stopped at N = ${format.count(n)}: ${error instanceof Error ? error.message : error}`),
  );
  await stack.stop();
}

const rows = summarise(cells);
const loadHeader =
  "N|conns|path|req/s|p50|p99|peak RSS|bytes/resp|CPU/req|req/s vs proxy|req/s vs service|p50 vs proxy|p50 vs service";
const loadTable = (/** @type {"GET" | "POST"} */ method) =>
  table(
    loadHeader.split("|"),
    rows
      .filter((r) => r.method === method)
      .map((r) => [
        ...[format.count(r.n), r.connections, LABELS[r.path], format.rate(r.rps), format.ms(r.p50), format.ms(r.p99)],
        ...[format.bytes(r.peakRss), format.bytes(r.bytesPerResponse), format.ms(r.cpuMsPerRequest)],
        ...[r.vsProxy.rps, r.vsService.rps, r.vsProxy.p50, r.vsService.p50].map(format.ratio),
      ]),
  );
const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
const loads = loadavg().map((l) => l.toFixed(2));
const markdown = [
  "# Benchmark results",
  "",
  `\`npm run bench\` ([how](../README.md)) on ${startedAt.toISOString().slice(0, 10)}: commit ${commit}` +
    `${options.baseline ? ` against the baseline build in ${options.baseline}` : ""}, Node ${process.versions.node}, ` +
    `${cpus().length} × ${cpus()[0]?.model.trim()}, load average ${loads.join(" / ")}. ` +
    `${options.ci ? "CI" : "Full"} run: the median of ${options.runs} interleaved run(s) of ` +
    `${options.seconds} s, or from N = ${format.count(COUNT_FROM_N)} of max(${MIN_REQUESTS}, connections) requests. ` +
    "Peak RSS and CPU/req are the target process's.",
  "\n## Targets (issue 5)\n",
  table(["target", "measured", "limit", "verdict"], judgeTargets(rows, compression, refreshes, singleReads)),
  "\n## GET /api/categories\n",
  loadTable("GET"),
  "\n## POST /api/categories\n",
  loadTable("POST"),
  "",
  ...growth.map(
    ({ n, before, after }) =>
      `Creates grew the list from ${format.count(before)} to ${format.count(after)} at N = ${format.count(n)}; ` +
      "each makes the service rewrite and fsync its file.",
  ),
  "\n## Compression (single requests, each on a new connection, after the load: median time of 5)\n",
  table(
    "N|path|Accept-Encoding|status|Content-Encoding|Vary: Accept-Encoding|on the wire|decoded|time".split("|"),
    compression.map((p) => [
      ...[format.count(p.n), LABELS[p.path], p.acceptEncoding, p.status, p.contentEncoding],
      ...[/accept-encoding/i.test(p.vary) ? "yes" : "no", format.bytes(p.wireBytes), format.bytes(p.decodedBytes)],
      format.ms(p.ms),
    ]),
  ),
  "\n## Conditional refresh (If-None-Match with the list's own ETag, a browser's Accept-Encoding)\n",
  table(
    ["N", "ETag", "refresh status", "refresh on the wire", "refresh time"],
    refreshes.map((r) => [
      ...[format.count(r.n), r.etag ?? "none", r.status ?? "–"],
      ...[format.bytes(r.wireBytes ?? NaN), format.ms(r.ms ?? NaN)],
    ]),
  ),
  "\n## First read after the list changed (after each of 3 creates at the service; median)\n",
  table(
    ["N", "app", "service", "app vs service"],
    firstReads.map((r) => [
      format.count(r.n),
      format.ms(r.app),
      format.ms(r.service),
      format.ratio(ratio(r.app, r.service)),
    ]),
  ),
  ...(problems.length ? ["\n## Problems\n", ...problems.map((problem) => `- ${problem}`)] : []),
].join("\n");
mkdirSync(options.outDir, { recursive: true });
writeFileSync(join(options.outDir, "latest.md"), `${markdown}\n`);
// The cells are in the rows, as medians.
const json = JSON.stringify({ startedAt, commit, options, rows, ...results, cells: undefined });
writeFileSync(join(options.outDir, "latest.json"), `${json}\n`);
const seconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
console.log(`\n${markdown}\n\nbench: ${seconds} s; results in ${options.outDir}/latest.md and latest.json`);
process.exit(problems.length > 0 ? 1 : 0);
