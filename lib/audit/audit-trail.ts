import "server-only";
import { getConfig } from "@/lib/config/config";
import { query, storableText, storeUnavailable } from "@/lib/db/database";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import type { AuditAction } from "./audit-actions";

type Details = Record<string, string | number | undefined>;

export type AuditEvent = {
  action: AuditAction;
  /** Who did it: the signed-in person, or the username typed at a refused sign-in. */
  actor?: string;
  requestId?: string;
  details?: Details;
  time?: Date;
};

/** Longest text one field keeps, so no single entry can crowd out the others when they are read back. */
export const MAX_FIELD_CHARS = 500;

/** At most MAX_FIELD_CHARS, cut between characters (never inside a surrogate pair), as the database can keep it. */
function cut(text: string): string {
  if (text.length <= MAX_FIELD_CHARS) return storableText(text);
  const end = /[\uD800-\uDBFF]/.test(text.charAt(MAX_FIELD_CHARS - 1)) ? MAX_FIELD_CHARS - 1 : MAX_FIELD_CHARS;
  return storableText(`${text.slice(0, end)}…`);
}

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

/** Appends the events in one statement; each also goes to the log as type "audit". Rejects when it cannot. */
async function insert(events: readonly AuditEvent[]): Promise<string[]> {
  const environment = getConfig().environment;
  const rows = events.map((event) => ({ ...event, time: event.time ?? new Date(), details: capped({ ...event.details, environment }) }));
  for (const { action, actor, requestId, details } of rows) log.audit(action, { actor, requestId, ...details });
  const { rows: ids } = await query<{ id: string }>(INSERT, [
    rows.map((row) => row.time),
    rows.map((row) => (row.actor === undefined ? null : cut(row.actor))),
    rows.map((row) => row.action),
    rows.map((row) => (row.requestId === undefined ? null : cut(row.requestId))),
    rows.map((row) => JSON.stringify(row.details)),
  ]);
  return ids.map((row) => row.id);
}

/**
 * Records events that have already happened. Never rejects: when the database cannot take them, the failure is
 * logged (the log line still carries each event), because a sign-in made or a create the catalogue applied must not
 * be reported as failed.
 */
export async function recordAudit(...events: AuditEvent[]): Promise<void> {
  try {
    await insert(events);
  } catch (error) {
    log.error("audit_write_failed", { requestId: events[0]?.requestId, error: error instanceof Error ? error.message : String(error) });
  }
}

export type PendingCreate = { complete: (outcome: AuditEvent["action"], details: Details) => Promise<void> };

/**
 * Records a create before it is sent, so that no category is made without a trace: when this cannot be written, it
 * rejects (503 store_unavailable) and the create must not be sent. complete() then records the outcome on that same
 * entry, and never rejects.
 */
export async function recordCreateRequested(event: Omit<AuditEvent, "action">): Promise<PendingCreate> {
  const [id] = await insert([{ ...event, action: "category_create_requested" }]).catch((error: unknown) => {
    log.error("audit_write_failed", { requestId: event.requestId, error: error instanceof Error ? error.message : String(error) });
    throw error instanceof AppError ? error : storeUnavailable(error);
  });
  return {
    complete: async (action, details) => {
      log.audit(action, { actor: event.actor, requestId: event.requestId, ...details });
      try {
        await query("UPDATE audit_events SET action = $2, details = details || $3::jsonb WHERE id = $1", [id, action, JSON.stringify(capped(details))]);
      } catch (error) {
        log.error("audit_write_failed", { requestId: event.requestId, error: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}
