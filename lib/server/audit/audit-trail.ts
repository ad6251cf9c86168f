import "server-only";
import type { ApprovalFence } from "./change-context";
import { type Db, autocommit, query, storeUnavailable, transaction } from "@/lib/server/db/database";
import { AppError } from "@/lib/shared/app-error";
import { log } from "@/lib/server/log";
import type { AuditAction } from "@/lib/shared/audit-actions";
import { type NewLiveEvent, withLiveEvent } from "@/lib/server/live/live-event-store";
import { wakeLiveHub } from "@/lib/server/live/live-hub";
import { wakeWebhooks } from "@/lib/server/webhooks/wake-signal";
import { storedEnvironment } from "@/lib/server/config/environments";
import { MAX_FIELD_CHARS, auditText as cut } from "@/lib/server/db/audit-text";
import { errorMessage } from "@/lib/shared/error-message";

type Details = Record<string, string | number | undefined>;

export type AuditEvent = {
  action: AuditAction;
  actor?: string;
  /** The name of the API token the actor (a service account) used, when it used one. */
  token?: string;
  requestId?: string;
  details?: Details;
  time?: Date;
};

function capped(details: Details): Details {
  const result: Details = {};
  for (const [key, value] of Object.entries(details)) {
    if (value === undefined) continue;
    result[key] = typeof value === "string" ? cut(value) : value;
    if (typeof value === "string" && value.length > MAX_FIELD_CHARS) result.truncated = 1;
  }
  return result;
}

const INSERT = `
  INSERT INTO audit_events (time, actor, action, request_id, details)
  SELECT * FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::jsonb[])
  RETURNING id`;

async function insert(db: Db, events: readonly AuditEvent[], live?: NewLiveEvent): Promise<string[]> {
  // An event about one catalogue environment names it in its details; see storedEnvironment for the others.
  const rows = events.map((event) => ({
    ...event,
    time: event.time ?? new Date(),
    details: capped({
      token: event.token,
      ...event.details,
      environment: storedEnvironment(event.details?.environment),
    }),
  }));
  // Logged before the write when nothing waits on it (the log then keeps what the database could not), after the
  // commit when the change waits: a change that did not happen is not logged as done.
  const logged = () => {
    for (const { action, actor, requestId, details } of rows) log.audit(action, { actor, requestId, ...details });
  };
  if (db === autocommit) logged();
  else db.afterCommit(logged);
  const values = [
    rows.map((row) => row.time),
    rows.map((row) => (row.actor === undefined ? null : cut(row.actor))),
    rows.map((row) => row.action),
    rows.map((row) => (row.requestId === undefined ? null : cut(row.requestId))),
    rows.map((row) => JSON.stringify(row.details)),
  ];
  let ids: string[] = [];
  if (live) {
    await db.query(...withLiveEvent(INSERT, values, live));
    db.afterCommit(wakeLiveHub);
    if (live.webhook) db.afterCommit(wakeWebhooks);
  } else ids = (await db.query<{ id: string }>(INSERT, values)).rows.map((row) => row.id);
  return ids;
}

const logFailure = (requestId: string | undefined, error: unknown) =>
  log.error("audit_write_failed", { requestId, error: errorMessage(error) });

/**
 * The entries of a change, written with it: in `db`'s transaction, so that the change commits only with its trail.
 * Rejects with the usual Error body (503) when they cannot be written, and then the change must not happen.
 */
export async function writeAudit(db: Db, events: AuditEvent[], live?: NewLiveEvent): Promise<void> {
  await insert(db, events, live).catch((error: unknown) => {
    logFailure(events[0]?.requestId, error);
    throw error instanceof AppError ? error : storeUnavailable(error);
  });
}

/**
 * For what already happened elsewhere and cannot be taken back (a sign-in, a refusal, a create the service made):
 * never rejects, since that must not be reported as failed; the log keeps the event.
 */
export async function recordAudit(...events: AuditEvent[]): Promise<void> {
  await recordAuditWithLiveEvent(events);
}

/** recordAudit, with the live event that reports it written in the same statement. */
export async function recordAuditWithLiveEvent(events: AuditEvent[], live?: NewLiveEvent): Promise<void> {
  try {
    await insert(autocommit, events, live);
  } catch (error) {
    logFailure(events[0]?.requestId, error);
  }
}

export type PendingCreate = {
  complete: (outcome: AuditEvent["action"], details: Details, live?: NewLiveEvent) => Promise<void>;
};

/**
 * When this rejects, the create must not be sent: no category is made without a trace. `fence` (an approval's) is
 * checked in the same transaction as the entry, so the entry is written only while the approval holds.
 */
export async function recordCreateRequested(
  event: Omit<AuditEvent, "action">,
  fence?: ApprovalFence,
): Promise<PendingCreate> {
  const record = async (db: Db) => {
    const [written] = await insert(db, [{ ...event, action: "category_create_requested" }]);
    if (written === undefined) throw new Error("INSERT … RETURNING gave no row");
    await fence?.(db, { auditId: written });
    return written;
  };
  // One statement when nothing else must commit with it: every create of the form and of a job writes one.
  const id = await (fence ? transaction(record) : record(autocommit)).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    logFailure(event.requestId, error);
    throw storeUnavailable(error);
  });
  return {
    complete: async (action, outcome, live) => {
      const details =
        outcome.environment === undefined
          ? outcome
          : { ...outcome, environment: storedEnvironment(outcome.environment) };
      log.audit(action, { actor: event.actor, requestId: event.requestId, ...details });
      try {
        const update = "UPDATE audit_events SET action = $2, details = details || $3::jsonb WHERE id = $1 RETURNING id";
        const values: unknown[] = [id, action, JSON.stringify(capped(details))];
        const [text, all] = live ? withLiveEvent(update, values, live) : [update, values];
        await query(text, all);
        if (live) wakeLiveHub();
        if (live?.webhook) wakeWebhooks();
      } catch (error) {
        logFailure(event.requestId, error);
      }
    },
  };
}
