import "server-only";
import { type Db, autocommit, transaction } from "@/lib/server/db/database";
import { isoTime } from "@/lib/server/db/iso-time";
import type { Webhook, WebhookFormat } from "@/lib/shared/webhook-schemas";
import type { Verdict } from "./attempt-verdict";
import type { AttemptOutcome } from "./send-webhook";
import { recordWebhookEvent } from "./webhook-audit";
import { WEBHOOK_COLUMNS } from "./webhook-store";

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
 * Up to `limit` due deliveries, leased to `owner`, those waiting longest first; of each enabled endpoint no more than
 * leave it `perEndpoint` attempts under way. One index probe per endpoint, however long a backlog is, and one statement
 * for as many deliveries as the process has room for: a burst of events costs a claim, not a claim each.
 */
export async function claimDeliveries(
  owner: string,
  leaseSeconds: number,
  perEndpoint: number,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const { rows } = await autocommit.query<ClaimedDelivery>(
    `WITH due AS (
       SELECT due.id FROM webhook_endpoints AS de
       CROSS JOIN LATERAL (
         SELECT d.id, d.next_attempt_at FROM webhook_deliveries AS d
         WHERE d.endpoint_id = de.id AND ${FREE}
         ORDER BY d.next_attempt_at
         LIMIT greatest(0, $3 - (SELECT count(*) FROM webhook_deliveries AS o WHERE o.endpoint_id = de.id AND ${IN_FLIGHT}))
         FOR UPDATE SKIP LOCKED) AS due
       WHERE de.enabled
       ORDER BY due.next_attempt_at LIMIT $4)
     UPDATE webhook_deliveries AS claimed SET lease_holder = $1, lease_expires = now() + make_interval(secs => $2)
     FROM due, webhook_endpoints AS e
     WHERE claimed.id = due.id AND e.id = claimed.endpoint_id
     RETURNING claimed.id, claimed.event_type AS type, ${isoTime("claimed.event_time")} AS time,
       claimed.event_data AS data, claimed.attempts, e.id AS "endpointId", e.url, e.format,
       e.secret_sealed AS "sealedSecret",
       CASE WHEN e.previous_secret_until > now() THEN e.previous_secret_sealed END AS "sealedPrevious"`,
    [owner, leaseSeconds, perEndpoint, limit],
  );
  return rows;
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

/** Switched off with its reason and a History entry; its deliveries still waiting have failed. */
async function disableEndpoint(tx: Db, endpointId: string, reason: string): Promise<void> {
  const { rows } = await tx.query<Webhook>(
    `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2 WHERE id = $1 AND enabled
     RETURNING ${WEBHOOK_COLUMNS}`,
    [endpointId, reason],
  );
  const [endpoint] = rows;
  if (!endpoint) return;
  await failPendingDeliveries(tx, endpointId, reason);
  await recordWebhookEvent(tx, "webhook_disabled", endpoint, {}, { reason });
}

/** An attempt that has ended: what it sent, how it went, and what that means for its delivery. */
export type EndedAttempt = {
  delivery: ClaimedDelivery;
  at: Date;
  outcome: AttemptOutcome;
  verdict: Verdict;
  /** `performance.now()` at its end: a retry's wait counts from there, however late the attempt is recorded. */
  endedAt: number;
};

// Each attempt, its delivery's next state (while `owner` still holds it: a lease that ran out was taken by another
// process, whose attempt settles it), and each endpoint's run of failures started or ended, in one statement for the
// whole batch; the endpoints that have now failed for longer than they may. An endpoint's row is written only when its
// run starts or ends, so attempts to one endpoint never queue for its row. Within one batch, any attempt delivered
// ends the endpoint's run.
const RECORD = `
  WITH ended AS (
    SELECT * FROM unnest($2::uuid[], $3::text[], $4::float8[], $5::timestamptz[], $6::int[], $7::text[], $8::int[],
                         $9::text[], $10::uuid[])
      AS ended (delivery_id, state, wait_seconds, at, status, error, duration_ms, response, endpoint_id)),
  attempt AS (
    INSERT INTO webhook_attempts (delivery_id, at, status, error, duration_ms, response)
    SELECT delivery_id, at, status, error, duration_ms, response FROM ended
    WHERE EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = ended.delivery_id)),
  settled AS (
    -- An endpoint switched off while the attempt was under way will not send it again: it has failed.
    UPDATE webhook_deliveries AS d SET attempts = d.attempts + 1, lease_holder = NULL, lease_expires = NULL,
      state = CASE WHEN ended.state = 'pending' AND NOT e.enabled THEN 'failed' ELSE ended.state END,
      failed_reason = CASE WHEN ended.state = 'pending' THEN e.disabled_reason END,
      next_attempt_at = now() + make_interval(secs => ended.wait_seconds)
    FROM ended JOIN webhook_endpoints AS e ON e.id = ended.endpoint_id
    WHERE d.id = ended.delivery_id AND d.lease_holder = $1),
  runs AS (
    SELECT endpoint_id, bool_or(state = 'delivered') AS delivered, min(at) AS first_failure FROM ended
    GROUP BY endpoint_id),
  run AS (
    UPDATE webhook_endpoints AS e SET failing_since = CASE WHEN runs.delivered THEN NULL ELSE runs.first_failure END
    FROM runs WHERE e.id = runs.endpoint_id AND (e.failing_since IS NULL) = (NOT runs.delivered))
  SELECT runs.endpoint_id AS "endpointId" FROM runs JOIN webhook_endpoints AS e ON e.id = runs.endpoint_id
  WHERE NOT runs.delivered AND coalesce(e.failing_since, runs.first_failure) < now() - make_interval(secs => $11)`;

/**
 * Records ended attempts and what they mean, together. At a 410 the endpoint is switched off in the same transaction;
 * after `disableAfterMs` of nothing but failures, in the next one (should the process stop between, the next failure
 * does it).
 */
export async function recordAttempts(owner: string, attempts: readonly EndedAttempt[], disableAfterMs: number) {
  if (attempts.length === 0) return;
  const recordedAt = performance.now();
  const column = <T>(value: (attempt: EndedAttempt) => T) => attempts.map(value);
  const values = [
    owner,
    column(({ delivery }) => delivery.id),
    column(({ verdict }) => verdict.state),
    column(({ verdict, endedAt }) =>
      verdict.state === "pending" ? Math.max(0, verdict.waitMs - (recordedAt - endedAt)) / 1000 : 0,
    ),
    column(({ at }) => at),
    column(({ outcome }) => outcome.status),
    column(({ outcome }) => outcome.error),
    column(({ outcome }) => outcome.durationMs),
    column(({ outcome }) => outcome.response),
    column(({ delivery }) => delivery.endpointId),
    disableAfterMs / 1000,
  ];
  const hours = Math.round((disableAfterMs / 3_600_000) * 10) / 10;
  const gone = new Map<string, string>();
  for (const { verdict, delivery } of attempts)
    if (verdict.state === "failed" && verdict.disable) gone.set(delivery.endpointId, verdict.disable);
  /** Records the batch; the endpoints to switch off, each with its reason. */
  const settle = async (db: Db) => {
    const reasons = new Map(gone);
    for (const { endpointId } of (await db.query<{ endpointId: string }>(RECORD, values)).rows)
      if (!reasons.has(endpointId)) reasons.set(endpointId, `Every attempt failed for ${hours} hours.`);
    return reasons;
  };
  if (gone.size > 0)
    await transaction(async (tx) => {
      for (const [endpointId, reason] of await settle(tx)) await disableEndpoint(tx, endpointId, reason);
    });
  else
    for (const [endpointId, reason] of await settle(autocommit))
      await transaction((tx) => disableEndpoint(tx, endpointId, reason));
}
