import "server-only";
import { randomUUID } from "node:crypto";
import { type Db, autocommit } from "@/lib/server/db/database";
import { isoTime } from "@/lib/server/db/iso-time";
import { isUuid } from "@/lib/server/db/is-uuid";
import type { Delivery, WebhookEventType } from "@/lib/shared/webhook-schemas";
import { wakeWebhooks } from "./wake-signal";
import { fanOutSql } from "./fan-out-sql";

/** An event as it is queued: its data as JSON text, and the environment it belongs to (none: every endpoint's). */
export type WebhookEvent = { type: WebhookEventType; environment?: string; data: string };

/**
 * In `db`, the transaction of the change that causes it (the outbox): a delivery for each endpoint that takes it, so
 * a change that rolls back queues nothing and one that commits loses nothing.
 */
export async function queueWebhookEvent(db: Db, event: WebhookEvent): Promise<void> {
  await db.query(fanOutSql("$1", "$2", "$3"), [event.type, event.environment ?? null, event.data]);
  db.afterCommit(wakeWebhooks);
}

/** A test event for one endpoint, whatever it subscribes to. */
export async function queueTestEvent(endpointId: string, data: string): Promise<string> {
  const id = randomUUID();
  await autocommit.query(
    `INSERT INTO webhook_deliveries (id, endpoint_id, event_type, event_data) VALUES ($1, $2, 'ping', $3)`,
    [id, endpointId, data],
  );
  wakeWebhooks();
  return id;
}

const DELIVERY = `d.id, d.event_type AS type, d.state,
  CASE WHEN d.state = 'pending' THEN ${isoTime("d.next_attempt_at")} END AS "nextAttemptAt",
  d.failed_reason AS "failedReason",
  ${isoTime("d.created_at")} AS "createdAt",
  coalesce((SELECT json_agg(json_build_object('at', ${isoTime("a.at")}, 'status', a.status, 'error', a.error,
              'durationMs', a.duration_ms, 'response', a.response) ORDER BY a.id)
            FROM webhook_attempts AS a WHERE a.delivery_id = d.id), '[]') AS attempts`;

/** Newest first, each with its attempts oldest first. */
export async function listDeliveries(endpointId: string, limit = 50): Promise<Delivery[]> {
  const { rows } = await autocommit.query<Delivery>(
    `SELECT ${DELIVERY} FROM webhook_deliveries AS d WHERE d.endpoint_id = $1 ORDER BY d.created_at DESC, d.id LIMIT $2`,
    [endpointId, limit],
  );
  return rows;
}

export async function readDelivery(endpointId: string, id: string): Promise<Delivery | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await autocommit.query<Delivery>(
    `SELECT ${DELIVERY} FROM webhook_deliveries AS d WHERE d.endpoint_id = $1 AND d.id = $2`,
    [endpointId, id],
  );
  return rows[0];
}

/** Pending again from its first wait, with the same id (so the same `webhook-id`), unless an attempt holds it. */
export async function redeliver(endpointId: string, id: string): Promise<"queued" | "under-way" | "not-found"> {
  if (!isUuid(id)) return "not-found";
  // Not while an attempt holds it: that attempt's end would settle the delivery over the redelivery.
  const { rows } = await autocommit.query<{ queued: boolean }>(
    `WITH found AS (SELECT id, lease_holder IS NOT NULL AND lease_expires >= now() AS held FROM webhook_deliveries
                    WHERE endpoint_id = $1 AND id = $2),
          queued AS (UPDATE webhook_deliveries SET state = 'pending', attempts = 0, failed_reason = NULL, next_attempt_at = now()
                     WHERE id = (SELECT id FROM found WHERE NOT held) RETURNING id)
     SELECT EXISTS (SELECT 1 FROM queued) AS queued FROM found`,
    [endpointId, id],
  );
  const [found] = rows;
  if (!found) return "not-found";
  if (!found.queued) return "under-way";
  wakeWebhooks();
  return "queued";
}

/** Deliveries of the whole deployment still to be sent (for the metrics). */
export async function countWaitingDeliveries(): Promise<number> {
  const { rows } = await autocommit.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'pending'`,
  );
  return rows[0]?.n ?? 0;
}
