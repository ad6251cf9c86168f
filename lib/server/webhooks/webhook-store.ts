import "server-only";
import { randomUUID } from "node:crypto";
import { type Db, autocommit } from "@/lib/server/db/database";
import { isoTime } from "@/lib/server/db/iso-time";
import { isUuid } from "@/lib/server/db/is-uuid";
import type { ListedWebhook, NewWebhook, Webhook, WebhookChange } from "@/lib/shared/webhook-schemas";

/** An endpoint as the API gives it, never its secret. */
export const WEBHOOK_COLUMNS = `id, name, url, format, events, environments, enabled, disabled_reason AS "disabledReason",
  ${isoTime("created_at")} AS "createdAt", created_by AS "createdBy"`;

export async function insertWebhook(
  db: Db,
  webhook: NewWebhook,
  sealedSecret: string | null,
  createdBy: string,
): Promise<Webhook> {
  const { rows } = await db.query<Webhook>(
    `INSERT INTO webhook_endpoints (id, name, url, format, events, environments, secret_sealed, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${WEBHOOK_COLUMNS}`,
    [
      randomUUID(),
      webhook.name,
      webhook.url,
      webhook.format,
      webhook.events,
      webhook.environments,
      sealedSecret,
      createdBy,
    ],
  );
  return rows[0] as Webhook;
}

// The newest delivery's time is its last attempt's, or when it was queued while it has none.
const LAST_DELIVERY = `(SELECT json_build_object('type', d.event_type, 'state', d.state, 'at',
    ${isoTime("coalesce((SELECT max(a.at) FROM webhook_attempts AS a WHERE a.delivery_id = d.id), d.created_at)")})
  FROM webhook_deliveries AS d WHERE d.endpoint_id = webhook_endpoints.id
  ORDER BY d.created_at DESC, d.id LIMIT 1) AS "lastDelivery"`;

/** By name, each with its newest delivery (null before the first): what the settings page lists. */
export async function listWebhooks(): Promise<ListedWebhook[]> {
  const { rows } = await autocommit.query<ListedWebhook>(
    `SELECT ${WEBHOOK_COLUMNS}, ${LAST_DELIVERY} FROM webhook_endpoints ORDER BY lower(name), id`,
  );
  return rows;
}

export async function readWebhook(id: string, db: Db = autocommit, lock = false): Promise<Webhook | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<Webhook>(
    `SELECT ${WEBHOOK_COLUMNS} FROM webhook_endpoints WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  return rows[0];
}

/** The change, with the endpoint as it was; undefined when there is no such endpoint. */
export async function updateWebhook(
  db: Db,
  id: string,
  change: WebhookChange,
): Promise<{ webhook: Webhook; before: Webhook } | undefined> {
  const before = await readWebhook(id, db, true);
  if (!before) return undefined;
  const enabling = change.enabled === true && !before.enabled;
  const { rows } = await db.query<Webhook>(
    `UPDATE webhook_endpoints SET
       name = coalesce($2, name), url = coalesce($3, url), events = coalesce($4, events),
       environments = CASE WHEN $5 THEN $6::text[] ELSE environments END,
       enabled = coalesce($7, enabled),
       disabled_reason = CASE WHEN coalesce($7, enabled) THEN NULL WHEN $7 = false THEN 'switched off by an admin' ELSE disabled_reason END,
       failing_since = CASE WHEN $8 THEN NULL ELSE failing_since END
     WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`,
    [
      id,
      change.name ?? null,
      change.url ?? null,
      change.events ?? null,
      change.environments !== undefined,
      change.environments ?? null,
      change.enabled ?? null,
      enabling,
    ],
  );
  return { webhook: rows[0] as Webhook, before };
}

export async function deleteWebhook(db: Db, id: string): Promise<Webhook | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<Webhook>(`DELETE FROM webhook_endpoints WHERE id = $1 RETURNING ${WEBHOOK_COLUMNS}`, [
    id,
  ]);
  return rows[0];
}

/** A rotation: the new secret signs from now on, the old one also until `overlapMs` from now. */
export async function replaceSecret(
  db: Db,
  id: string,
  sealed: string,
  overlapMs: number,
): Promise<Webhook | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<Webhook>(
    `UPDATE webhook_endpoints SET previous_secret_sealed = secret_sealed, secret_sealed = $2,
       previous_secret_until = now() + make_interval(secs => $3)
     WHERE id = $1 AND format = 'standard' RETURNING ${WEBHOOK_COLUMNS}`,
    [id, sealed, overlapMs / 1000],
  );
  return rows[0];
}
