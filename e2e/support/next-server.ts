import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, openSync, readFileSync } from "node:fs";
import { portIsFree } from "../../scripts/lib/ports.mjs";

export type NextServer = { url: string; logFile: string; stop(): Promise<void> };

type NextServerOptions = { port: number; logFile: string; env: Record<string, string> };

const READY_TIMEOUT_MS = 30_000;

/** Starts the standalone server of the production build (what we ship) on loopback; stdout and stderr go to `logFile`. */
export async function startNextServer({ port, logFile, env }: NextServerOptions): Promise<NextServer> {
  if (!(await portIsFree(port))) {
    throw new Error(`Port ${port} is already in use: stop what listens there or set E2E_BASE_PORT.`);
  }
  const url = `http://127.0.0.1:${port}`;
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, [".next/standalone/scripts/serve.mjs"], {
    stdio: ["ignore", log, log],
    env: { ...process.env, ...env, HOSTNAME: "127.0.0.1", PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" },
  });
  closeSync(log);
  const server = { url, logFile, stop: () => stopChild(child) };
  try {
    await waitUntilAnswering(url, child);
  } catch (error) {
    await server.stop();
    throw new Error(`${error instanceof Error ? error.message : error}\n--- ${logFile} ---\n${readFileSync(logFile, "utf8")}`);
  }
  return server;
}

/** Any HTTP answer counts: the "down" instance answers its list with 502. */
async function waitUntilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app at ${url} exited with code ${child.exitCode}`);
    try {
      await fetch(`${url}/api/categories`, { signal: AbortSignal.timeout(5_000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the app at ${url} did not answer within ${READY_TIMEOUT_MS} ms`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

