// @ts-check
// The processes one benchmark run starts, and what it reads about them from /proc.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

const GUARD = new URL("../../scripts/lib/exit-with-parent.mjs", import.meta.url).href;
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;

/** @typedef {{ name: string, pid: number, logFile: string, exited: () => boolean, stop: () => Promise<void> }} Child */

/** Every child still running, so one handler can stop them all on exit, error or Ctrl-C. @type {Set<Child>} */
const running = new Set();

/**
 * Starts `node <script>` with its output in a log file (so the kernel drains it and no pipe slows it),
 * then waits until `ready()` resolves true.
 * @param {{ name: string, script: string, env: Record<string, string>, logFile: string, ready: () => Promise<boolean> }} options
 * @returns {Promise<Child>}
 */
export async function startChild({ name, script, env, logFile, ready }) {
  const log = openSync(logFile, "a");
  const process_ = spawn(process.execPath, ["--import", GUARD, script], {
    stdio: ["ignore", log, log],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
  });
  closeSync(log);
  const exited = once(process_, "exit");
  /** @type {Child} */
  const child = {
    name,
    pid: process_.pid ?? -1,
    logFile,
    exited: () => process_.exitCode !== null || process_.signalCode !== null,
    async stop() {
      running.delete(child);
      if (child.exited()) return;
      process_.kill("SIGTERM");
      const timer = setTimeout(() => process_.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
  running.add(child);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await ready().catch(() => false))) {
    if (child.exited() || Date.now() > deadline) {
      await child.stop();
      const why = child.exited() ? `exited (code ${process_.exitCode}, signal ${process_.signalCode})` : `was not ready within ${READY_TIMEOUT_MS / 1000} s`;
      throw new Error(`${name} ${why}. Last lines of ${logFile}:\n${tail(logFile, 20)}`);
    }
    await sleep(100);
  }
  return child;
}

/** Stops every child still running: SIGTERM, then SIGKILL after a grace period. */
export async function stopAll() {
  await Promise.allSettled([...running].reverse().map((child) => child.stop()));
}

/** For process.on("exit"), which cannot wait: SIGKILL whatever is left. */
export function killAllNow() {
  for (const child of running) {
    try {
      process.kill(child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}

/** @returns {Child[]} */
export const runningChildren = () => [...running];

/** @param {string} file @param {number} lines */
export function tail(file, lines) {
  try {
    return readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no log)";
  }
}

/** VmRSS and VmHWM (peak since start or since the last reset) in bytes; undefined once the process is gone. @param {number} pid */
export function memory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    /** @param {string} field */
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
    return { rss: kib("VmRSS"), hwm: kib("VmHWM") };
  } catch {
    return undefined;
  }
}

/** Resets VmHWM to the current RSS (Linux: "5" to clear_refs). False where that is not allowed. @param {number} pid */
export function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** CPU time (user + system) the process has used, in milliseconds, assuming 100 clock ticks a second. @param {number} pid */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** CPU time all processes on the machine have used since boot, in milliseconds (100 ticks a second). */
export function machineBusyMs() {
  try {
    const [, ...ticks] = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).map(Number);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks;
    return (user + nice + system + irq + softirq + steal) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until none of the processes uses CPU (at most one 10 ms tick in 250 ms), so that work left
 * over from one measurement (responses still being built for clients that left) is not counted in the next.
 * @param {readonly number[]} pids @param {number} maxMs @returns {Promise<boolean>} whether they went quiet in time
 */
export async function waitUntilIdle(pids, maxMs = 30_000) {
  const deadline = Date.now() + maxMs;
  let before = pids.map(cpuMs);
  while (Date.now() < deadline) {
    await sleep(250);
    const now = pids.map(cpuMs);
    const busy = now.some((ms, index) => ms - (before[index] ?? 0) > 10);
    before = now;
    if (!busy) return true;
  }
  return false;
}
