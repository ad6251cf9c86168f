// @ts-check
// The production build's standalone server, started the one way that npm start, the integration and e2e tests, the
// benchmarks and the page-check scripts share. Plain JavaScript: node scripts import it without a TypeScript loader.
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { freePort, portIsFree } from "./ports.mjs";

export const SERVER_ENTRY = fileURLToPath(new URL("../../.next/standalone/scripts/serve.mjs", import.meta.url));
const EXIT_WITH_PARENT = new URL("./exit-with-parent.mjs", import.meta.url).href;

/** @typedef {{ code: number | null, signal: NodeJS.Signals | null }} Exit */
/**
 * @typedef {{
 *   url: string, port: number, process: import("node:child_process").ChildProcess, exited: Promise<Exit>,
 *   output: () => string, stop: (graceMs?: number) => Promise<Exit>, kill: () => Promise<Exit>,
 * }} StandaloneServer
 */
/**
 * @typedef {{
 *   port?: number, hostname?: string, env?: Record<string, string>, onlyEnv?: boolean, script?: string,
 *   logFile?: string, stdio?: "pipe" | "inherit",
 *   ready?: false | { path?: string, anyStatus?: boolean, timeoutMs?: number },
 * }} StartOptions
 * `onlyEnv`: the server sees `env` (plus PATH and NODE_ENV=production) and nothing of this process's environment.
 * Output goes to `logFile`, else to a buffer (`output()`), or to this terminal with `stdio: "inherit"`.
 * `ready`: GET `path` (default /api/health) returns 200, or anything at all with `anyStatus`; `false`: no wait.
 * `script`: another Node server that reads PORT and HOSTNAME, as the benchmarks' references do.
 */

// A crash of whoever started a server must not leave it holding its port.
/** @type {Set<import("node:child_process").ChildProcess>} */
const running = new Set();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/**
 * How a started process ends, whoever started it: `exited`, `stop()` (SIGTERM, then SIGKILL after the grace) and
 * `kill()`.
 * @param {import("node:child_process").ChildProcess} child
 */
export function controlProcess(child) {
  running.add(child);
  /** @type {Promise<Exit>} */
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    exited,
    async stop(graceMs = 10_000) {
      if (!ended()) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      const exit = await exited;
      clearTimeout(timer);
      return exit;
    },
    /** SIGKILL: a crash, no clean-up of any kind. */
    async kill() {
      if (!ended()) child.kill("SIGKILL");
      return exited;
    },
  };
}

/** @param {StartOptions} options @returns {Promise<StandaloneServer>} */
export async function startStandaloneServer(options = {}) {
  const { hostname = "127.0.0.1", env = {}, script = SERVER_ENTRY, logFile, stdio = "pipe", ready = {} } = options;
  const port = options.port ?? (await freePort());
  if (options.port !== undefined && !(await portIsFree(port))) {
    throw new Error(`port ${port} on 127.0.0.1 is already in use: stop what listens there or choose another port`);
  }
  /** @type {NodeJS.ProcessEnv} */
  const base = options.onlyEnv ? { PATH: process.env.PATH ?? "", NODE_ENV: "production" } : process.env;
  const log = logFile === undefined ? undefined : openSync(logFile, "a");
  /** @type {import("node:child_process").StdioOptions} */
  const output = log === undefined ? ["ignore", stdio, stdio] : ["ignore", log, log];
  /** @type {import("node:child_process").ChildProcess} */
  const child = spawn(process.execPath, ["--import", EXIT_WITH_PARENT, script], {
    stdio: output,
    // Nothing routes by readiness to these (tests, benchmarks, npm start): they stop at once unless told otherwise.
    env: {
      ...base,
      NEXT_TELEMETRY_DISABLED: "1",
      SHUTDOWN_READY_DELAY_MS: base.SHUTDOWN_READY_DELAY_MS ?? "0",
      ...env,
      HOSTNAME: hostname,
      PORT: String(port),
    },
  });
  if (log !== undefined) closeSync(log);
  let buffered = "";
  child.stdout?.on("data", (/** @type {Buffer} */ chunk) => (buffered += chunk));
  child.stderr?.on("data", (/** @type {Buffer} */ chunk) => (buffered += chunk));
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  /** @type {StandaloneServer} */
  const server = {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    output: () => (logFile === undefined ? buffered : readFileSync(logFile, "utf8")),
    ...controlProcess(child),
  };
  if (ready === false) return server;

  const { path = "/api/health", anyStatus = false, timeoutMs = 30_000 } = ready;
  const deadline = Date.now() + timeoutMs;
  while (!ended() && Date.now() < deadline) {
    // Any failure is "not ready yet", the body's too: on a loaded machine the 5 s can run out while it arrives.
    const status = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => (await response.arrayBuffer(), response.status))
      .catch(() => 0);
    if (anyStatus ? status > 0 : status === 200) return server;
    await sleep(50);
  }
  const why = ended()
    ? `exited (code ${child.exitCode}, signal ${child.signalCode})`
    : `did not answer within ${timeoutMs / 1000} s`;
  await server.stop(2_000);
  const tail = server.output().trimEnd().split("\n").slice(-40).join("\n");
  throw new Error(`${script} on port ${port} ${why} (waiting for ${path}). Its output:\n${tail}`);
}
