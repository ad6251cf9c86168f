import "server-only";
import { flushAudit } from "@/lib/audit/audit-trail";
import { flushRefusalsSync } from "@/lib/audit/refusal-counter";
import { markShuttingDown } from "@/lib/http/shutting-down";
import { log } from "@/lib/log";

/**
 * Next's own SIGTERM/SIGINT handler stops accepting connections, waits for
 * in-flight requests and then exits with 143/130. This adds what it lacks: a
 * grace period after which the process stops waiting, a flush of the log and
 * the audit file, and exit code 0 when everything in flight has finished.
 */
export function installShutdownHook(graceMs: number): void {
  let forced = false;
  const begin = (signal: NodeJS.Signals) => {
    markShuttingDown();
    log.info("shutdown_started", { signal, graceMs });
    const timer = setTimeout(async () => {
      forced = true;
      log.warn("shutdown_grace_exceeded", { graceMs });
      await flushAudit();
      await log.flush();
      process.exit(1);
    }, graceMs);
    timer.unref();
    process.once("exit", () => {
      // Counted refusals are held for up to a minute; those counted while draining too are written here.
      flushRefusalsSync();
      if (forced) return;
      log.info("shutdown_finished", {});
      // Audit lines are fsynced before each response is sent, so a drained server has nothing left to write.
      process.exitCode = 0;
    });
  };
  process.once("SIGTERM", begin);
  process.once("SIGINT", begin);
}
