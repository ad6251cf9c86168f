import "server-only";
import { type Db, autocommit, transaction } from "@/lib/server/db/database";
import { isoTime } from "@/lib/server/db/iso-time";
import type { Webhook, WebhookFormat } from "@/lib/shared/webhook-schemas";
import type { Verdict } from "./attempt-verdict";
import type { AttemptOutcome } from "./send-webhook";
import { recordWebhookEvent } from "./webhook-audit";

/** A delivery leased to this process for one attempt, with what the attempt needs of its endpoint. */
export type ClaimedDelivery = {
  id: string;
  type: string;
  time: string;
  data: string;
  attempts: number;
  endpointId: string;
  url: string;
  format: WebhookFormat;
  /** A standard endpoint's sealed secret, and the previous one while its overlap lasts. */
  sealedSecret: string | null;
  sealedPrevious: string | null;
};

// A delivery is leased as a running job is (decision 032): the row's holder and expiry, taken with SKIP LOCKED.
// An attempt under way on a process that died is taken up by another once its lease has run out.
const FREE = `d.state = 'pending' AND d.next_attempt_at <= now() AND (d.lease_holder IS NULL OR d.lease_expires < now())`;
const IN_FLIGHT = `o.state = 'pending' AND o.lease_holder IS NOT NULL AND o.lease_expires >= now()`;

/**
 * Of each enabled endpoint with fewer than `perEndpoint` attempts under way, its due delivery waiting longest; of
 * those, the one waiting longest, leased to `owner`. One index probe per endpoint, however long a backlog is.
 */
export async function claimDelivery(
  owner: string,
  leaseSeconds: number,
  perEndpoint: number,
): Promise<ClaimedDelivery | undefined> {
  const { rows } = await autocommit.query<ClaimedDelivery>(
    `UPDATE webhook_deliveries AS claimed SET lease_holder = $1, lease_expires = now() + make_interval(secs => $2)
     FROM webhook_endpoints AS e
     WHERE e.id = claimed.endpoint_id AND claimed.id = (
       SELECT due.id FROM webhook_endpoints AS de
       CROSS JOIN LATERAL (
         SELECT d.id, d.next_attempt_at FROM webhook_deliveries AS d
         WHERE d.endpoint_id = de.id AND ${FREE}
         ORDER BY d.next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED) AS due
       WHERE de.enabled
         AND (SELECT count(*) FROM webhook_deliveries AS o WHERE o.endpoint_id = de.id AND ${IN_FLIGHT}) < $3
       ORDER BY due.next_attempt_at LIMIT 1)
     RETURNING claimed.id, claimed.event_type AS type, ${isoTime("claimed.event_time")} AS time,
       claimed.event_data AS data, claimed.attempts, e.id AS "endpointId", e.url, e.format,
       e.secret_sealed AS "sealedSecret",
       CASE WHEN e.previous_secret_until > now() THEN e.previous_secret_sealed END AS "sealedPrevious"`,
    [owner, leaseSeconds, perEndpoint],
  );
  return rows[0];
}

/** A delivery still waiting for an endpoint switched off has failed: nothing will send it. */
export async function failPendingDeliveries(db: Db, endpointId: string, reason: string): Promise<void> {
  await db.query(
    // One under way is settled by its attempt's end, which finds the endpoint switched off.
    `UPDATE webhook_deliveries SET state = 'failed', failed_reason = $2, lease_holder = NULL, lease_expires = NULL
     WHERE endpoint_id = $1 AND state = 'pending' AND (lease_holder IS NULL OR lease_expires < now())`,
    [endpointId, reason],
  );
}

const ENDPOINT_COLUMNS = `id, name, url, format, events, environments, enabled, disabled_reason AS "disabledReason",
  ${isoTime("created_at")} AS "createdAt", created_by AS "createdBy"`;

/** Switched off with its reason and a History entry; its deliveries still waiting have failed. */
async function disableEndpoint(tx: Db, endpointId: string, reason: string): Promise<void> {
  const { rows } = await tx.query<Webhook>(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2 WHERE id = $1 AND enabled
     RETURNING ${ENDPOINT_COLUMNS}`,
    [endpointId, reason],
  );
  const [endpoint] = rows;
  if (!endpoint) return;
  await failPendingDeliveries(tx, endpointId, reason);
  await recordWebhookEvent(tx, "webhook_disabled", endpoint, {}, { reason });
}

// The attempt, the delivery's next state (while `owner` still holds it: a lease that ran out was taken by another
// process, whose attempt settles it) and the endpoint's run of failures, in one statement; whether the endpoint has now
// failed for longer than it may.
const RECORD = `
  WITH attempt AS (
    INSERT INTO webhook_attempts (delivery_id, at, status, error, duration_ms, response)
    SELECT $1, $5, $6, $7, $8, $9 WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = $1)),
  settled AS (
    -- An endpoint switched off while the attempt was under way will not send it again: it has failed.
    UPDATE webhook_deliveries SET attempts = attempts + 1, lease_holder = NULL, lease_expires = NULL,
      state = CASE WHEN $3 = 'pending' AND NOT (SELECT enabled FROM webhook_endpoints WHERE id = endpoint_id)
                   THEN 'failed' ELSE $3 END,
      failed_reason = CASE WHEN $3 = 'pending' THEN (SELECT disabled_reason FROM webhook_endpoints WHERE id = endpoint_id) END,
      next_attempt_at = now() + make_interval(secs => $4)
    WHERE id = $1 AND lease_holder = $2)
  UPDATE webhook_endpoints SET failing_since = CASE WHEN $3 = 'delivered' THEN NULL ELSE coalesce(failing_since, $5) END
  WHERE id = $10 RETURNING failing_since < now() - make_interval(secs => $11) AS overdue`;

/**
 * Records an ended attempt and what it means. At a 410 the endpoint is switched off in the same transaction; after
 * `disableAfterMs` of nothing but failures, in the next one (should the process stop between, the next failure does it).
 */
export async function endAttempt(
  owner: string,
  delivery: ClaimedDelivery,
  at: Date,
  outcome: AttemptOutcome,
  verdict: Verdict,
  disableAfterMs: number,
): Promise<void> {
  const waitSeconds = verdict.state === "pending" ? verdict.waitMs / 1000 : 0;
  const values = [
    ...[delivery.id, owner, verdict.state, waitSeconds, at],
    ...[
      outcome.status,
      outcome.error,
      outcome.durationMs,
      outcome.response,
      delivery.endpointId,
      disableAfterMs / 1000,
    ],
  ];
  const record = async (db: Db) => (await db.query<{ overdue: boolean }>(RECORD, values)).rows[0]?.overdue === true;
  if (verdict.state === "failed" && verdict.disable) {
    const reason = verdict.disable;
    await transaction(async (tx) => {
      await record(tx);
      await disableEndpoint(tx, delivery.endpointId, reason);
    });
  } else if (await record(autocommit)) {
    const hours = Math.round((disableAfterMs / 3_600_000) * 10) / 10;
    await transaction((tx) => disableEndpoint(tx, delivery.endpointId, `Every attempt failed for ${hours} hours.`));
  }
}
