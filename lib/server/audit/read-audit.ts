import "server-only";
import { query, storableText } from "@/lib/server/db/database";
import type { AuditAction } from "./audit-actions";
import { auditPageSql } from "./audit-page-sql.mjs";
import { type AuditQuery, cursorOf } from "./audit-query";

export type AuditEntry = {
  id: string;
  time: string;
  actor: string | null;
  action: AuditAction;
  requestId: string | null;
  details: Record<string, string | number>;
};

export type AuditPage = { entries: AuditEntry[]; next: string | null };

type Row = { id: string; time: Date; actor: string | null; action: AuditAction; request_id: string | null; details: AuditEntry["details"] };

export async function auditPage(filters: AuditQuery): Promise<AuditPage> {
  // Stored actors hold U+0000 as the symbol for it: a filter finds them the same way.
  const { text, values } = auditPageSql({ ...filters, actor: filters.actor === undefined ? undefined : storableText(filters.actor) });
  const { rows } = await query<Row>(text, values);
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  return {
    entries: page.map((row) => ({ id: row.id, time: row.time.toISOString(), actor: row.actor, action: row.action, requestId: row.request_id, details: row.details })),
    next: rows.length > filters.limit && last ? cursorOf({ time: last.time, id: last.id }) : null,
  };
}
