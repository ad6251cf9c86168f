import "server-only";
import { flushRefusals } from "@/lib/audit/refusal-counter";
import { markShuttingDown } from "@/lib/http/shutting-down";
import { log } from "@/lib/log";

/** The longest the last writes may hold up an exit the framework has asked for. */
const LAST_WRITES_MS = 3_000;

/**
 * Next's own SIGTERM/SIGINT handler stops accepting connections, waits for in-flight requests and then exits with
 * 143/130. This adds what it lacks: a grace period after which the process stops waiting, the refusals counted in
 * memory written before it exits, and exit code 0 when everything in flight has finished.
 */
export function installShutdownHook(graceMs: number): void {
  let forced = false;
  const begin = (signal: NodeJS.Signals) => {
    markShuttingDown();
    log.info("shutdown_started", { signal, graceMs });
    // Next calls process.exit as soon as it has drained, without waiting for anything of ours: hold that exit until
    // the counted refusals (those counted while draining too) are in the database, or LAST_WRITES_MS have passed.
    const exit = process.exit.bind(process);
    process.exit = ((code?: number) => {
      const lastWrites = Promise.race([flushRefusals(), new Promise((resolve) => setTimeout(resolve, LAST_WRITES_MS))]);
      void lastWrites.then(() => log.flush()).finally(() => exit(code));
    }) as typeof process.exit;
    const timer = setTimeout(() => {
      forced = true;
      log.warn("shutdown_grace_exceeded", { graceMs });
      process.exit(1);
    }, graceMs);
    timer.unref();
    process.once("exit", () => {
      if (forced) return;
      log.info("shutdown_finished", {});
      process.exitCode = 0;
    });
  };
  process.once("SIGTERM", begin);
  process.once("SIGINT", begin);
}
