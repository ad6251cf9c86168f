import { type ChildProcess, spawn } from "node:child_process";
import { controlProcess } from "../../scripts/lib/standalone-server.mjs";

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type Child = {
  process: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited, however it ended. */
  exited: Promise<Exit>;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`; resolves with how it ended. */
  stop(graceMs?: number): Promise<Exit>;
  /** SIGKILL: a crash, no clean-up of any kind. */
  kill(): Promise<Exit>;
};

/**
 * Runs `node <script>` with only `env` (plus PATH and NODE_ENV=production), so nothing from the test runner's
 * environment leaks in; whatever a test leaves running is killed when the test worker exits, even after a failure.
 */
export function spawnNode(script: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return { process: child, output: () => output, ...controlProcess(child) };
}

/** Waits until `found` matches the child's output, failing if it exits first or `timeoutMs` passes. */
export async function waitForOutput(child: Child, found: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = found.exec(child.output());
    if (match) return match;
    if (child.process.exitCode !== null || child.process.signalCode !== null) break;
    await sleep(20);
  }
  throw new Error(`no ${found} in the output of ${child.process.spawnargs.join(" ")}:\n${child.output()}`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
