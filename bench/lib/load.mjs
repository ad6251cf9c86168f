// @ts-check
// One measurement ("cell"): autocannon against one target at one concurrency, with latency percentiles
// from every response (exact, not histogram buckets) and the target process's peak RSS and CPU.
import autocannon from "autocannon";
import { availableParallelism } from "node:os";
import { cpuMs, machineBusyMs, memory, resetPeak } from "./children.mjs";
import { percentile, perSecond } from "./stats.mjs";

/**
 * `body` is made anew for every request (unique names for creates). Autocannon's own `[<id>]` replacement
 * is not used: it announces a Content-Length for a 27-character id that does not match the ids it inserts.
 * @typedef {{ url: string, method: "GET" | "POST", headers: Record<string, string>, body?: () => string }} HttpRequest
 */
/**
 * @typedef {{
 *   completed: number, non2xx: number, errors: number, timeouts: number, statusCodes: Record<string, number>,
 *   rps: number, p50: number, p99: number, bytesPerResponse: number, seconds: number,
 *   peakRssBytes: number, cpuMsPerRequest: number, upstreamCpuMsPerRequest: number | null, otherCpuShare: number,
 * }} CellResult
 */

/**
 * Runs for `durationSeconds`, or, when `amount` is given, until that many responses have come back
 * (for large lists, where one response can take longer than a whole timed run).
 * @param {{
 *   request: HttpRequest, connections: number, durationSeconds: number, amount?: number, timeoutSeconds: number,
 *   pid: number, upstreamPid?: number, benchPids: readonly number[],
 * }} cell
 * @returns {Promise<CellResult>}
 */
export async function measure({ request, connections, durationSeconds, amount, timeoutSeconds, pid, upstreamPid, benchPids }) {
  const peakWasReset = resetPeak(pid);
  let polledPeak = memory(pid)?.rss ?? 0;
  const poll = setInterval(() => {
    polledPeak = Math.max(polledPeak, memory(pid)?.rss ?? 0);
  }, 100);
  const cpuBefore = cpuMs(pid);
  const upstreamCpuBefore = upstreamPid === undefined ? Number.NaN : cpuMs(upstreamPid);
  const ownCpu = () => benchPids.reduce((sum, p) => sum + cpuMs(p), 0) + cpuMs(process.pid);
  const ownBefore = ownCpu();
  const machineBefore = machineBusyMs();

  /** @type {number[]} */
  const latencies = [];
  let bytes = 0;
  let lastResponseAt = 0;
  const startedAt = performance.now();
  const instance = autocannon({
    url: request.url,
    method: request.method,
    headers: request.headers,
    ...(request.body && { requests: [{ setupRequest: (built) => ({ ...built, body: request.body?.() }) }] }),
    connections,
    ...(amount === undefined ? { duration: durationSeconds } : { amount }),
    timeout: timeoutSeconds,
    // Autocannon ends a run only at a sample tick; short ticks waste less time after the last response.
    sampleInt: 100,
  });
  instance.on("response", (_client, statusCode, responseBytes, responseTime) => {
    lastResponseAt = performance.now();
    if (statusCode < 200 || statusCode >= 300) return;
    latencies.push(responseTime);
    bytes += responseBytes;
  });
  let result;
  try {
    result = await instance;
  } finally {
    clearInterval(poll);
  }

  const elapsedMs = performance.now() - startedAt;
  // Everything else the machine did meanwhile: builds or tests of others skew the figures.
  const otherCpuShare = Math.max(0, machineBusyMs() - machineBefore - (ownCpu() - ownBefore)) / (elapsedMs * availableParallelism());
  const completed = latencies.length;
  const hwm = peakWasReset ? (memory(pid)?.hwm ?? 0) : 0;
  return {
    completed,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
    rps: perSecond(completed, (lastResponseAt || performance.now()) - startedAt),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    bytesPerResponse: completed > 0 ? bytes / completed : Number.NaN,
    seconds: elapsedMs / 1000,
    peakRssBytes: Math.max(hwm, polledPeak),
    cpuMsPerRequest: completed > 0 ? (cpuMs(pid) - cpuBefore) / completed : Number.NaN,
    upstreamCpuMsPerRequest: upstreamPid === undefined || completed === 0 ? null : (cpuMs(upstreamPid) - upstreamCpuBefore) / completed,
    otherCpuShare,
  };
}
