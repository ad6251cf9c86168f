// @ts-check
// Everything measured at one list size N: correctness first, then interleaved load cells
// (GET, and POST where asked), with single-request probes of the responses in between.
import { memory, waitUntilIdle } from "./children.mjs";
import { formatBytes, formatCount, formatMs, formatPercent, formatRate, formatRatio } from "./format.mjs";
import { measure } from "./load.mjs";
import { postBody, probeResponses } from "./probe-size.mjs";
import { listProblem, probe } from "./probes.mjs";
import { BROWSER_ENCODINGS, TARGET_LABELS, summarise } from "./report.mjs";
import { BIG_ID } from "./seed.mjs";
import { startStack } from "./stack.mjs";
import { rotate } from "./stats.mjs";


/** @typedef {import("./report.mjs").Cell} Cell */
/** @typedef {import("./report.mjs").TargetName} TargetName */

/**
 * @param {number} n
 * @param {import("./options.mjs").BenchOptions} options
 * @param {{ workDir: string, sessionSecret: string }} setup
 * @param {import("./report.mjs").Measurements} sink
 */
export async function measureSize(n, options, setup, sink) {
  const { problems, notes } = sink;
  /** @type {Cell[]} */
  const cells = [];
  const stack = await startStack({ n, ...setup, timeoutSeconds: options.timeoutSeconds });
  try {
    const { paths } = stack;
    /** @type {Record<TargetName, import("./probe-size.mjs").Path>} */
    const targets = {
      ...paths,
      "app-gzip": { ...paths.app, headers: { ...paths.app.headers, "accept-encoding": "gzip" } },
      "app-health": { ...paths.app, url: paths.app.url.replace(/\/api\/categories$/, "/api/health"), headers: {}, upstreamPid: undefined },
    };
    const settle = async () => {
      if (!(await waitUntilIdle(stack.pids))) notes.push(`N = ${formatCount(n)}: a server was still busy 30 s after a measurement ended.`);
    };

    for (const name of /** @type {const} */ (["app", "proxy", "service"])) {
      const problem = listProblem(await probe(targets[name].url, targets[name].headers), n, BIG_ID);
      if (problem) problems.push(`GET via the ${TARGET_LABELS[name]} at N = ${formatCount(n)} ${problem}.`);
    }

    const countMode = n >= options.countFromN;
    /** @param {"GET" | "POST"} method @param {readonly TargetName[]} names */
    const runCells = async (method, names) => {
      for (const name of names) {
        // Warm-up (JIT, connection pools), not recorded.
        await measure({ ...cellOf(method, name), connections: Math.min(4, ...options.connections), durationSeconds: 1, amount: countMode && method === "GET" ? 8 : undefined });
        await settle();
      }
      for (const connections of options.connections) {
        for (let run = 1; run <= options.runs; run++) {
          for (const name of rotate(names, run - 1)) {
            const amount = countMode && method === "GET" ? Math.max(options.minRequests, options.requestsPerConnection * connections) : undefined;
            const measureOnce = () => measure({ ...cellOf(method, name), connections, durationSeconds: options.durationSeconds, amount });
            let result = await measureOnce();
            // On a shared machine: measured again while other processes took much of it, keeping the quietest attempt.
            let retries = 0;
            while (result.otherCpuShare * 100 > options.busyPercent && retries < options.busyRetries) {
              retries++;
              await settle();
              const again = await measureOnce();
              if (again.otherCpuShare < result.otherCpuShare) result = again;
            }
            const cell = { method, n, connections, target: name, run, amount: amount ?? null, retries, ...result };
            cells.push(cell);
            sink.cells.push(cell);
            const trouble = result.non2xx + result.errors > 0 ? `  ⚠ status ${JSON.stringify(result.statusCodes)}, ${result.errors} errors` : "";
            console.log(
              `  ${method} N=${formatCount(n)} c=${connections} run ${run}/${options.runs} ${name.padEnd(10)} ${formatRate(result.rps).padStart(7)} req/s  ` +
                `p50 ${formatMs(result.p50).padStart(9)}  p99 ${formatMs(result.p99).padStart(9)}  RSS ${formatBytes(result.peakRssBytes)}  other CPU ${formatPercent(result.otherCpuShare)}${retries ? ` (quietest of ${retries + 1})` : ""}${trouble}`,
            );
            await settle();
          }
        }
        printRatios(cells.filter((c) => c.method === method && c.connections === connections));
      }
    };
    /** @param {"GET" | "POST"} method @param {TargetName} name */
    const cellOf = (method, name) => ({
      request: {
        url: targets[name].url,
        method,
        headers: method === "POST" ? { ...targets[name].headers, "content-type": "application/json" } : targets[name].headers,
        body: method === "POST" ? postBody : undefined,
      },
      timeoutSeconds: options.timeoutSeconds,
      pid: targets[name].pid,
      upstreamPid: targets[name].upstreamPid,
      benchPids: stack.pids,
    });

    // The app's framework floor in this run (at the smallest N; it does not depend on N), and its gzip cost for large lists.
    const withHealth = n === Math.min(...options.sizes);
    const withGzip = options.gzipFromN > 0 && n >= options.gzipFromN;
    /** @type {TargetName[]} */
    const getTargets = ["app", ...(withGzip ? /** @type {const} */ (["app-gzip"]) : []), ...(withHealth ? /** @type {const} */ (["app-health"]) : []), "proxy", "service"];
    await runCells("GET", getTargets);

    const etag = await probeResponses(n, targets, sink);

    if (options.postSizes.includes(n)) {
      const count = async () => JSON.parse((await probe(targets.service.url, targets.service.headers)).body.toString("utf8")).length;
      const before = await count();
      await runCells("POST", ["app", "proxy", "service"]);
      sink.store.push({ n, before, after: await count() });
      if (etag !== null) {
        const stale = await probe(targets.app.url, { ...targets.app.headers, "accept-encoding": BROWSER_ENCODINGS, "if-none-match": etag });
        if (stale.status === 304) problems.push(`At N = ${formatCount(n)} the app answered 304 to the ETag of the list as it was before the creates.`);
      }
    }
  } finally {
    for (const cell of cells) {
      if (cell.non2xx + cell.errors > 0 || cell.completed === 0) {
        problems.push(`${cell.method} via the ${TARGET_LABELS[cell.target]} at N = ${formatCount(n)}, ${cell.connections} connections, run ${cell.run}: ` +
          `${cell.completed} 2xx, status ${JSON.stringify(cell.statusCodes)}, ${cell.errors} errors (${cell.timeouts} timeouts).`);
      }
    }
    const appCells = cells.filter((c) => c.target.startsWith("app")).map((c) => c.peakRssBytes);
    sink.appPeakRss.push({ n, bytes: Math.max(memory(stack.paths.app.pid)?.hwm ?? 0, ...appCells) });
    await stack.stop();
  }
}

/** The medians so far for one (method, N, connections), each with its ratios to the proxy and the service. @param {readonly Cell[]} cells */
function printRatios(cells) {
  for (const row of summarise(cells)) {
    console.log(
      `  → median ${row.target.padEnd(10)} ${formatRate(row.rps).padStart(7)} req/s (${formatRatio(row.vsProxy.rps)} proxy, ${formatRatio(row.vsService.rps)} service)  ` +
        `p50 ${formatMs(row.p50)} (${formatRatio(row.vsProxy.p50)}, ${formatRatio(row.vsService.p50)})  p99 ${formatMs(row.p99)} (${formatRatio(row.vsProxy.p99)}, ${formatRatio(row.vsService.p99)})`,
    );
  }
}
