import "server-only";
import { flushRefusals } from "@/lib/server/audit/refusal-counter";
import { stopImportWorker } from "@/lib/server/imports/import-queue";
import { markShuttingDown } from "@/lib/server/http/shutting-down";
import { log } from "@/lib/server/log";
import { flushTracing } from "@/lib/server/tracing/tracing";

const LAST_WRITES_MS = 3_000;

// Adds what Next's own SIGTERM/SIGINT handler lacks: a grace limit, the refusal flush, and exit 0 once drained.
export function installShutdownHook(graceMs: number): void {
  let forced = false;
  const begin = (signal: NodeJS.Signals) => {
    markShuttingDown();
    log.info("shutdown_started", { signal, graceMs });
    // Imports stop sending now; their creates in flight get the grace period to complete.
    const importsStopped = stopImportWorker(graceMs);
    // Next calls process.exit once drained without waiting for us: hold it until the refusals are written.
    const exit = process.exit.bind(process);
    process.exit = ((code?: number) => {
      const lastWrites = Promise.all([
        Promise.race([flushRefusals(), new Promise((resolve) => setTimeout(resolve, LAST_WRITES_MS))]),
        importsStopped,
        Promise.race([
          flushTracing().catch(() => undefined),
          new Promise((resolve) => setTimeout(resolve, LAST_WRITES_MS)),
        ]),
      ]);
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
