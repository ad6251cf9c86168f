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
const { values: flags } = parseArgs({
  options: {
    ci: { type: "boolean", default: false },
    n: text,
    "post-n": text,
    connections: text,
    runs: text,
    duration: text,
    out: text,
  },
});
const whole = (/** @type {string} */ list) =>
  list
    .split(",")
    .filter((part) => part.trim() !== "")
    .map((part) => {
      if (!/^\s*\d+\s*$/.test(part))
        throw new Error(`bench: flags take whole numbers, separated by commas (got "${list}")`);
      return Number(part);
    });
const options = {
  ci: flags.ci,
  sizes: whole(flags.n ?? (flags.ci ? "20" : "20,10000,100000")),
  postSizes: whole(flags["post-n"] ?? "20"),
  connections: whole(flags.connections ?? "1,32"),
  runs: whole(flags.runs ?? (flags.ci ? "1" : "3"))[0] ?? 1,
  seconds: whole(flags.duration ?? (flags.ci ? "1" : "2"))[0] ?? 1,
  outDir: flags.out ?? `bench/results${flags.ci ? "/ci" : ""}`,
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
const { cells, compression, refreshes, singleReads, firstReads, growth, problems } = {
  cells: [],
  compression: [],
  refreshes: [],
  singleReads: [],
  firstReads: [],
  growth: [],
  problems: [],
};

/** A warm-up, then each path at each connection count, `runs` times, in an order that rotates from run to run. @param {number} n @param {"GET" | "POST"} method @param {PathName[]} names @param {Stack} stack */
async function load(n, method, names, stack) {
  const counted = method === "GET" && n >= COUNT_FROM_N;
  /** @param {PathName} name @param {number} connections @param {number} seconds */
  const run = (name, connections, seconds) => {
    const { url, headers, pid } = stack.paths[name];
    const post =
      method === "POST"
        ? { headers: { ...headers, "content-type": "application/json" }, body: createBody }
        : { headers };
    return measure({
      url,
      method,
      ...post,
      pid,
      connections,
      seconds,
      amount: counted ? Math.max(MIN_REQUESTS, connections) : undefined,
      timeoutSeconds: TIMEOUT_SECONDS,
    });
  };
  for (const name of names)
    await run(name, Math.min(4, ...options.connections), 1).then(() => waitUntilIdle(stack.pids));
  for (const connections of options.connections) {
    for (let r = 0; r < options.runs; r++) {
      for (const name of [...names.slice(r % names.length), ...names.slice(0, r % names.length)]) {
        const result = await run(name, connections, options.seconds);
        cells.push({ method, n, connections, path: name, ...result });
        const trouble =
          result.non2xx + result.errors > 0 || Number.isNaN(result.p50)
            ? ` ⚠ ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors (${result.timeouts} timeouts)`
            : "";
        if (trouble)
          problems.push(
            `${method} via the ${LABELS[name]} at N = ${format.count(n)}, ${connections} connections:${trouble}`,
          );
        console.log(
          `  ${method} c=${connections} run ${r + 1} ${name.padEnd(10)} ${format.rate(result.rps).padStart(7)} req/s  p50 ${format.ms(result.p50)}  p99 ${format.ms(result.p99)}${trouble}`,
        );
        await waitUntilIdle(stack.pids);
      }
    }
  }
}

/** Compression by Accept-Encoding, a refresh with the ETag, the first read of a changed list. @param {number} n @param {Stack["paths"]} paths */
async function probeResponses(n, paths) {
  // Issue 11's figure: one whole read as a client sees it, after a warm-up, the app and the service in turn (the order
  // swapped each round) so that both meet the machine in the same state.
  // A script's read (no compression) and a browser's (gzip, decoded by the client, as a browser does) are both timed,
  // and the minimal proxy's in the same turns: what any second hop costs on this machine at that moment.
  /** @type {Record<"app" | "browser" | "proxy" | "service", { path: PathName, acceptEncoding: string, answered: string, probes: import("./lib/probe.mjs").Probe[] }>} */
  const turns = {
    app: { path: "app", acceptEncoding: "identity", answered: "identity", probes: [] },
    browser: { path: "app", acceptEncoding: BROWSER_ENCODINGS, answered: "gzip", probes: [] },
    proxy: { path: "proxy", acceptEncoding: "identity", answered: "identity", probes: [] },
    service: { path: "service", acceptEncoding: "identity", answered: "identity", probes: [] },
  };
  const inTurn = Object.values(turns);
  for (let round = -1; round < 5; round++) {
    for (const read of round % 2 ? inTurn : [...inTurn].reverse()) {
      const response = await probe(paths[read.path].url, {
        ...paths[read.path].headers,
        "accept-encoding": read.acceptEncoding,
      });
      if (round >= 0) read.probes.push(response);
    }
  }
  const encodingOf = (/** @type {import("./lib/probe.mjs").Probe} */ p) => p.headers["content-encoding"] ?? "identity";
  for (const [name, { probes, answered }] of Object.entries(turns)) {
    const wrong = probes.find((p) => p.status !== 200 || encodingOf(p) !== answered);
    if (wrong)
      problems.push(
        `A single read (${name}) at N = ${format.count(n)} answered ${wrong.status}, ${encodingOf(wrong)}.`,
      );
  }
  const ms = (/** @type {keyof typeof turns} */ name, /** @type {"ms" | "receivedMs"} */ until = "ms") =>
    median(turns[name].probes.map((p) => p[until]));
  singleReads.push({
    n,
    app: ms("app"),
    browser: ms("browser"),
    browserReceived: ms("browser", "receivedMs"),
    proxy: ms("proxy"),
    service: ms("service"),
  });

  /** @type {[PathName, string[]][]} */
  const asked = [
    ["app", ["identity", "gzip", "br", BROWSER_ENCODINGS]],
    ["proxy", ["identity", BROWSER_ENCODINGS]],
    ["service", ["identity", BROWSER_ENCODINGS]],
  ];
  for (const [path, encodings] of asked) {
    for (const acceptEncoding of encodings) {
      const { status, headers, wireBytes, body, ms } = await probeMedian(paths[path].url, {
        ...paths[path].headers,
        "accept-encoding": acceptEncoding,
      });
      compression.push({
        n,
        path,
        acceptEncoding,
        status,
        contentEncoding: String(headers["content-encoding"] ?? "identity"),
        vary: String(headers.vary ?? ""),
        wireBytes,
        decodedBytes: body.length,
        ms,
      });
    }
  }
  const browser = { ...paths.app.headers, "accept-encoding": BROWSER_ENCODINGS };
  const etag = (await probe(paths.app.url, browser)).headers.etag ?? null;
  const refresh = etag === null ? undefined : await probeMedian(paths.app.url, { ...browser, "if-none-match": etag });
  refreshes.push({
    n,
    etag,
    status: refresh?.status ?? null,
    wireBytes: refresh?.wireBytes ?? null,
    ms: refresh?.ms ?? null,
  });
  if (refresh?.status === 304 && refresh.bodyBytes > 0)
    problems.push(`The app's 304 at N = ${format.count(n)} has a body.`);
  // The load reads an unchanged list, which the app validates once per version; the first read after a change pays for it.
  const reads = [];
  for (let change = 0; change < 3; change++) {
    const create = await probe(paths.service.url, paths.service.headers, createBody());
    if (create.status !== 201)
      problems.push(`A create at the service answered ${create.status} at N = ${format.count(n)}.`);
    reads.push({
      app: (await probe(paths.app.url, paths.app.headers)).ms,
      service: (await probe(paths.service.url, paths.service.headers)).ms,
    });
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
  const extra = /** @type {PathName[]} */ (
    [n >= GZIP_FROM_N && "app-gzip", n === Math.min(...options.sizes) && "app-health"].filter(Boolean)
  );
  await load(n, "GET", ["app", ...extra, "proxy", "service"], stack);
  const etag = await probeResponses(n, paths);
  if (!options.postSizes.includes(n)) return;
  const count = async () =>
    JSON.parse((await probe(paths.service.url, paths.service.headers)).body.toString("utf8")).length;
  const before = await count();
  await load(n, "POST", ["app", "proxy", "service"], stack);
  growth.push({ n, before, after: await count() });
  const stale =
    etag &&
    (await probe(paths.app.url, { ...paths.app.headers, "accept-encoding": BROWSER_ENCODINGS, "if-none-match": etag }));
  if (stale && stale.status === 304)
    problems.push(`At N = ${format.count(n)} the app answered 304 to the ETag of the list before the creates.`);
}

for (const n of options.sizes) {
  console.log(`\nN = ${format.count(n)}`);
  const stack = await startStack({ n, workDir, timeoutSeconds: TIMEOUT_SECONDS }).catch(
    (/** @type {Error} */ error) => void problems.push(error.message),
  );
  if (!stack) break;
  await measureSize(n, stack).catch((error) =>
    problems.push(`The run stopped at N = ${format.count(n)}: ${error instanceof Error ? error.message : error}`),
  );
  await stack.stop();
}

const rows = summarise(cells);
/** @param {"GET" | "POST"} method */
const loadTable = (method) =>
  table(
    [
      "N",
      "conns",
      "path",
      "req/s",
      "p50",
      "p99",
      "peak RSS",
      "bytes/resp",
      "CPU/req",
      "req/s vs proxy",
      "req/s vs service",
      "p50 vs proxy",
      "p50 vs service",
    ],
    rows
      .filter((r) => r.method === method)
      .map((r) => [
        format.count(r.n),
        r.connections,
        LABELS[r.path],
        format.rate(r.rps),
        format.ms(r.p50),
        format.ms(r.p99),
        format.bytes(r.peakRss),
        format.bytes(r.bytesPerResponse),
        format.ms(r.cpuMsPerRequest),
        format.ratio(r.vsProxy.rps),
        format.ratio(r.vsService.rps),
        format.ratio(r.vsProxy.p50),
        format.ratio(r.vsService.p50),
      ]),
  );
const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).stdout.trim();
const markdown = [
  "# Benchmark results",
  "",
  `\`npm run bench\` ([how](../README.md)) on ${startedAt.toISOString().slice(0, 10)}: commit ${commit}, Node ${process.versions.node}, ${cpus().length} × ` +
    `${cpus()[0]?.model.trim()}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ")}. ${options.ci ? "CI" : "Full"} run: the median of ${options.runs} ` +
    `interleaved run(s) of ${options.seconds} s, or from N = ${format.count(COUNT_FROM_N)} of max(${MIN_REQUESTS}, connections) requests. Peak RSS and CPU/req ` +
    "are the target process's.",
  "",
  "## Targets (issue 5)",
  "",
  table(["target", "measured", "limit", "verdict"], judgeTargets(rows, compression, refreshes, singleReads)),
  "",
  "## GET /api/categories",
  "",
  loadTable("GET"),
  "",
  "## POST /api/categories",
  "",
  loadTable("POST"),
  "",
  ...growth.map(
    (g) =>
      `Creates grew the list from ${format.count(g.before)} to ${format.count(g.after)} at N = ${format.count(g.n)}; each makes the service rewrite and fsync its file.`,
  ),
  "",
  "## Compression (single requests, each on a new connection, after the load: median time of 5)",
  "",
  table(
    [
      "N",
      "path",
      "Accept-Encoding",
      "status",
      "Content-Encoding",
      "Vary: Accept-Encoding",
      "on the wire",
      "decoded",
      "time",
    ],
    compression.map((p) => [
      format.count(p.n),
      LABELS[p.path],
      p.acceptEncoding,
      p.status,
      p.contentEncoding,
      /accept-encoding/i.test(p.vary) ? "yes" : "no",
      format.bytes(p.wireBytes),
      format.bytes(p.decodedBytes),
      format.ms(p.ms),
    ]),
  ),
  "",
  "## Conditional refresh (If-None-Match with the list's own ETag, a browser's Accept-Encoding)",
  "",
  table(
    ["N", "ETag", "refresh status", "refresh on the wire", "refresh time"],
    refreshes.map((r) => [
      format.count(r.n),
      r.etag ?? "none",
      r.status ?? "–",
      format.bytes(r.wireBytes ?? Number.NaN),
      format.ms(r.ms ?? Number.NaN),
    ]),
  ),
  "",
  "## First read after the list changed (after each of 3 creates at the service; median)",
  "",
  table(
    ["N", "app", "service", "app vs service"],
    firstReads.map((r) => [
      format.count(r.n),
      format.ms(r.app),
      format.ms(r.service),
      format.ratio(ratio(r.app, r.service)),
    ]),
  ),
  ...(problems.length ? ["", "## Problems", "", ...problems.map((problem) => `- ${problem}`)] : []),
].join("\n");
mkdirSync(options.outDir, { recursive: true });
writeFileSync(join(options.outDir, "latest.md"), `${markdown}\n`);
writeFileSync(
  join(options.outDir, "latest.json"),
  `${JSON.stringify({ startedAt, commit, options, rows, compression, refreshes, singleReads, firstReads, growth, problems })}\n`,
);
console.log(
  `\n${markdown}\n\nbench: ${Math.round((Date.now() - startedAt.getTime()) / 1000)} s; results in ${options.outDir}/latest.md and latest.json`,
);
process.exit(problems.length > 0 ? 1 : 0);
