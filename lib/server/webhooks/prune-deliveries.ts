import "server-only";
import { autocommit } from "@/lib/server/db/database";

const PRUNE_BATCH = 10_000;

/** Settled deliveries older than `days`, with their attempts: the log is kept as long as History (AUDIT_RETENTION_DAYS). */
export async function pruneDeliveries(days: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await autocommit.query(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE state <> 'pending' AND created_at < now() - make_interval(days => $1)
         LIMIT $2)`,
      [days, PRUNE_BATCH],
    );
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < PRUNE_BATCH) return deleted;
  }
}
