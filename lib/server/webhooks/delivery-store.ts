import "server-only";
import type { Db } from "@/lib/server/db/database";

export async function failPendingDeliveries(db: Db, endpointId: string, reason: string): Promise<void> {
  await db.query(
    `WITH failed AS (
       UPDATE webhook_deliveries SET state = 'failed', lease_holder = NULL, lease_expires = NULL
       WHERE endpoint_id = $1 AND state = 'pending' AND lease_holder IS NULL RETURNING id)
     INSERT INTO webhook_attempts (delivery_id, at, status, error, duration_ms)
     SELECT id, now(), NULL, $2, 0 FROM failed`,
    [endpointId, reason],
  );
}
