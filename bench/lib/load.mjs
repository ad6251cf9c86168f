// @ts-check
// One measurement: autocannon against one path, and what the target process used meanwhile, read from Linux's /proc:
// its peak resident memory and its CPU time per response.
import autocannon from "autocannon";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { percentile } from "./report.mjs";

/** A /proc file, or "" once its process is gone. @param {string} file */
const read = (file) => (existsSync(file) ? readFileSync(file, "utf8") : "");
/** CPU milliseconds a process has used (100 ticks a second). @param {number} pid */
const cpuMs = (pid) => {
  const fields = read(`/proc/${pid}/stat`).split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
/** @param {number} pid @param {"VmRSS" | "VmHWM"} field */
export const memoryBytes = (pid, field) =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(read(`/proc/${pid}/status`))?.[1] ?? 0) * 1024;

/** Waits until the processes are idle, so work left from one measurement is not counted in the next. */
/** @param {readonly number[]} pids */
export async function waitUntilIdle(pids, maxMs = 30_000) {
  const deadline = Date.now() + maxMs;
  for (let before = pids.map(cpuMs); Date.now() < deadline; ) {
    await sleep(250);
    const now = pids.map(cpuMs);
    if (now.every((ms, i) => ms - (before[i] ?? 0) <= 10)) return true;
    before = now;
  }
  return false;
}

/**
 * `body` is made anew for each request (every create a new name); `amount` counts requests instead of seconds.
 * @param {{ url: string, method?: "GET" | "POST", headers: Record<string, string>, body?: () => string,
 *   connections: number, seconds: number, amount?: number, timeoutSeconds: number, pid: number }} options
 */
export async function measure(options) {
  const { url, method = "GET", headers, body, connections, seconds, amount, timeoutSeconds, pid } = options;
  // VmHWM back to the current RSS where allowed; else the peak of VmRSS polled every 100 ms.
  let peakReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    peakReset = false;
  }
  let peak = 0;
  const poll = setInterval(() => (peak = Math.max(peak, memoryBytes(pid, "VmRSS"))), 100);
  const cpuBefore = cpuMs(pid);
  /** @type {number[]} */
  const latencies = [];
  const setupRequest = (/** @type {import("autocannon").Request} */ request) => ({ ...request, body: body?.() });
  // A run ends at the first sample after its last answer: short samples waste little time.
  const run = {
    ...{ url, method, headers, connections, timeout: timeoutSeconds, sampleInt: 100 },
    ...(amount ? { amount } : { duration: seconds }),
    ...(body && { requests: [{ setupRequest }] }),
  };
  /** @type {import("autocannon").Result} */
  const result = await new Promise((resolve, reject) => {
    // Autocannon's own percentiles are whole milliseconds, too coarse for small lists; its per-response times are not.
    autocannon(run, (error, done) => (error ? reject(error) : resolve(done))).on(
      "response",
      (_client, status, _bytes, ms) => status < 300 && latencies.push(ms),
    );
  }).finally(() => clearInterval(poll));
  const completed = result.requests.total;
  const { non2xx, errors, timeouts, statusCodeStats } = result;
  return {
    // Not requests.average: it leaves out the 100 ms samples without an answer, many when answers take seconds.
    ...{ rps: completed / result.duration, p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    bytesPerResponse: result.throughput.total / completed,
    peakRss: Math.max(peak, peakReset ? memoryBytes(pid, "VmHWM") : 0),
    cpuMsPerRequest: (cpuMs(pid) - cpuBefore) / completed,
    ...{ non2xx, errors, timeouts, statusCodeStats },
  };
}
