import "server-only";
import { query } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import { errorMessage } from "@/lib/shared/error-message";

const SWEEP_EVERY_MS = 60 * 60_000;
// Per statement, so a first sweep of a large backlog never holds a long lock.
const BATCH = 10_000;
const DAY_MS = 24 * 60 * 60_000;

export async function sweepAudit(days: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - days * DAY_MS);
  let deleted = 0;
  for (;;) {
    const { rowCount } = await query(
      "DELETE FROM audit_events WHERE id IN (SELECT id FROM audit_events WHERE time < $1 LIMIT $2)",
      [cutoff, BATCH],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return deleted;
  }
}

// Every replica sweeps: a sweep that finds nothing costs one index probe.
export function startAuditRetention(days: number): void {
  const sweep = () =>
    sweepAudit(days).then(
      (deleted) => deleted > 0 && log.info("audit_swept", { deleted, retentionDays: days }),
      (error: unknown) => log.warn("audit_sweep_failed", { error: errorMessage(error) }),
    );
  void sweep();
  setInterval(sweep, SWEEP_EVERY_MS).unref();
}
